import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { Gantt } from '../gantt/Gantt';
import { createMemoryClient } from '../testing/memory-client';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';

// "Compare with…" on the Gantt (docs/adr/0063): the plan at a moment, rebuilt from the memory
// client's log, drawn as outlined ghosts beside today's bars, marked in words, with the summary.

const plan = [
  makeCampaign({ title: 'Alpha', channels: ['email'], planning_start_date: '2026-02-01', live_date: '2026-03-02' }),
  makeCampaign({ title: 'Bravo', channels: ['email'], planning_start_date: '2026-02-05', live_date: '2026-03-10' }),
  makeCampaign({ title: 'Charlie', channels: ['seo'], planning_start_date: '2026-02-10', live_date: '2026-03-20' }),
  makeCampaign({ title: 'Delta', channels: ['seo'], planning_start_date: '2026-02-12', live_date: '2026-03-25' }),
  makeCampaign({ title: 'Steady', channels: ['seo'], planning_start_date: '2026-02-12', live_date: '2026-03-26' }),
];

async function movedPlan() {
  let clock = new Date(2026, 2, 5, 9, 0);
  const client = createMemoryClient({ now: () => clock, campaigns: plan });
  await client.campaigns.update(plan[0]!.id, { live_date: '2026-03-04' });
  await client.campaigns.update(plan[1]!.id, { live_date: '2026-03-16' });
  await client.campaigns.update(plan[2]!.id, { live_date: '2026-03-18' });
  await client.campaigns.remove(plan[3]!.id);
  clock = new Date(2026, 2, 11, 10, 0);
  return client;
}

afterEach(() => vi.restoreAllMocks());

