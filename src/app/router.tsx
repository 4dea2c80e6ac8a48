import type { ComponentType, ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import type { NotedQuery } from '../api/boot-reads';
import { lazyComponent } from '../lib/lazy-component';
import type { AppStore } from '../state/store';
import { RequireSession, PublicOnly } from './route-guard';
import { ROUTE_PATHS } from './route-paths';

/**
 * Routes (spec section 2), in react-router's declarative mode: the data router's loaders and
 * actions are not used here and cost /login about 14 KB gzip. The login page is part of the
 * entry (most first visits start there) and is plain HTML; every other screen is a lazy chunk,
 * and Mantine arrives with the first screen that needs it (mantinePage). Menu screens without their own page yet fall through to the
 * layout's screen resolver, which shows "coming in a later release" for seeded menu paths and
 * 404 for anything else.
 */
interface PageLoader {
  element: ReactNode;
  /** Starts loading the page's code now (a signed-in start does, before the page renders). */
  preload(): void;
}

function pageLoader<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): PageLoader {
  // Picked once: the same component every render. Nothing is shown before a screen's chunk
  // arrives: on loopback that is a frame or two.
  const Page = lazyComponent(() => load().then((m) => ({ default: pick(m) })));
  return { element: <Page />, preload: Page.preload };
}

function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ReactNode {
  return pageLoader(load, pick).element;
}

/**
 * A top-level screen (not inside the layout): it brings Mantine with it, loaded in parallel
 * with the screen's own chunk, because the entry (and so /login) carries none.
 */
function mantinePageLoader<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return pageLoader(
    () => Promise.all([load(), import('../components/mantine-root')]),
    ([m, { ThemedMantine }]) => {
      const Page = pick(m);
      return function WithMantine() {
        return (
          <ThemedMantine>
            <Page />
          </ThemedMantine>
        );
      };
    },
  );
}

function mantinePage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ReactNode {
  return mantinePageLoader(load, pick).element;
}

/** What the layout's first render waits for besides its code (a signed-in start's reads). */
let layoutReady: Promise<unknown> = Promise.resolve();
const mainLayout = mantinePageLoader(
  () => Promise.all([import('./layout/main-layout'), layoutReady]).then(([m]) => m),
  (m) => m.MainLayout,
);
const screenResolver = pageLoader(
  () => import('./layout/screen-resolver'),
  (m) => m.ScreenResolver,
);

/** How long the layout's first render waits for the start's reads once its code is there. */
const BOOT_QUERIES_WAIT_MS = 300;

/**
 * A signed-in start (issue 31): the layout, the screen resolver and the code of the screen at
 * `path` load together now, instead of each after the one that renders it; when the code is
 * there, the start's reads (`queries`, from boot-reads.ts) are put in RTK's cache, and the
 * layout renders once with them (app/boot-queries.ts).
 */
export function preloadSignedInStart(
  path: string,
  store: AppStore,
  queries: readonly NotedQuery[],
): void {
  const screenCode = import('./screen-code').then((m) => m.preloadScreen(path));
  if (queries.length > 0) {
    layoutReady = Promise.all([
      import('./boot-queries'),
      import('./layout/main-layout'),
      screenCode,
    ])
      .then(([m]) => m.prefetchBootQueries(store, queries, BOOT_QUERIES_WAIT_MS))
      .catch(() => {});
  }
  mainLayout.preload();
  screenResolver.preload();
  screenCode.catch(() => {});
}

const errorPages = () => import('../features/errors/error-pages');

export const routes: RouteObject[] = [
  { path: ROUTE_PATHS.root, element: <Navigate to={ROUTE_PATHS.home} replace /> },
  { path: ROUTE_PATHS.wel, element: <Navigate to={ROUTE_PATHS.home} replace /> },
  {
    path: ROUTE_PATHS.login,
    element: <PublicOnly />,
    children: [{ index: true, element: <LoginPage /> }],
  },
  // WeChat sign-in and phone binding (spec section 2; issue 16 item 17): plain pages like /login.
  {
    path: ROUTE_PATHS.wxLogin,
    element: <PublicOnly />,
    children: [
      {
        index: true,
        element: lazyPage(
          () => import('../features/auth/wx-login-page'),
          (m) => m.WxLoginPage,
        ),
      },
    ],
  },
  {
    path: ROUTE_PATHS.wxRelatePhone,
    element: <PublicOnly />,
    children: [
      {
        index: true,
        element: lazyPage(
          () => import('../features/auth/wx-relate-phone-page'),
          (m) => m.WxRelatePhonePage,
        ),
      },
    ],
  },
  // A supplier's application (issue 17 item 5): public, for anyone, with Mantine's form fields.
  {
    path: ROUTE_PATHS.enterpriseRegister,
    element: mantinePage(
      () => import('../features/enterprise-register/enterprise-register-page'),
      (m) => m.EnterpriseRegisterPage,
    ),
  },
  {
    path: ROUTE_PATHS.lock,
    element: mantinePage(
      () => import('../features/lock/lock-page'),
      (m) => m.LockPage,
    ),
  },
  { path: ROUTE_PATHS.notFound, element: mantinePage(errorPages, (m) => m.NotFoundPage) },
  { path: ROUTE_PATHS.forbidden, element: mantinePage(errorPages, (m) => m.ForbiddenPage) },
  { path: ROUTE_PATHS.serverError, element: mantinePage(errorPages, (m) => m.ServerErrorPage) },
  {
    element: <RequireSession />,
    children: [
      {
        element: mainLayout.element,
        children: [
          {
            path: ROUTE_PATHS.home,
            element: lazyPage(
              () => import('../features/dashboard/dashboard-page'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: ROUTE_PATHS.info,
            element: lazyPage(
              () => import('../features/profile/info-page'),
              (m) => m.InfoPage,
            ),
          },
          {
            path: ROUTE_PATHS.iframe,
            element: lazyPage(
              () => import('../features/iframe/iframe-page'),
              (m) => m.IframePage,
            ),
          },
          {
            path: ROUTE_PATHS.leaveForm,
            element: lazyPage(
              () => import('../features/workflow-tasks/leave-form-page'),
              (m) => m.default,
            ),
          },
          {
            path: ROUTE_PATHS.leaveHandle,
            element: lazyPage(
              () => import('../features/workflow-tasks/leave-pages'),
              (m) => m.LeaveHandlePage,
            ),
          },
          {
            path: ROUTE_PATHS.leaveDetail,
            element: lazyPage(
              () => import('../features/workflow-tasks/leave-pages'),
              (m) => m.LeaveDetailPage,
            ),
          },
          {
            path: ROUTE_PATHS.flowModelDesign,
            element: lazyPage(
              () => import('../features/workflow-design/model-design-page'),
              (m) => m.ModelDesignPage,
            ),
          },
          {
            path: ROUTE_PATHS.catchAll,
            element: screenResolver.element,
          },
        ],
      },
    ],
  },
];

/** The route tree; render inside a `<BrowserRouter>`. */
export function AppRoutes() {
  return useRoutes(routes);
}
