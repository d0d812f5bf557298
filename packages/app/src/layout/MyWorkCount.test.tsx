import type { ReactNode } from 'react';
import { CadenceProvider, MyWork } from '@cadence/widgets';
import { DEFAULT_MEMORY_USER_ID, createMemoryClient, makeCampaign, makeTask } from '@cadence/widgets/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { SessionManager } from '../auth/session-manager';
import { ToastProvider } from '../ui/toast';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './SidebarProvider';

describe('the side bar\'s My work entry', () => {
  // (jsdom's accessible names join inline parts without the spaces a browser keeps: hence \s*.)
  it('should count my open tasks, say how many are overdue, and follow a tick', async () => {
    const campaign = makeCampaign({ title: 'Spring Launch', planning_start_date: '2026-03-02', live_date: '2026-03-20' });
    const late = makeTask(campaign, { title: 'Late copy', due_date: '2026-03-09', assignee_id: DEFAULT_MEMORY_USER_ID });
    const later = makeTask(campaign, { title: 'Banner', due_date: '2026-03-30', assignee_id: DEFAULT_MEMORY_USER_ID }, [late]);
    const client = createMemoryClient({ campaigns: [campaign], tasks: [late, later] });
    const router = createMemoryRouter([{ path: '/my-work', element: <SidebarProvider><Sidebar /><main><MyWork headingLevel={1} /></main></SidebarProvider> }], { initialEntries: ['/my-work'] });
    const user = userEvent.setup();
    // The side bar waits for the stored session's check (none here) before it counts.
    const manager = new SessionManager({ refresh: vi.fn(), storage: window.localStorage });
    render(
      <ToastProvider>
        <AuthProvider apiUrl="http://cadence.test" manager={manager}>
          <CadenceProvider client={client} now={() => new Date(2026, 2, 11, 10)}>
            <RouterProvider router={router} />
          </CadenceProvider>
        </AuthProvider>
      </ToastProvider>,
    );
    await waitFor(() => expect(screen.getByRole('link', { name: /^My work/ })).toHaveAccessibleName(/^My work\s*2\s*open tasks, 1 overdue$/));
    const link = screen.getByRole('link', { name: /^My work/ });
    expect(link).toHaveAttribute('aria-current', 'page');
    await user.click(await screen.findByRole('checkbox', { name: 'Done: Late copy' }));
    await waitFor(() => expect(screen.getByRole('link', { name: /^My work/ })).toHaveAccessibleName(/^My work\s*1\s*open task$/));
  });

  it('should start reading my tasks when the pointer reaches the link, so the page finds them in flight', async () => {
    const campaign = makeCampaign({ title: 'Spring Launch', planning_start_date: '2026-03-02', live_date: '2026-03-20' });
    const task = makeTask(campaign, { title: 'Late copy', due_date: '2026-03-09', assignee_id: DEFAULT_MEMORY_USER_ID });
    const client = createMemoryClient({ campaigns: [campaign], tasks: [task] });
    const minePage = vi.spyOn(client.tasks, 'minePage');
    const shell = (page: ReactNode) => <SidebarProvider><Sidebar /><main>{page}</main></SidebarProvider>;
    const router = createMemoryRouter([
      { path: '/', element: shell(<h1>Dashboard</h1>) },
      { path: '/my-work', element: shell(<MyWork headingLevel={1} />) },
    ]);
    const user = userEvent.setup();
    const manager = new SessionManager({ refresh: vi.fn(), storage: window.localStorage });
    render(
      <ToastProvider>
        <AuthProvider apiUrl="http://cadence.test" manager={manager}>
          <CadenceProvider client={client} now={() => new Date(2026, 2, 11, 10)}>
            <RouterProvider router={router} />
          </CadenceProvider>
        </AuthProvider>
      </ToastProvider>,
    );
    const link = await screen.findByRole('link', { name: /^My work/ });
    expect(minePage).not.toHaveBeenCalled();
    await user.hover(link);
    expect(minePage).toHaveBeenCalledWith({ assignee: 'me', status: 'open', limit: 50 });
    await user.click(link);
    expect(await screen.findByRole('checkbox', { name: 'Done: Late copy' })).toBeInTheDocument();
    expect(minePage).toHaveBeenCalledTimes(1);
  });
});
