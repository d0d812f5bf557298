import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { CampaignCard } from '../calendar/CampaignCard';
import { Gantt } from '../gantt/Gantt';
import { makeCampaign } from '../testing/fixtures';
import { DEFAULT_MEMORY_USER_ID, createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';

// A campaign's approval on cards, chips and bars (docs/adr/0056): a word or a mark with a name.

const rights = { edit: true, promote: false };
const campaign = (approval_summary: Parameters<typeof makeCampaign>[0]['approval_summary']) =>
  makeCampaign({ title: 'Spring Launch', planning_start_date: '2026-03-02', live_date: '2026-03-10', end_date: '2026-03-20', channels: ['email', 'social'], approval_summary });

describe('the approval badge', () => {
  it('should show the word on a card, named with each channel\'s state', () => {
    renderWidget(<CampaignCard campaign={campaign([{ channel: 'email', state: 'pending' }])} status="planning" rights={rights} onEdit={() => {}} />);
    const card = screen.getByRole('article', { name: 'Spring Launch' });
    expect(within(card).getByRole('img', { name: 'Approval: in review (Email)' })).toHaveTextContent('In review');
  });

  it('should show the most urgent state when channels differ', () => {
    renderWidget(
      <CampaignCard campaign={campaign([{ channel: 'email', state: 'approved' }, { channel: 'social', state: 'changes_requested' }])} status="planning" rights={rights} onEdit={() => {}} />,
    );
    expect(screen.getByRole('img', { name: 'Approval: changes (Social Media); approved (Email)' })).toHaveTextContent('Changes');
  });

  it('should show nothing when no channel needs approval', () => {
    renderWidget(<CampaignCard campaign={campaign(null)} status="planning" rights={rights} onEdit={() => {}} />);
    expect(screen.queryByRole('img', { name: /^Approval/ })).toBeNull();
  });

  it('should name the mark on a calendar chip and in a Gantt bar\'s label', async () => {
    renderWidget(<><Calendar /><Gantt /></>, { campaigns: [campaign([{ channel: 'email', state: 'approved' }])] });
    expect((await screen.findAllByRole('button', { name: /^Spring Launch\s*,\s*Approval: approved \(Email\)$/ })).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: /^Edit Spring Launch: .*, Approval: approved \(Email\)$/ })).toHaveAttribute('data-campaign');
  });
});

describe('the memory client\'s approval summary', () => {
  it('should follow a request, a decision, an approved field\'s change and a rule change, without moving the version', async () => {
    const client = createMemoryClient({
      campaigns: [campaign(undefined)],
      approvalRules: [{ channel: 'email', mode: 'one', steps: [{ name: 'Brand', reviewer_ids: [DEFAULT_MEMORY_USER_ID] }] }],
    });
    const [c] = await client.campaigns.list();
    expect(c!.approval_summary).toEqual([{ channel: 'email', state: 'not_requested' }]);
    await client.approvals.request(c!.id);
    expect((await client.campaigns.get(c!.id)).approval_summary).toEqual([{ channel: 'email', state: 'pending' }]);
    await client.approvals.decide(c!.id, { channel: 'email', decision: 'approve' });
    const approved = await client.campaigns.get(c!.id);
    expect(approved).toMatchObject({ version: c!.version, approval_summary: [{ channel: 'email', state: 'approved' }] });
    const moved = await client.campaigns.update(c!.id, { live_date: '2026-03-11' });
    expect(moved.approval_summary).toEqual([{ channel: 'email', state: 'review_again' }]);
    await client.approvals.setRule('social', { mode: 'one', steps: [{ name: 'Brand', reviewer_ids: [DEFAULT_MEMORY_USER_ID] }] });
    // The request covers every channel, so a channel's new rule waits for review at once (core's rule, as on the server).
    expect((await client.campaigns.get(c!.id)).approval_summary).toEqual([
      { channel: 'email', state: 'review_again' },
      { channel: 'social', state: 'pending' },
    ]);
  });
});
