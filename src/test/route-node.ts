import type { RouteNode } from '../contracts/auth';

/** A node of menu/routes for tests: a group when it has children, a screen otherwise. */
export const routeNode = (
  id: string,
  code: string,
  name: string,
  path: string,
  children?: RouteNode[],
): RouteNode => ({
  id,
  parentId: '0',
  code,
  name,
  nameEn: name,
  path,
  source: '',
  sort: 1,
  isOpen: 1,
  hasChildren: Boolean(children?.length),
  ...(children ? { children } : {}),
});