describe('Compare with…', () => {
  it('should draw the plan at a moment before three moves as ghosts, mark each change in words and sum it up', async () => {
    const client = await movedPlan();
    const { user } = renderWidget(<Gantt />, { client });
    await screen.findByRole('button', { name: /Edit Alpha/ });
    await user.click(screen.getByRole('button', { name: 'Compare with…' }));
    const moment = await screen.findByLabelText('Compare with the plan as it was at');
    await user.clear(moment);
    await user.type(moment, '2026-03-04T12:00');
    await user.click(screen.getByRole('button', { name: 'Compare' }));

    expect(await screen.findByTestId('compare-summary')).toHaveTextContent('3 moved, 0 added, 1 removed; median slip +2 days');
    const ghosts = screen.getAllByRole('img', { name: /at the baseline/ });
    expect(ghosts.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Alpha at the baseline: Feb 01, 2026 – Mar 02, 2026. Moved +2 days since the baseline (was live 2026-03-02)',
      'Bravo at the baseline: Feb 05, 2026 – Mar 10, 2026. Moved +6 days since the baseline (was live 2026-03-10)',
      'Charlie at the baseline: Feb 10, 2026 – Mar 20, 2026. Moved −2 days since the baseline (was live 2026-03-20)',
      'Delta at the baseline: Feb 12, 2026 – Mar 25, 2026. Removed since the baseline',
    ]);
    const list = screen.getByRole('list');
    expect(within(list).getByText('Moved +6d')).toBeInTheDocument();
    expect(within(list).getByText('Removed')).toBeInTheDocument();
    expect(within(list).queryAllByText(/^Moved/)).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: /Compare with: / }));
    await user.click(await screen.findByRole('button', { name: 'Clear comparison' }));
    expect(screen.queryAllByRole('img', { name: /at the baseline/ })).toEqual([]);
    expect(screen.queryByTestId('compare-summary')).toBeNull();
  });

  it('should open compared with a saved baseline given by its id, named in the toolbar (a link from Settings → Baselines)', async () => {
    const client = await movedPlan();
    const saved = await client.baselines.create({ name: 'Before the moves', at: new Date(2026, 2, 4, 12, 0).toISOString() });
    renderWidget(<Gantt compareBaseline={saved.id} />, { client });
    expect(await screen.findByTestId('compare-summary')).toHaveTextContent('3 moved, 0 added, 1 removed; median slip +2 days');
    expect(await screen.findByRole('button', { name: 'Compare with: Before the moves' })).toBeInTheDocument();
  });

  it('should refuse a moment in the future in words, beside the field', async () => {
    const { user } = renderWidget(<Gantt />, { campaigns: plan });
    await user.click(await screen.findByRole('button', { name: 'Compare with…' }));
    const moment = await screen.findByLabelText('Compare with the plan as it was at');
    await user.clear(moment);
    await user.type(moment, '2999-01-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(moment).toHaveAccessibleDescription('Choose a moment that has passed');
  });

  it('should save the moment as a baseline and then compare with it by name', async () => {
    const client = await movedPlan();
    const { user } = renderWidget(<Gantt />, { client });
    await user.click(await screen.findByRole('button', { name: 'Compare with…' }));
    const moment = await screen.findByLabelText('Compare with the plan as it was at');
    await user.clear(moment);
    await user.type(moment, '2026-03-04T12:00');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    await screen.findByTestId('compare-summary');
    await user.click(screen.getByRole('button', { name: /Compare with: / }));
    await user.type(await screen.findByLabelText('Save this moment as a baseline named'), 'Plan before the moves');
    await user.click(screen.getByRole('button', { name: 'Save as baseline' }));
    expect(await screen.findByRole('button', { name: 'Compare with: Plan before the moves' })).toBeInTheDocument();
    expect((await client.baselines.list()).map((b) => b.name)).toEqual(['Plan before the moves']);
    expect(await screen.findByTestId('compare-summary')).toHaveTextContent('3 moved, 0 added, 1 removed');
  });

  it('should outline, on the calendar, where each moved or removed campaign went live then', async () => {
    const client = await movedPlan();
    const { user } = renderWidget(<Calendar />, { client });
    await user.click(await screen.findByRole('button', { name: 'Compare with…' }));
    const moment = await screen.findByLabelText('Compare with the plan as it was at');
    await user.clear(moment);
    await user.type(moment, '2026-03-04T12:00');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(await screen.findByTestId('compare-summary')).toHaveTextContent('3 moved, 0 added, 1 removed; median slip +2 days');
    const cell = (day: string) => document.querySelector(`[data-day="${day}"]`) as HTMLElement;
    expect(within(cell('2026-03-10')).getByRole('img', { name: 'Bravo went live here at the baseline. Moved +6 days since the baseline (was live 2026-03-10)' })).toHaveTextContent('Was: Bravo');
    expect(within(cell('2026-03-25')).getByRole('img', { name: /^Delta went live here at the baseline\. Removed/ })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /went live here at the baseline/ })).toHaveLength(4);
  });

  it('should say "Added" in words on the chip of a campaign added since the moment', async () => {
    const client = await movedPlan();
    const fresh = await client.campaigns.create({ title: 'Echo', channels: ['email'], planning_start_date: '2026-03-01', live_date: '2026-03-12' });
    renderWidget(<Calendar compareBaseline={(await client.baselines.create({ name: 'Before', at: new Date(2026, 2, 4, 12, 0).toISOString() })).id} />, { client });
    expect(await screen.findByTestId('compare-summary')).toHaveTextContent('3 moved, 1 added, 1 removed');
    const chip = document.querySelector(`[data-campaign="${fresh.id}"]`) as HTMLElement;
    expect(within(chip).getByText('Added')).toBeInTheDocument();
    expect(chip).toHaveAccessibleName(/Echo.*Added/);
    // Echo's chips alone (one per day of its span) carry the mark.
    expect(screen.getAllByText('Added').every((mark) => mark.closest('[data-campaign]')?.getAttribute('data-campaign') === fresh.id)).toBe(true);
  });

  it('should print the comparison on the Gantt: the summary line, the change and old dates in words, the outlines and the removed rows', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const client = await movedPlan();
    const saved = await client.baselines.create({ name: 'Before the moves', at: new Date(2026, 2, 4, 12, 0).toISOString() });
    const { user } = renderWidget(<Gantt compareBaseline={saved.id} />, { client });
    await screen.findByTestId('compare-summary');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    const sheet = screen.getByTestId('print-layout');
    expect(within(sheet).getByText(/^Compared with Before the moves \(.*2026.*\): 3 moved, 0 added, 1 removed; median slip \+2 days$/)).toBeInTheDocument();
    const row = (id: string) => sheet.querySelector(`tr[data-campaign="${id}"]`) as HTMLElement;
    expect(row(plan[1]!.id)).toHaveTextContent('Moved +6 days · Was: Feb 05 – Mar 10, 2026');
    expect(row(plan[1]!.id).querySelector('[data-ghost]')).not.toBeNull();
    expect(row(plan[4]!.id).querySelector('[data-change]')).toBeNull();
    expect(within(sheet).getByRole('rowheader', { name: 'Removed since the baseline' })).toBeInTheDocument();
    expect(row(plan[3]!.id)).toHaveTextContent('Removed · Was: Feb 12 – Mar 25, 2026');
  });

  it('should print the comparison on the calendar: the summary line, "Was:" entries and "Added"', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const client = await movedPlan();
    await client.campaigns.create({ title: 'Echo', channels: ['email'], planning_start_date: '2026-03-01', live_date: '2026-03-12' });
    const saved = await client.baselines.create({ name: 'Before', at: new Date(2026, 2, 4, 12, 0).toISOString() });
    const { user } = renderWidget(<Calendar compareBaseline={saved.id} />, { client });
    await screen.findByTestId('compare-summary');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    const sheet = within(screen.getByTestId('print-layout'));
    expect(sheet.getByText(/^Compared with Before \(.*\): 3 moved, 1 added, 1 removed/)).toBeInTheDocument();
    expect(sheet.getByText('Was: Bravo')).toBeInTheDocument();
    expect(sheet.getByText('Was: Delta')).toBeInTheDocument();
    const echo = [...screen.getByTestId('print-layout').querySelectorAll('li')].filter((li) => li.textContent?.startsWith('Echo'));
    // Named once per week row, each time with the mark.
    expect(echo.length).toBeGreaterThan(0);
    expect(echo.every((li) => li.textContent === 'Echo · Added')).toBe(true);
  });
});

