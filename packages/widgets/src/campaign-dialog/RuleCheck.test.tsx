import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';
import { EMAIL_WEEK_TEXT, emailSendsWeekOfMar23, emailWeekRule } from '../testing/planning-rule-fixtures';
import { CampaignDialog } from './CampaignDialog';

// Two e-mail sends already go live in the week of Mar 23, 2026; the rule allows two a week.
const sends = emailSendsWeekOfMar23;
const rule = emailWeekRule;
const TEXT = EMAIL_WEEK_TEXT;
const dialog = () => screen.getByRole('dialog');
const setDate = (label: RegExp, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('the campaign dialog and the planning rules', () => {
  it('should say a blocking rule before saving, and not send a create it would refuse', async () => {
    const { client, user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} />, { campaigns: sends(), planningRules: [rule('block')] });
    await user.type(await screen.findByLabelText(/Campaign Title/), 'Third send');
    await user.click(within(screen.getByRole('group', { name: 'Marketing Channels' })).getByRole('button', { name: 'Email' }));
    setDate(/Planning Start Date/, '2026-03-20');
    setDate(/Live Date/, '2026-03-26');
    await waitFor(() => expect(within(dialog()).getByRole('status', { name: '' })).toHaveTextContent(`Blocked: ${TEXT}`));
    expect(within(dialog()).getByRole('button', { name: 'Create Campaign' })).toBeDisabled();
    // Another week is free: the notice goes and the create is sent.
    setDate(/Live Date/, '2026-04-01');
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Create Campaign' })).toBeEnabled());
    expect(dialog()).not.toHaveTextContent('Blocked:');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(client.control.calls.some((c) => c.op === 'campaigns.create')).toBe(true));
  });

  it('should show a warning rule and save only on the named second choice', async () => {
    const c = makeCampaign({ title: 'Spring launch', planning_start_date: '2026-03-09', live_date: '2026-03-12', end_date: '2026-03-18', channels: ['email'] });
    const { client } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={c} />, { campaigns: [c, ...sends()], planningRules: [rule('warn')] });
    await screen.findByLabelText(/Campaign Title/);
    // Changing only the title judges nothing, as the server's gate.
    expect(within(dialog()).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    setDate(/Live Date/, '2026-03-26');
    const save = await within(dialog()).findByRole('button', { name: 'Save Anyway' });
    expect(dialog()).toHaveTextContent(`Warning: ${TEXT}`);
    fireEvent.click(save);
    await waitFor(() => expect(client.control.calls.filter((x) => x.op === 'campaigns.update').at(-1)?.args[1]).toMatchObject({ live_date: '2026-03-26' }));
  });

  it('should judge nothing when the team has no rules', async () => {
    renderWidget(<CampaignDialog open onOpenChange={() => {}} />, { campaigns: sends() });
    await screen.findByLabelText(/Campaign Title/);
    setDate(/Live Date/, '2026-03-26');
    expect(within(dialog()).getByRole('button', { name: 'Create Campaign' })).toBeEnabled();
    expect(dialog()).not.toHaveTextContent(/Blocked|Warning/);
  });
});
