import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './layout/AppShell';
import { RootLayout } from './layout/RootLayout';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { LoadingState } from './ui/states';

/**
 * Each screen is its own chunk, loaded when its route is first visited: the sign-in page does
 * not download the ad manager (docs/performance.md, SPA first load).
 */
const page = (load: () => Promise<{ default: () => ReactNode }>) => async () => ({ Component: (await load()).default });

/** docs/product.md#routes; `extra` routes go inside the shell, before the catch-all (tests). */
export const buildRoutes = (extra: RouteObject[] = []): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      { path: '/auth', lazy: page(() => import('./pages/auth/AuthPage').then((m) => ({ default: m.AuthPage }))) },
      {
        element: <AppShell />,
        errorElement: <ErrorPage />,
        children: [
          ...extra,
          { index: true, lazy: page(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage }))) },
          { path: '/ideas', lazy: page(() => import('./pages/IdeasPage').then((m) => ({ default: m.IdeasPage }))) },
          { path: '/channel/:channelId', lazy: page(() => import('./pages/ChannelPage').then((m) => ({ default: m.ChannelPage }))) },
          { path: '/settings/activity', lazy: page(() => import('./pages/ActivityPage').then((m) => ({ default: m.ActivityPage }))) },
          { path: '/settings', lazy: page(() => import('./pages/SettingsPage').then((m) => ({ default: m.SettingsPage }))) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(buildRoutes());
