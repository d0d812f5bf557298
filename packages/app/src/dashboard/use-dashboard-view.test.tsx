import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TABS } from '@cadence/core';
import { useDashboardView, type DashboardViewState } from './use-dashboard-view';
import { ViewNotice } from './ViewNotice';

let state: DashboardViewState;

function Probe() {
  state = useDashboardView(DASHBOARD_TABS);
  return <ViewNotice dropped={state.dropped} onDismiss={state.dismiss} />;
}

function open(path: string) {
  const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useDashboardView (the URL is the view)', () => {
  it('should open the view a link names', () => {
    open('/?tab=calendar&mode=live&range=month&date=2026-11-01&channel=email,social&status=live&q=launch');
    expect(state.view).toEqual({ tab: 'calendar', mode: 'live', range: 'month', date: '2026-11-01', filter: { channel: ['email', 'social'], status: 'live', q: 'launch' } });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('should write each change as a new history entry that Back and Forward return to', async () => {
    const router = open('/?tab=list');
    await act(() => state.update({ filter: { channel: ['email', 'social'], status: 'live' } }));
    expect(router.state.location.search).toBe('?tab=list&channel=email,social&status=live');
    await act(() => state.update({ tab: 'calendar', range: 'week', date: '2026-11-01' }));
    expect(router.state.location.search).toBe('?range=week&date=2026-11-01&channel=email,social&status=live');
    await act(() => router.navigate(-1));
    expect(state.view).toMatchObject({ tab: 'list', filter: { channel: ['email', 'social'], status: 'live' } });
    await act(() => router.navigate(-1));
    expect(state.view).toEqual({ tab: 'list', mode: 'planning', filter: {} });
    await act(() => router.navigate(1));
    expect(state.view.filter).toEqual({ channel: ['email', 'social'], status: 'live' });
  });

  it('should leave a range behind when the tab does not have it', async () => {
    const router = open('/?tab=timeline&range=quarter');
    await act(() => state.update({ tab: 'calendar' }));
    expect(router.state.location.search).toBe('');
  });

  it('should keep each tab’s own range: the timeline opens at its quarter, the calendar returns to its week', async () => {
    const router = open('/?range=week');
    await act(() => state.update({ range: 'month' }));
    expect(router.state.location.search).toBe('');
    await act(() => state.update({ tab: 'timeline' }));
    expect(router.state.location.search).toBe('?tab=timeline');
    await act(() => state.update({ range: 'year' }));
    await act(() => state.update({ tab: 'calendar' }));
    expect(router.state.location.search).toBe('');
    await act(() => state.update({ range: 'week' }));
    await act(() => state.update({ tab: 'timeline' }));
    expect(router.state.location.search).toBe('?tab=timeline&range=year');
    await act(() => state.update({ tab: 'calendar' }));
    expect(router.state.location.search).toBe('?range=week');
  });

  it('should not carry a link to the calendar’s month into the timeline', async () => {
    const router = open('/?range=month&date=2026-11-01');
    await act(() => state.update({ tab: 'timeline' }));
    expect(router.state.location.search).toBe('?tab=timeline&date=2026-11-01');
  });

  it('should drop bad and unknown parameters, say so, and tidy the address in place', async () => {
    const router = open('/?tab=gantt&status=finished&q=launch&utm_source=mail');
    expect(state.view).toEqual({ tab: 'calendar', mode: 'planning', filter: { q: 'launch' } });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Some parts of this link were not used');
    expect(notice).toHaveTextContent('tab=gantt');
    expect(notice).toHaveTextContent('status=finished');
    expect(notice).toHaveTextContent('utm_source=mail: Unknown parameter');
    expect(router.state.location.search).toBe('?q=launch');
    // Replaced, not pushed: Back leaves the dashboard rather than returning to the bad link.
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('should leave the confirmation parameter to the layout that reads it', () => {
    open('/?email_confirmed=1&tab=list');
    expect(state.view.tab).toBe('list');
    expect(state.dropped).toEqual([]);
  });
});
