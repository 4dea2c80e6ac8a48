import { Center, Loader } from '@mantine/core';
import { createElement, lazy, Suspense, use, type ComponentType } from 'react';
import { useT } from '../../state/hooks';
import { RESOURCE_ROUTES } from '../../resources/registry';
import { CUSTOM_SCREENS } from '../custom-screens';
import type { ResourceDef } from '../../resources/types';

const ResourceScreen = lazy(() =>
  import('../../resources/engine/resource-screen').then((m) => ({ default: m.ResourceScreen })),
);

/** Each declaration or custom screen loads once, with its first visit (a promise per path). */
const declarations = new Map<string, Promise<ResourceDef>>();
const customScreens = new Map<string, Promise<ComponentType>>();

function once<T>(cache: Map<string, Promise<T>>, path: string, load: () => Promise<T>) {
  let loading = cache.get(path);
  if (!loading) {
    loading = load();
    cache.set(path, loading);
  }
  return loading;
}

function DeclaredResource({ path }: { path: string }) {
  const def = use(
    once(declarations, path, () =>
      RESOURCE_ROUTES[path]!().then((m) => m.default as unknown as ResourceDef),
    ),
  );
  return <ResourceScreen def={def} route={path} />;
}

function CustomScreen({ path }: { path: string }) {
  const screen = use(
    once(customScreens, path, () => CUSTOM_SCREENS[path]!().then((m) => m.default)),
  );
  // The component comes from the module cache, the same one every time.
  return createElement(screen);
}

const own = (table: object, path: string) => Object.prototype.hasOwnProperty.call(table, path);

export const hasResourcePage = (path: string) =>
  own(RESOURCE_ROUTES, path) || own(CUSTOM_SCREENS, path);

/** The screen declared at `path` (see hasResourcePage): a resource or a custom screen. */
export function ResourcePage({ path }: { path: string }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <Center h={240}>
          <Loader aria-label={t('layout.page.loading')} />
        </Center>
      }
    >
      {own(RESOURCE_ROUTES, path) ? <DeclaredResource path={path} /> : <CustomScreen path={path} />}
    </Suspense>
  );
}
