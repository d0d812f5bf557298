import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Calendar, calendarPrintLayout } from '../calendar/Calendar';
import { Gantt, ganttPrintLayout } from '../gantt/Gantt';
import { createMemoryClient } from '../testing/memory-client';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';

// Today is 2026-03-11 (renderWidget): Q1 2026, March 2026.
const long = (i: number) => `Quarterly partner enablement programme number ${i}`;
const many = Array.from({ length: 80 }, (_, i) =>
  makeCampaign({ title: long(i), channels: i % 4 === 0 ? ['email', 'paid'] : ['social'], planning_start_date: '2026-03-02', live_date: '2026-03-12' }),
);

// The layouts' code loads apart from the widgets, as soon as they mount (docs/adr/0067): loaded here
// as that preload does, so the browser's own print finds them at once.
beforeAll(() => Promise.all([ganttPrintLayout.load(), calendarPrintLayout.load()]));
afterEach(() => vi.restoreAllMocks());

describe('printing the Gantt', () => {
  it('draws every campaign of the range with its title in full, the legend, the filters and who printed it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user, container } = renderWidget(<Gantt printTitle="Global Calendar" filter={{ status: 'planning' }} />, { campaigns: many });
    await screen.findAllByRole('button', { name: /Quarterly partner/ });
    // The screen is virtualized: fewer bars than campaigns.
    expect(container.querySelectorAll('.cad-gantt__bar').length).toBeLessThan(80);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    const sheet = within(screen.getByTestId('print-layout'));
    expect(sheet.getByRole('heading', { name: 'Global Calendar — Planning Gantt Chart, Q1 2026' })).toBeInTheDocument();
    expect(sheet.getByText('Filters: Status: Planning')).toBeInTheDocument();
    expect(sheet.getByText('Printed Mar 11, 2026 by admin@cadence.demo')).toBeInTheDocument();
    expect(within(sheet.getByRole('list', { name: 'Channel colours' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Social Media', 'Several channels']);
    for (let i = 0; i < 80; i++) expect(sheet.getByText(long(i))).toBeInTheDocument();
    expect(container.querySelector('.cad-panel')).toHaveClass('cad-panel--printing');
  });

  it('keeps Print disabled until the campaigns are loaded, so a printout never comes out empty', async () => {
    const client = createMemoryClient({ campaigns: many });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const list = client.campaigns.list.bind(client.campaigns);
    client.campaigns.list = (async (...args: Parameters<typeof list>) => { await held; return list(...args); }) as typeof client.campaigns.list;
    renderWidget(<Gantt />, { client });
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    await act(async () => release());
    await screen.findAllByRole('button', { name: /Quarterly partner/ });
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('prints the channel groups as headings over their campaigns when grouped', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderWidget(<Gantt />, { campaigns: many.slice(0, 2) });
    await screen.findAllByRole('button', { name: /Quarterly partner/ });
    await user.click(screen.getByRole('switch', { name: 'Group by Channel' }));
    await user.click(screen.getByRole('button', { name: 'Print' }));
    const sheet = within(screen.getByTestId('print-layout'));
    expect(sheet.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Channel / campaign', 'JanFebMar']);
    expect(sheet.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Email Marketing', 'Social Media', 'Paid Advertising']);
    // The two-channel campaign is listed under both of its channels.
    expect(sheet.getAllByText(long(0))).toHaveLength(2);
  });

  it('mounts on the browser print (Ctrl+P) and goes away after it', async () => {
    renderWidget(<Gantt printedBy={null} />, { campaigns: many.slice(0, 3) });
    await screen.findAllByRole('button', { name: /Quarterly partner/ });
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('print-layout')).toHaveTextContent('Printed Mar 11, 2026');
    expect(screen.getByTestId('print-layout')).not.toHaveTextContent(' by ');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(screen.queryByTestId('print-layout')).not.toBeInTheDocument();
  });
});

describe('printing the calendar', () => {
  it('lists every campaign of a day in full instead of "+N more", once per week row', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderWidget(<Calendar />, { campaigns: many.slice(0, 6) });
    await screen.findAllByText('+4 more campaigns');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    const sheet = screen.getByTestId('print-layout');
    expect(within(sheet).getByRole('heading', { name: 'Planning Timeline, March 2026' })).toBeInTheDocument();
    expect(sheet).not.toHaveTextContent('more campaigns');
    // Mar 02–11 is two week rows (Mon 2 – Sun 8, Mon 9 – Wed 11): each title twice.
    for (let i = 0; i < 6; i++) expect(within(sheet).getAllByText(long(i))).toHaveLength(2);
  });
});

describe('two printable widgets on one page (an intranet page embedding both)', () => {
  it("prints only the widget whose Print button was pressed, and both on the browser's own print", async () => {
    // As a browser does: beforeprint fires inside window.print().
    vi.spyOn(window, 'print').mockImplementation(() => void window.dispatchEvent(new Event('beforeprint')));
    const { user, container } = renderWidget(<><Calendar /><Gantt /></>, { campaigns: many.slice(0, 3) });
    await screen.findAllByRole('button', { name: /Quarterly partner/ });
    const [calendarPrint] = screen.getAllByRole('button', { name: 'Print' });
    await user.click(calendarPrint!);
    const sheets = screen.getAllByTestId('print-layout');
    expect(sheets).toHaveLength(1);
    expect(within(sheets[0]!).getByRole('heading', { name: 'Planning Timeline, March 2026' })).toBeInTheDocument();
    // The Gantt's screen panel steps aside too: the paper holds the calendar alone.
    expect([...container.querySelectorAll('.cad-panel')].map((p) => p.classList.contains('cad-panel--printing'))).toEqual([true, true]);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(screen.queryAllByTestId('print-layout')).toHaveLength(0);
    expect(container.querySelectorAll('.cad-panel--printing')).toHaveLength(0);
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getAllByTestId('print-layout')).toHaveLength(2);
  });
});

