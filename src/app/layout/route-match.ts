import { matchRoutes } from 'react-router';
import { routes } from '../router';

/**
 * Whether a path falls through to the layout's catch-all route (the screen resolver). Such a
 * path gets a tab only when it is a menu leaf; otherwise the resolver sends it to /404 and no
 * tab should be left behind for it.
 */
export function isCatchAll(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return !matches || matches[matches.length - 1]?.route.path === '*';
}
