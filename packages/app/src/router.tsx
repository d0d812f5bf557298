import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AppShell } from './layout/AppShell';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './pages/RouteErrorBoundary';
import { NotFoundPage } from './pages/NotFoundPage';
import { LoadingState } from './ui/states';

/**
 * Each screen is its own chunk, loaded when its route is first visited: the sign-in page does
 * not download the ad manager (docs/performance.md, SPA first load). React Router runs in its
 * declarative mode (docs/adr/0048): the app has no loaders or actions, and the data router
 * would add 17 kB gzip before the sign-in page.
 */
const page = (load: () => Promise<ComponentType>): ReactNode => {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
};

/** docs/product.md#routes; `extra` routes go inside the shell, before the catch-all (tests). */
export const buildRoutes = (extra: RouteObject[] = []): RouteObject[] => [
  {
    element: <RouteErrorBoundary><RootLayout /></RouteErrorBoundary>,
    children: [
      { path: '/auth', element: page(() => import('./pages/auth/AuthPage').then((m) => m.AuthPage)) },
      {
        element: <RouteErrorBoundary><AppShell /></RouteErrorBoundary>,
        children: [
          ...extra,
          { index: true, element: page(() => import('./pages/DashboardPage').then((m) => m.DashboardPage)) },
          { path: '/my-work', element: page(() => import('./pages/MyWorkPage').then((m) => m.MyWorkPage)) },
          { path: '/ideas', element: page(() => import('./pages/IdeasPage').then((m) => m.IdeasPage)) },
          { path: '/channel/:channelId', element: page(() => import('./pages/ChannelPage').then((m) => m.ChannelPage)) },
          { path: '/settings/activity', element: page(() => import('./pages/ActivityPage').then((m) => m.ActivityPage)) },
          { path: '/settings', element: page(() => import('./pages/SettingsPage').then((m) => m.SettingsPage)) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

const ROUTES = buildRoutes();

/** The app's screens, inside a `<BrowserRouter>` (or a `<MemoryRouter>` in tests). */
export function AppRoutes({ routes = ROUTES }: { routes?: RouteObject[] }): ReactNode {
  return useRoutes(routes);
}
