import { CadenceProvider, type Toast } from '@cadence/widgets';
import type { MemoryClient } from '@cadence/widgets/testing';
import { render } from '@testing-library/react';
import { useCallback, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { SessionManager } from '../auth/session-manager';
import { Dashboard } from '../dashboard/Dashboard';
import { Sidebar } from '../layout/Sidebar';
import { SidebarProvider } from '../layout/SidebarProvider';
import { ToastProvider, useToast } from '../ui/toast';

function Widgets({ client, children }: { client: MemoryClient; children: ReactNode }): ReactNode {
  const show = useToast();
  const forward = useCallback((t: Toast) => show(t), [show]);
  return <CadenceProvider client={client} toastSlot={() => null} onToast={forward}>{children}</CadenceProvider>;
}

/** The side bar and the dashboard (global at `/`, a channel's at `/channel/:c`) over a memory client, as the app wires them. */
export function renderWithViews(client: MemoryClient, path = '/') {
  const shell = (channel?: 'email') => (
    <SidebarProvider>
      <Sidebar />
      <main>
        <Dashboard {...(channel ? { channel } : {})} />
      </main>
    </SidebarProvider>
  );
  const router = createMemoryRouter(
    [{ path: '/', element: shell() }, { path: '/channel/email', element: shell('email') }],
    { initialEntries: [path] },
  );
  const manager = new SessionManager({ refresh: vi.fn(), storage: window.localStorage });
  render(
    <ToastProvider>
      <AuthProvider apiUrl="http://cadence.test" manager={manager}>
        <Widgets client={client}>
          <RouterProvider router={router} />
        </Widgets>
      </AuthProvider>
    </ToastProvider>,
  );
  return router;
}