describe('Compare with… on a phone', () => {
  // jsdom has no layout: a phone's width for every element, so the calendar takes its compact layout.
  const phone = () =>
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: 390, height: 600, x: 0, y: 0, top: 0, left: 0, right: 390, bottom: 600, toJSON: () => ({}) }));

  it('should mark moved and added campaigns in the agenda in words, and list under a day what went live there then', async () => {
    phone();
    const client = await movedPlan();
    await client.campaigns.create({ title: 'Echo', channels: ['email'], planning_start_date: '2026-03-01', live_date: '2026-03-12' });
    const saved = await client.baselines.create({ name: 'Before', at: new Date(2026, 2, 4, 12, 0).toISOString() });
    const { user } = renderWidget(<Calendar compareBaseline={saved.id} />, { client });
    expect(await screen.findByTestId('compare-summary')).toHaveTextContent('3 moved, 1 added, 1 removed');
    const today = await screen.findByRole('region', { name: 'Wednesday, March 11, 2026' });
    const row = (title: string) => within(today).getByText(title).closest('.cad-agenda__row') as HTMLElement;
    expect(row('Bravo')).toHaveTextContent('Moved +6d');
    expect(row('Charlie')).toHaveTextContent('Moved −2d');
    expect(row('Echo')).toHaveTextContent('Added');
    expect(row('Steady')).not.toHaveTextContent(/Moved|Added/);

    await user.click(screen.getByRole('gridcell', { name: /March 25, 2026/ }));
    const day = screen.getByRole('region', { name: 'Wednesday, March 25, 2026' });
    expect(within(day).getByText('Was: Delta').closest('.cad-agenda__row')).toHaveTextContent('Removed since the baseline');
    await user.click(screen.getByRole('gridcell', { name: /March 10, 2026/ }));
    const before = screen.getByRole('region', { name: 'Tuesday, March 10, 2026' });
    expect(within(before).getByText('Was: Bravo').closest('.cad-agenda__row')).toHaveTextContent('Moved +6 days since the baseline (was live 2026-03-10)');
  });
});
