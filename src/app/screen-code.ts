import type { ComponentType } from 'react';
import { readable } from '../lib/readable';
import { RESOURCE_ROUTES } from '../resources/registry';
import type { ResourceDef } from '../resources/types';
import { CUSTOM_SCREENS } from './custom-screens';

/*
 * The code of the menu screens: a declaration and the engine, or a custom screen, each loaded
 * once. Kept apart from the page (no Mantine here) so that a signed-in start can begin loading
 * its screen from the entry, beside the layout (issue 31).
 */
type EngineModule = typeof import('../resources/engine/resource-screen');

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

export const loadEngine = () =>
  once(engine, '', () => import('../resources/engine/resource-screen'));

export const loadDeclaration = (path: string) =>
  once(declarations, path, () =>
    RESOURCE_ROUTES[path]!().then((m) => m.default as unknown as ResourceDef),
  );
export const loadCustomScreen = (path: string) =>
  once(customScreens, path, () => CUSTOM_SCREENS[path]!().then((m) => m.default));

export const own = (table: object, path: string) =>
  Object.prototype.hasOwnProperty.call(table, path);

export const hasResourcePage = (path: string) =>
  own(RESOURCE_ROUTES, path) || own(CUSTOM_SCREENS, path);

export const ignore = () => {};

/**
 * Starts loading the code of the screen at `path` (its declaration and the engine together, or
 * its custom screen), so that opening it does not wait for one chunk after the other. Nothing
 * for a path without a page; a failed load is retried by the screen itself.
 */
export function preloadScreen(path: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  if (own(RESOURCE_ROUTES, path)) loads.push(loadDeclaration(path), loadEngine());
  else if (own(CUSTOM_SCREENS, path)) loads.push(loadCustomScreen(path));
  // Settles when the code is there or has failed (its screen then asks again).
  return Promise.all(loads).then(ignore, ignore);
}
