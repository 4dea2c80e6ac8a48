import { matchRoutes } from 'react-router';

/**
 * The paths router.tsx declares, without their screens. The router builds its routes from
 * them, and the layout asks `isCatchAll` of them without importing the router (which loads the
 * layout: the two would import each other).
 */
export const ROUTE_PATHS = {
  root: '/',
  wel: '/wel',
  login: '/login',
  wxLogin: '/wx-login',
  wxRelatePhone: '/wx-relate-phone',
  enterpriseRegister: '/enterprise-register',
  lock: '/lock',
  notFound: '/404',
  forbidden: '/403',
  serverError: '/500',
  home: '/wel/index',
  info: '/info/index',
  iframe: '/myiframe/*',
  /** The BPMN modeller of a model ('new' for a new one; issue 29). */
  flowModelDesign: '/flow/model/design/:id',
  // The leave process's pages (issue 29 item 6): opened from the task screens, not the menu.
  leaveForm: '/work/process/leave/form/:processDefinitionId',
  leaveHandle: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
  leaveDetail: '/work/process/leave/detail/:processInstanceId/:businessId',
  /** Inside the layout: the screen resolver (declared resources, custom screens, menu leaves). */
  catchAll: '*',
} as const;

const table = Object.values(ROUTE_PATHS).map((path) => ({ path }));

/**
 * Whether a path falls through to the layout's catch-all route (the screen resolver). Such a
 * path gets a tab only when it is a menu leaf; otherwise the resolver sends it to /404 and no
 * tab should be left behind for it.
 */
export function isCatchAll(pathname: string): boolean {
  const matches = matchRoutes(table, pathname);
  return !matches || matches[matches.length - 1]?.route.path === ROUTE_PATHS.catchAll;
}
