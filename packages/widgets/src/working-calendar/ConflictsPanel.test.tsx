import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { makePlanningRule } from '../testing/fixtures-more';
import { renderWidget } from '../testing/render';
import * as download from '../ui/download';
import { ConflictsPanel } from './ConflictsPanel';

// "Today" is Wednesday 2026-03-11 (renderWidget). Two e-mail sends share the week of Mar 23.
const rule = makePlanningRule();
const plan = () => [
  makeCampaign({ title: 'Newsletter A', channels: ['email'], live_date: '2026-03-24' }),
  makeCampaign({ title: 'Newsletter B', channels: ['email'], live_date: '2026-03-26' }),
  makeCampaign({ title: 'Lone send', channels: ['email'], live_date: '2026-04-08' }),
];
const serious = async () =>
  (await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } })).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

afterEach(() => vi.restoreAllMocks());

describe('ConflictsPanel (the conflicts list)', () => {
  it('should list each conflict in words with its week and linked campaigns, and download the same range as CSV', async () => {
    const saved = vi.spyOn(download, 'downloadText').mockImplementation(() => {});
    const campaigns = plan();
    const { client } = renderWidget(<ConflictsPanel />, { campaigns, planningRules: [rule] });
    const list = await screen.findByRole('list', { name: 'Conflicts' });
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(item).toHaveTextContent('2 e-mail sends that week; the limit is 1');
    expect(item).toHaveTextContent('Week of Mar 23, 2026');
    expect(within(item).getByRole('link', { name: 'Newsletter A' })).toHaveAttribute('href', `/?campaign=${campaigns[0]!.id}&campaign_tab=details`);
    expect(screen.getByText('1 conflict in this range')).toBeInTheDocument();
    expect(await serious()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const [name, csv] = saved.mock.calls[0]!;
    expect(name).toBe('conflicts-2026-03-11-2026-06-09.csv');
    expect(csv.split(/\r?\n/)[0]).toBe('date,severity,rule,message,campaigns,campaign_ids');
    expect(csv).toContain('2026-03-23,warn,At most 1 e-mail send a week,2 e-mail sends that week; the limit is 1,Newsletter A; Newsletter B');
    expect(client.control.calls.some((c) => c.op === 'planningRules.conflictsCsv')).toBe(true);
  });

  it('should say when a range has no conflicts, refuse a backwards range, and offer to retry a failure', async () => {
    const { client } = renderWidget(<ConflictsPanel from="2026-04-01" to="2026-04-30" />, { campaigns: plan(), planningRules: [rule] });
    expect(await screen.findByText('No conflicts in this range')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(screen.getByText('The last day must not be before the first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    client.control.failNext('planningRules.conflicts');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-20' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the conflicts');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No conflicts in this range')).toBeInTheDocument();
    expect(await serious()).toEqual([]);
  });
});
