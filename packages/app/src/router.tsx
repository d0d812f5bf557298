import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './layout/AppShell';
import { RootLayout } from './layout/RootLayout';
import { AuthPage } from './pages/auth/AuthPage';
import { ChannelPage } from './pages/ChannelPage';
import { DashboardPage } from './pages/DashboardPage';
import { ErrorPage } from './pages/ErrorPage';
import { IdeasPage } from './pages/IdeasPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SettingsPage } from './pages/SettingsPage';

/** docs/product.md#routes; `extra` routes go inside the shell, before the catch-all (tests). */
export const buildRoutes = (extra: RouteObject[] = []): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/auth', element: <AuthPage /> },
      {
        element: <AppShell />,
        errorElement: <ErrorPage />,
        children: [
          ...extra,
          { index: true, element: <DashboardPage /> },
          { path: '/ideas', element: <IdeasPage /> },
          { path: '/channel/:channelId', element: <ChannelPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(buildRoutes());
