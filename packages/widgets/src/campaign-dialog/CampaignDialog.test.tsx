import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { CampaignDialog } from './CampaignDialog';

const existing = makeCampaign({
  title: 'Spring Launch', channels: ['email', 'social'], planning_start_date: '2026-03-02', live_date: '2026-03-20', end_date: '2026-04-30',
  owner: 'Dana', kpis: ['MQLs'], channel_config: { social: { platforms: ['LinkedIn'], hashtags: ['#spring'] } },
});
const lastCall = (client: ReturnType<typeof createMemoryClient>, op: string) => client.control.calls.filter((c) => c.op === op).at(-1)?.args;
/** The dialog focuses its first field once open; typing before that would land there. */
async function ready() {
  const title = await screen.findByLabelText(/Campaign Title/);
  await waitFor(() => expect(title).toHaveFocus());
}
const chip = (name: string) => within(screen.getByRole('group', { name: 'Marketing Channels' })).getByRole('button', { name });

describe('CampaignDialog (create)', () => {
  it('should show the create title, buttons and the spec defaults', async () => {
    renderWidget(<CampaignDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Campaign' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Campaign' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Status')).toHaveValue('planning');
    expect(within(dialog).getByLabelText(/Planning Start Date/)).toHaveValue('2026-03-11');
    expect(within(dialog).getByLabelText(/Live Date/)).toHaveValue('2026-03-11');
    expect(within(dialog).getByText('Ongoing')).toBeInTheDocument();
    expect(within(dialog).getByText('Leave blank for ongoing campaigns')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Global (main calendar)' })).toBeChecked();
    for (const label of ['Campaign Summary', 'Goals & Objectives', 'Target Audiences', 'Team Members', 'Key Performance Indicators', 'Key Deliverables', 'Landing Page URLs']) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('should require a title', async () => {
    const { user, client } = renderWidget(<CampaignDialog open onOpenChange={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign title is required')).toBeInTheDocument();
    expect(client.control.calls.some((c) => c.op === 'campaigns.create')).toBe(false);
  });

  it('should split comma and line lists and store the channel configuration in snake_case', async () => {
    const onOpenChange = vi.fn();
    const { user, client, toasts } = renderWidget(<CampaignDialog open onOpenChange={onOpenChange} />);
    await user.type(await screen.findByLabelText(/Campaign Title/), 'Launch');
    await user.click(chip('Social Media'));
    await user.click(chip('Email'));
    await user.selectOptions(screen.getByLabelText('Content Type'), 'video');
    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    await user.type(screen.getByLabelText('Hashtags'), '#one  #two');
    await user.type(screen.getByLabelText('Subject Line'), 'Hello');
    await user.type(screen.getByLabelText('Segment Criteria'), 'customers, , trials ');
    await user.type(screen.getByLabelText('Key Performance Indicators'), 'MQLs, ,Sign-ups');
    await user.type(screen.getByLabelText('Landing Page URLs'), 'https://a.example{Enter}https://b.example, https://c.example');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Campaign Created' }));
    expect(lastCall(client, 'campaigns.create')?.[0]).toMatchObject({
      title: 'Launch', status: 'planning', priority: 'medium', scope: 'global', primary_channel: null,
      channels: ['social', 'email'], end_date: null, kpis: ['MQLs', 'Sign-ups'],
      landing_page_urls: ['https://a.example', 'https://b.example', 'https://c.example'],
      channel_config: { social: { content_type: 'video', platforms: ['LinkedIn'], hashtags: ['#one', '#two'] }, email: { subject: 'Hello', segment_criteria: ['customers', 'trials'] } },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('should apply the scope rules to the channel chips', async () => {
    const { user, client } = renderWidget(<CampaignDialog open onOpenChange={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Webinars' }));
    await user.click(chip('SEO'));
    expect(chip('Webinars')).toHaveAttribute('aria-pressed', 'true');
    await user.click(chip('SEO'));
    expect(chip('SEO')).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('radio', { name: 'Channel only' }));
    expect(screen.getByLabelText(/Primary Channel/)).toHaveValue('webinars');
    for (const b of within(screen.getByRole('group', { name: 'Marketing Channels' })).getAllByRole('button')) expect(b).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Primary Channel/), 'pr');
    expect(within(screen.getByRole('group', { name: 'Marketing Channels' })).getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toEqual(['Public Relations']);
    await user.type(screen.getByLabelText(/Campaign Title/), 'PR push');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(lastCall(client, 'campaigns.create')?.[0]).toMatchObject({ scope: 'channel', primary_channel: 'pr', channels: ['pr'] }));
  });

  it('should clear the channels when switching to channel scope and the primary channel when switching back', async () => {
    const { user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    await user.click(chip('SEO'));
    await user.click(screen.getByRole('radio', { name: 'Channel only' }));
    await user.click(screen.getByRole('radio', { name: 'Global (main calendar)' }));
    expect(screen.queryByLabelText(/Primary Channel/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Marketing Channels' })).queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });
});

describe('CampaignDialog (edit)', () => {
  it('should send only the changed fields with the version', async () => {
    const { user, client, toasts } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={existing} />, { campaigns: [existing] });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    const title = within(dialog).getByLabelText(/Campaign Title/);
    await user.clear(title);
    await user.type(title, 'Spring Launch 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Campaign Updated' }));
    expect(lastCall(client, 'campaigns.update')).toEqual([existing.id, { title: 'Spring Launch 2026' }, { version: 1 }]);
  });

  it('should clear the end date to Ongoing', async () => {
    const { user, client } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={existing} />, { campaigns: [existing] });
    await user.click(await screen.findByRole('button', { name: 'Clear end date' }));
    expect(screen.getByText('Ongoing')).toBeInTheDocument();
    expect(screen.getByLabelText('End Date')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastCall(client, 'campaigns.update')).toEqual([existing.id, { end_date: null }, { version: 1 }]));
  });

  it('should show the current version on a 412 and save over it when asked', async () => {
    const client = createMemoryClient({ campaigns: [existing] });
    client.control.editAsSomeoneElse(existing.id, { title: 'Renamed elsewhere', owner: 'Priya' });
    const { user, toasts } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={existing} />, { client });
    await ready();
    await user.type(screen.getByLabelText(/Campaign Owner/), ' W.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This campaign was changed by someone else');
    expect(within(alert).getByText('Renamed elsewhere')).toBeInTheDocument();
    expect(within(alert).getByText('Priya')).toBeInTheDocument();
    expect(toasts.some((t) => t.variant === 'destructive')).toBe(false);
    await user.click(within(alert).getByRole('button', { name: 'Keep my changes' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastCall(client, 'campaigns.update')).toEqual([existing.id, { title: 'Spring Launch', owner: 'Dana W.' }, { version: 2 }]));
  });

  it('should load the current version when asked', async () => {
    const client = createMemoryClient({ campaigns: [existing] });
    client.control.editAsSomeoneElse(existing.id, { title: 'Renamed elsewhere' });
    const { user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={existing} />, { client });
    await ready();
    await user.type(screen.getByLabelText(/Campaign Owner/), '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Load current version' }));
    expect(screen.getByLabelText(/Campaign Title/)).toHaveValue('Renamed elsewhere');
    expect(screen.getByLabelText(/Campaign Owner/)).toHaveValue('Dana');
  });

  it('should prefill the stored channel configuration and creative brief', async () => {
    renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={existing} />, { campaigns: [existing] });
    expect(await screen.findByLabelText('Hashtags')).toHaveValue('#spring');
    expect(screen.getByRole('checkbox', { name: 'LinkedIn' })).toBeChecked();
    expect(screen.getByLabelText('Key Performance Indicators')).toHaveValue('MQLs');
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-04-30');
  });
});
