import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampaignDialog } from '../campaign-dialog/CampaignDialog';
import { makeCampaign } from '../testing/fixtures';
import { DEFAULT_MEMORY_USER_ID } from '../testing/memory-client';
import { renderWidget } from '../testing/render';

// The Review tab (docs/adr/0056) against the memory client, which keeps approvals as the server does.
const campaign = makeCampaign({ title: 'Spring Launch', channels: ['email', 'seo'], status: 'planning', planning_start_date: '2026-03-02', live_date: '2026-03-20' });
const approvalRules = [{ channel: 'email' as const, mode: 'one' as const, steps: [{ name: 'Brand', reviewer_ids: [DEFAULT_MEMORY_USER_ID] }] }];

async function openReview(user: ReturnType<typeof renderWidget>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
  await user.click(within(dialog).getByRole('tab', { name: 'Review' }));
  return dialog;
}

describe('Review tab', () => {
  it('should request review, approve as the reviewer, and go live, each state a word with an accessible name', async () => {
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], approvalRules });
    const dialog = await openReview(user);
    expect(await within(dialog).findByRole('img', { name: 'Email: Review not requested' })).toHaveTextContent('Unreviewed');
    expect(within(dialog).getAllByText('No approval needed')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(await within(dialog).findByRole('img', { name: 'Email: Waiting for review' })).toHaveTextContent('In review');
    await user.click(within(dialog).getByRole('button', { name: 'Approve Email' }));
    expect(await within(dialog).findByRole('img', { name: 'Email: Approved' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go live' }));
    await waitFor(async () => expect((await client.campaigns.get(campaign.id)).status).toBe('live'));
  });

  it('should say what is missing when going live too early, and let an administrator override with a reason, in history', async () => {
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], approvalRules });
    const dialog = await openReview(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Go live' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This campaign cannot go live yet: approval missing for Email (review not requested)');
    expect(within(alert).getByRole('button', { name: 'Go live anyway' })).toBeDisabled();
    await user.type(within(alert).getByLabelText('Reason to go live anyway'), 'Approved by phone');
    await user.click(within(alert).getByRole('button', { name: 'Go live anyway' }));
    await waitFor(async () => expect((await client.campaigns.get(campaign.id)).status).toBe('live'));
    const history = await client.history.forRow('campaigns', campaign.id);
    expect(history.entries.map((e) => e.action)).toContain('override');
  });

  it('should refuse Live from the Details tab with a notice naming the missing approval', async () => {
    const { user, client, toasts } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], approvalRules });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Live');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Cannot go live yet'));
    expect(toasts.find((t) => t.title === 'Cannot go live yet')?.description).toContain('Email: not requested');
    expect((await client.campaigns.get(campaign.id)).status).toBe('planning');
  });
});
