import type { ResourceDef } from './types';

type Loader = () => Promise<{ default: ResourceDef<never> }>;

/**
 * Declared resources by console route. Each declaration loads with its screen; adding a
 * resource is its file under resources/<service>/ and one line here.
 */
export const RESOURCE_ROUTES: Readonly<Record<string, Loader>> = {
  '/system/post': () => import('./blade-system/post'),
  '/system/param': () => import('./blade-system/param'),
};
