import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession, PublicOnly, RootBoundary } from './route-guard';

/**
 * Routes (spec section 2). Every screen is a lazy chunk, so /login loads only the login form.
 * Menu screens without their own page yet fall through to the layout's screen resolver, which
 * shows "coming in a later release" for seeded menu paths and 404 for anything else.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RootBoundary />,
    // Lazy screens load on the client; nothing to show before the first one arrives.
    HydrateFallback: () => null,
    children: [
      { path: '/', element: <Navigate to="/wel/index" replace /> },
      { path: '/wel', element: <Navigate to="/wel/index" replace /> },
      {
        path: '/login',
        element: <PublicOnly />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/auth/login-page')).LoginPage,
            }),
          },
        ],
      },
      {
        path: '/lock',
        lazy: async () => ({ Component: (await import('../features/lock/lock-page')).LockPage }),
      },
      {
        path: '/404',
        lazy: async () => ({
          Component: (await import('../features/errors/error-pages')).NotFoundPage,
        }),
      },
      {
        path: '/403',
        lazy: async () => ({
          Component: (await import('../features/errors/error-pages')).ForbiddenPage,
        }),
      },
      {
        path: '/500',
        lazy: async () => ({
          Component: (await import('../features/errors/error-pages')).ServerErrorPage,
        }),
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/main-layout')).MainLayout }),
            children: [
              {
                path: '/wel/index',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
                }),
              },
              {
                path: '/info/index',
                lazy: async () => ({
                  Component: (await import('../features/profile/info-page')).InfoPage,
                }),
              },
              {
                path: '/myiframe/*',
                lazy: async () => ({
                  Component: (await import('../features/iframe/iframe-page')).IframePage,
                }),
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('./layout/screen-resolver')).ScreenResolver,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
