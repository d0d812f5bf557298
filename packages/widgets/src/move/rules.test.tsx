import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { Gantt } from '../gantt/Gantt';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';
import { EMAIL_WEEK_TEXT, emailSendsWeekOfMar23, emailWeekRule } from '../testing/planning-rule-fixtures';
import { forgetMove } from './undo';

// "Today" is Wednesday 2026-03-11 (see renderWidget). Two e-mail sends go live in the week of Mar 23.
const spring = () =>
  makeCampaign({ title: 'Spring launch', planning_start_date: '2026-03-09', live_date: '2026-03-12', end_date: '2026-03-18', channels: ['email'] });
const others = emailSendsWeekOfMar23;
const rule = emailWeekRule;
const status = () => document.querySelector('p.cad-sr-only[role="status"]')?.textContent ?? '';
const updates = (client: { control: { calls: Array<{ op: string; args: unknown[] }> } }) => client.control.calls.filter((c) => c.op === 'campaigns.update');
const TEXT = EMAIL_WEEK_TEXT;

afterEach(() => forgetMove());

describe('moving a campaign onto a day that breaks a planning rule', () => {
  it('should say the blocking rule on the target day and in the live region, and refuse the drop with its words', async () => {
    const { client, user, toasts } = renderWidget(<Calendar />, { campaigns: [spring(), ...others()], planningRules: [rule('block')] });
    const chip = within(await screen.findByRole('gridcell', { name: /March 9, 2026/ })).getByRole('button', { name: 'Spring launch' });
    chip.focus();
    await user.keyboard(' {ArrowDown}');
    // Mar 19: one e-mail send that week, nothing to say.
    expect(status()).not.toMatch(/Blocked|Warning/);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(status()).toContain(`Blocked: ${TEXT}`));
    expect(within(screen.getByRole('gridcell', { name: /March 23, 2026/ })).getByTestId('move-verdict')).toHaveTextContent(`Blocked: ${TEXT}`);
    await user.keyboard(' ');
    expect(status()).toContain(`Not moved: ${TEXT}`);
    expect(toasts.at(-1)).toMatchObject({ title: 'Not moved', description: TEXT, variant: 'destructive' });
    expect(updates(client)).toEqual([]);
  });

  it('should ask before a move that breaks a warning rule, and save it on "Move anyway"', async () => {
    const c = spring();
    const { client, user } = renderWidget(<Calendar />, { campaigns: [c, ...others()], planningRules: [rule('warn')] });
    within(await screen.findByRole('gridcell', { name: /March 9, 2026/ })).getByRole('button', { name: 'Spring launch' }).focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}');
    await waitFor(() => expect(status()).toContain(`Warning: ${TEXT}`));
    await user.keyboard(' ');
    const ask = await screen.findByRole('alertdialog', { name: 'Move "Spring launch" anyway?' });
    expect(ask).toHaveTextContent(TEXT);
    expect(updates(client)).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Move anyway' }));
    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(updates(client)[0]!.args[1]).toMatchObject({ live_date: '2026-03-26' });
  });

  it('should leave the campaign where it was when the warning is cancelled', async () => {
    const { client, user } = renderWidget(<Calendar />, { campaigns: [spring(), ...others()], planningRules: [rule('warn')] });
    within(await screen.findByRole('gridcell', { name: /March 9, 2026/ })).getByRole('button', { name: 'Spring launch' }).focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}');
    await waitFor(() => expect(status()).toContain('Warning'));
    await user.keyboard(' ');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(status()).toContain('Move cancelled.'));
    expect(updates(client)).toEqual([]);
  });

  it('should judge a Gantt bar moved with the keyboard the same way', async () => {
    const { client, user, toasts } = renderWidget(<Gantt />, { campaigns: [spring(), ...others()], planningRules: [rule('block')] });
    const bar = await screen.findByRole('button', { name: /^Edit Spring launch/ });
    bar.focus();
    await user.keyboard(' ' + '{ArrowRight}'.repeat(14));
    await waitFor(() => expect(status()).toContain(`Blocked: ${TEXT}`));
    expect(screen.getByTestId('move-verdict')).toHaveTextContent(TEXT);
    await user.keyboard(' ');
    expect(toasts.at(-1)).toMatchObject({ title: 'Not moved', description: TEXT });
    expect(updates(client)).toEqual([]);
  });

  it('should badge the chips and bars of campaigns that break a rule where they are, in words', async () => {
    const third = makeCampaign({ title: 'Newsletter C', planning_start_date: '2026-03-20', live_date: '2026-03-26', end_date: '2026-03-27', channels: ['email'] });
    renderWidget(<Calendar date="2026-03-23" />, { campaigns: [...others(), third], planningRules: [rule('warn')] });
    const cell = await screen.findByRole('gridcell', { name: /March 23, 2026/ });
    await waitFor(() => expect(within(cell).getByRole('button', { name: `Newsletter A, conflict: ${TEXT}` })).toBeInTheDocument());
  });

  it('should badge a Gantt bar in its name', async () => {
    const third = makeCampaign({ title: 'Newsletter C', planning_start_date: '2026-03-20', live_date: '2026-03-26', end_date: '2026-03-27', channels: ['email'] });
    renderWidget(<Gantt />, { campaigns: [...others(), third], planningRules: [rule('block')] });
    expect(await screen.findByRole('button', { name: new RegExp(`^Edit Newsletter C: .*, conflict: ${TEXT}$`) })).toBeInTheDocument();
  });
});
