import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, use } from 'react';
import { useT } from '../hooks';
import { RESOURCE_ROUTES } from '../../resources/registry';
import type { ResourceDef } from '../../resources/types';

const ResourceScreen = lazy(() =>
  import('../../components/resource/resource-screen').then((m) => ({ default: m.ResourceScreen })),
);

/** Each declaration loads once, with its first visit (a promise per path, as `use` wants). */
const declarations = new Map<string, Promise<ResourceDef>>();

function declaration(path: string): Promise<ResourceDef> {
  let loading = declarations.get(path);
  if (!loading) {
    const load = RESOURCE_ROUTES[path];
    if (!load) throw new Error(`No resource is declared at ${path}`);
    loading = load().then((m) => m.default as unknown as ResourceDef);
    declarations.set(path, loading);
  }
  return loading;
}

function DeclaredResource({ path }: { path: string }) {
  return <ResourceScreen def={use(declaration(path))} />;
}

export const hasResourcePage = (path: string) =>
  Object.prototype.hasOwnProperty.call(RESOURCE_ROUTES, path);

/** The screen of the resource declared at `path` (see hasResourcePage). */
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
      <DeclaredResource path={path} />
    </Suspense>
  );
}
