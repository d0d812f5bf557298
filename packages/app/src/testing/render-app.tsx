import type { CadenceClient } from '@cadence/core';
import { CadenceProvider } from '@cadence/widgets';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { SessionManager } from '../auth/session-manager';
import { AppRoutes, buildRoutes } from '../router';
import { ToastProvider } from '../ui/toast';

/** A client whose every call fails as if signed out; routes that need data show their fallbacks. */
export function signedOutClient(): CadenceClient {
  const fail = vi.fn(async () => {
    throw new Error('signed out');
  });
  return new Proxy({} as CadenceClient, { get: () => new Proxy({}, { get: () => fail }) });
}

function LocationSpy({ onChange }: { onChange: (location: Location) => void }): ReactNode {
  const location = useLocation();
  useEffect(() => onChange(location), [location, onChange]);
  return null;
}

/**
 * Renders the app's routes at `path` as the app does (declarative mode), signed out, with
 * optional extra routes inside the shell. Returns where the app is now.
 */
export function renderApp(path: string, extra: RouteObject[] = []): { location: () => Location } {
  let current: Location | null = null;
  const track = (location: Location) => {
    current = location;
  };
  const manager = new SessionManager({ refresh: vi.fn(), storage: window.localStorage });
  render(
    <ToastProvider>
      <AuthProvider apiUrl="http://cadence.test" manager={manager}>
        <CadenceProvider client={signedOutClient()}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes routes={buildRoutes(extra)} />
            <LocationSpy onChange={track} />
          </MemoryRouter>
        </CadenceProvider>
      </AuthProvider>
    </ToastProvider>,
  );
  return {
    location: () => {
      if (!current) throw new Error('the app has not rendered a location yet');
      return current;
    },
  };
}
