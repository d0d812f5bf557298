import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './pages/RouteErrorBoundary';
import { NotFoundPage } from './pages/NotFoundPage';
import { LoadingState } from './ui/states';
import { setRoutePreloader } from './layout/route-preload';

/**
 * Each screen is its own chunk, loaded when its route is first visited: the sign-in page does
 * not download the ad manager (docs/performance.md, SPA first load). React Router runs in its
 * declarative mode (docs/adr/0048): the app has no loaders or actions, and the data router
 * would add 17 kB gzip before the sign-in page.
 */
/** What each lazy route element loads, for `preloadRoute`. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A page suspends into the boundary around its layout's outlet (AppShell, RootLayout), which is
 * already on screen when the user navigates: React Router navigates in a transition, so the page
 * they leave stays until the next one's code is there. A boundary of the page's own would be new
 * on each navigation, show its fallback, and React then holds the page back for its 300 ms
 * fallback throttle: My work appeared 300 ms after its data had arrived.
 */
const page = (load: () => Promise<ComponentType>): ReactNode => {
  const Page = lazy(async () => ({ default: await load() }));
  const element = <Page />;
  loaders.set(element, load);
  return element;
};

/**
 * The shell (side bar, top bar and their icons) is a chunk of its own too: the sign-in page has
 * none. `preloadRoute` fetches it with the page's chunk as the app starts, so a signed-in page
 * does not wait for one and then the other.
 */
const loadShell = () => import('./layout/AppShell').then((m) => m.AppShell);
const Shell = lazy(async () => ({ default: await loadShell() }));
const shell = (
  <RouteErrorBoundary>
    <Suspense fallback={<LoadingState />}>
      <Shell />
    </Suspense>
  </RouteErrorBoundary>
);
loaders.set(shell, loadShell);

/** docs/product.md#routes; `extra` routes go inside the shell, before the catch-all (tests). */
export const buildRoutes = (extra: RouteObject[] = []): RouteObject[] => [
  {
    element: <RouteErrorBoundary><RootLayout /></RouteErrorBoundary>,
    children: [
      { path: '/auth', element: page(() => import('./pages/auth/AuthPage').then((m) => m.AuthPage)) },
      // A stakeholder link (docs/adr/0061): outside the signed-in shell, for people without an account.
      { path: '/shared/:token', element: page(() => import('./pages/shared/SharedPage').then((m) => m.SharedPage)) },
      {
        element: shell,
        children: [
          ...extra,
          { index: true, element: page(() => import('./pages/DashboardPage').then((m) => m.DashboardPage)) },
          { path: '/my-work', element: page(() => import('./pages/MyWorkPage').then((m) => m.MyWorkPage)) },
          { path: '/ideas', element: page(() => import('./pages/IdeasPage').then((m) => m.IdeasPage)) },
          { path: '/channel/:channelId', element: page(() => import('./pages/ChannelPage').then((m) => m.ChannelPage)) },
          { path: '/settings/templates', element: page(() => import('./pages/TemplatesPage').then((m) => m.TemplatesPage)) },
          { path: '/settings/working-days', element: page(() => import('./pages/WorkingDaysPage').then((m) => m.WorkingDaysPage)) },
          { path: '/settings/baselines', element: page(() => import('./pages/BaselinesPage').then((m) => m.BaselinesPage)) },
          { path: '/settings/planning-rules', element: page(() => import('./pages/PlanningRulesPage').then((m) => m.PlanningRulesPage)) },
          { path: '/settings/conflicts', element: page(() => import('./pages/ConflictsPage').then((m) => m.ConflictsPage)) },
          { path: '/settings/webhooks', element: page(() => import('./pages/WebhooksPage').then((m) => m.WebhooksPage)) },
          { path: '/settings/notifications', element: page(() => import('./pages/NotificationsPage').then((m) => m.NotificationsPage)) },
          { path: '/settings/activity', element: page(() => import('./pages/ActivityPage').then((m) => m.ActivityPage)) },
          { path: '/settings', element: page(() => import('./pages/SettingsPage').then((m) => m.SettingsPage)) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

const ROUTES = buildRoutes();

/** Starts loading the chunks the page at `pathname` renders (the browser keeps each module once). */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(ROUTES, pathname) ?? []) {
    const load = route.element && typeof route.element === 'object' ? loaders.get(route.element) : undefined;
    void load?.();
  }
}
setRoutePreloader(preloadRoute);

/** The app's screens, inside a `<BrowserRouter>` (or a `<MemoryRouter>` in tests). */
export function AppRoutes({ routes = ROUTES }: { routes?: RouteObject[] }): ReactNode {
  return useRoutes(routes);
}
