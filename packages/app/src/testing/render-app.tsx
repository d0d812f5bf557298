import type { CadenceClient } from '@cadence/core';
import { CadenceProvider } from '@cadence/widgets';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { SessionManager } from '../auth/session-manager';
import { buildRoutes } from '../router';
import { ToastProvider } from '../ui/toast';

/** A client whose every call fails as if signed out; routes that need data show their fallbacks. */
export function signedOutClient(): CadenceClient {
  const fail = vi.fn(async () => {
    throw new Error('signed out');
  });
  return new Proxy({} as CadenceClient, { get: () => new Proxy({}, { get: () => fail }) });
}

/** Renders the app's routes at `path`, signed out, with optional extra routes inside the shell. */
export function renderApp(path: string, extra: RouteObject[] = []) {
  const router = createMemoryRouter(buildRoutes(extra), { initialEntries: [path] });
  const manager = new SessionManager({ refresh: vi.fn(), storage: window.localStorage });
  render(
    <ToastProvider>
      <AuthProvider apiUrl="http://cadence.test" manager={manager}>
        <CadenceProvider client={signedOutClient()}>
          <RouterProvider router={router} />
        </CadenceProvider>
      </AuthProvider>
    </ToastProvider>,
  );
  return router;
}
