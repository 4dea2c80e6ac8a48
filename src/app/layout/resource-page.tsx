import { Center, Loader } from '@mantine/core';
import { createElement, Suspense, use, useEffect, type ComponentType } from 'react';
import { readable } from '../../lib/readable';
import { useT } from '../../state/hooks';
import { RESOURCE_ROUTES } from '../../resources/registry';
import { CUSTOM_SCREENS } from '../custom-screens';
import type { ResourceDef } from '../../resources/types';

type EngineModule = typeof import('../../resources/engine/resource-screen');

/** Each declaration or custom screen loads once, with its first visit (a promise per path). */
const declarations = new Map<string, Promise<ResourceDef>>();
const customScreens = new Map<string, Promise<ComponentType>>();
const engine = new Map<string, Promise<EngineModule>>();

function once<T>(cache: Map<string, Promise<T>>, path: string, load: () => Promise<T>) {
  let loading = cache.get(path);
  if (!loading) {
    loading = readable(load());
    cache.set(path, loading);
    // A failed load (say, a chunk lost to a new deployment) is tried again next time.
    loading.catch(() => cache.delete(path));
  }
  return loading;
}

const loadEngine = () => once(engine, '', () => import('../../resources/engine/resource-screen'));

const loadDeclaration = (path: string) =>
  once(declarations, path, () =>
    RESOURCE_ROUTES[path]!().then((m) => m.default as unknown as ResourceDef),
  );
const loadCustomScreen = (path: string) =>
  once(customScreens, path, () => CUSTOM_SCREENS[path]!().then((m) => m.default));

function DeclaredResource({ path }: { path: string }) {
  // The engine's chunk loads beside the declaration's, not after it.
  preloadScreen(path);
  const def = use(loadDeclaration(path));
  const { ResourceScreen } = use(loadEngine());
  return <ResourceScreen def={def} route={path} />;
}

function CustomScreen({ path }: { path: string }) {
  const screen = use(loadCustomScreen(path));
  // The component comes from the module cache, the same one every time.
  return createElement(screen);
}

const own = (table: object, path: string) => Object.prototype.hasOwnProperty.call(table, path);

export const hasResourcePage = (path: string) =>
  own(RESOURCE_ROUTES, path) || own(CUSTOM_SCREENS, path);

const ignore = () => {};

/**
 * Starts loading the code of the screen at `path` (its declaration and the engine together, or
 * its custom screen), so that opening it does not wait for one chunk after the other. Nothing
 * for a path without a page; a failed load is retried by the screen itself.
 */
export function preloadScreen(path: string): void {
  if (own(RESOURCE_ROUTES, path)) {
    loadDeclaration(path).catch(ignore);
    loadEngine().catch(ignore);
  } else if (own(CUSTOM_SCREENS, path)) loadCustomScreen(path).catch(ignore);
}

/** A link about to be followed (pointer over it, or focus on it): the path of its screen. */
function intendedPath(target: EventTarget | null): string | undefined {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  return link.pathname;
}

/**
 * Screens load before they are opened: the engine once the console is idle, and a screen's
 * code when the pointer or the focus reaches a link to it (the sidebar, the tabs, any link),
 * usually a few hundred milliseconds before the click.
 */
export function usePreloadScreens(): void {
  useEffect(() => {
    const onIntent = (e: Event) => {
      const path = intendedPath(e.target);
      if (path) preloadScreen(path);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => void loadEngine().catch(ignore), { timeout: 5000 })
      : undefined;
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}

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
