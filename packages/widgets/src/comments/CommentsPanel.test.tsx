import { mentionToken } from '@cadence/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampaignDialog } from '../campaign-dialog/CampaignDialog';
import { CadenceProvider } from '../provider/CadenceProvider';
import { fakeRealtime } from '../testing/fake-realtime';
import { makeCampaign } from '../testing/fixtures';
import { EDITOR_ID, VIEWER_ID, makeCampaignComment } from '../testing/fixtures-more';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';

// The campaign dialog's Comments tab (docs/adr/0059) against the memory client.

const campaign = makeCampaign({ title: 'Spring Launch', scope: 'channel', primary_channel: 'email', channels: ['email'], planning_start_date: '2026-03-02', live_date: '2026-03-20' });
const OUTSIDER_ID = '00000000-0000-4000-8000-00000000b004';
const users = [
  { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null },
  { id: EDITOR_ID, email: 'editor@cadence.demo', role: null },
  { id: OUTSIDER_ID, email: 'outsider@cadence.demo', role: null },
];
const grant = (id: string, user_id: string, permission_type: 'global_view' | 'channel_view', channel: 'email' | 'pr' | null) =>
  ({ id, user_id, permission_type, channel, created_by: null, created_at: '2026-01-01T00:00:00Z' });
const permissions = [grant('p1', VIEWER_ID, 'global_view', null), grant('p2', VIEWER_ID, 'channel_view', 'email'), grant('p3', EDITOR_ID, 'channel_view', 'email'), grant('p4', OUTSIDER_ID, 'channel_view', 'pr')];
const thread = [
  makeCampaignComment(campaign, { body: 'First **draft** is in, see [the doc](https://example.com/doc)', created_at: '2026-03-10T09:00:00.000Z', author_email: 'admin@cadence.demo' }),
  makeCampaignComment(campaign, { body: `Thanks ${mentionToken('old@cadence.demo', EDITOR_ID)}!\nNext line <b>not bold</b>`, created_at: '2026-03-11T08:00:00.000Z', created_by: VIEWER_ID, edited_at: '2026-03-11T08:30:00.000Z' }),
];

afterEach(() => vi.restoreAllMocks());

async function openComments(user: ReturnType<typeof renderWidget>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
  await user.click(within(dialog).getByRole('tab', { name: 'Comments' }));
  await waitFor(() => expect(screen.queryByText('Loading comments…')).toBeNull());
  return dialog;
}

describe('Comments tab', () => {
  it('should show the empty state and post a comment with Ctrl+Enter', async () => {
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], users, permissions });
    await openComments(user);
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    const box = await screen.findByLabelText('Add a comment');
    await user.type(box, 'Looks **good**');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(client.control.campaignComments()).toHaveLength(1));
    const item = within(await screen.findByRole('list', { name: 'Comments' })).getByRole('listitem');
    expect(within(item).getByText('good').tagName).toBe('STRONG');
    expect(within(item).getByText('admin@cadence.demo')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('should show the thread oldest first, safely: authors, times with the exact one on hover, edited marks, links and mentions by their e-mail now', async () => {
    const { user } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], users, permissions, campaignComments: thread });
    await openComments(user);
    const items = within(await screen.findByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'the doc' })).toHaveAttribute('href', 'https://example.com/doc');
    expect(within(items[0]!).getByRole('link', { name: 'the doc' })).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(items[1]!).getByText('@editor@cadence.demo')).toBeInTheDocument();
    expect(within(items[1]!).getByText('edited')).toBeInTheDocument();
    expect(items[1]!.querySelector('b')).toBeNull();
    expect(items[1]!.textContent).toContain('<b>not bold</b>');
    expect(items[1]!.querySelector('br')).not.toBeNull();
    const time = items[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2026-03-10T09:00:00.000Z');
    expect(time.getAttribute('title')).toBeTruthy();
  });

  it('should offer only people who can read the campaign to mention, by keyboard, and keep the dialog open on Escape', async () => {
    const onOpenChange = vi.fn();
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={onOpenChange} />, { campaigns: [campaign], users, permissions });
    await openComments(user);
    const box = await screen.findByLabelText('Add a comment');
    await user.type(box, 'Hey @');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    await waitFor(() => expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['admin@cadence.demo', 'editor@cadence.demo', 'viewer@cadence.demo']));
    await user.type(box, 'vie');
    await waitFor(() => expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['viewer@cadence.demo']));
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(list).not.toBeVisible();
    await user.type(box, 'w');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Enter}');
    expect(box).toHaveValue(`Hey ${mentionToken('viewer@cadence.demo', VIEWER_ID)} `);
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(client.control.campaignComments()).toHaveLength(1));
    expect(client.control.campaignComments()[0]!.mention_ids).toEqual([VIEWER_ID]);
    expect(await screen.findByText('@viewer@cadence.demo')).toBeInTheDocument();
  });

  it('should show a refused mention under the box and keep the text', async () => {
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], users, permissions });
    await openComments(user);
    const box = await screen.findByLabelText('Add a comment');
    const text = `Ping ${mentionToken('x', OUTSIDER_ID)}`;
    await user.click(box);
    await user.paste(text);
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('outsider@cadence.demo cannot read this campaign');
    expect(box).toHaveValue(text);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(client.control.campaignComments()).toEqual([]);
  });

  it('should edit one’s comment, and delete it after confirming, with Undo bringing the same comment back', async () => {
    const mine = makeCampaignComment(campaign, { body: 'Mine', created_at: '2026-03-11T08:00:00.000Z' });
    const { user, client, toasts } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], users, permissions, campaignComments: [mine] });
    await openComments(user);
    await user.click(await screen.findByRole('button', { name: 'Edit comment by admin@cadence.demo' }));
    const edit = screen.getByLabelText('Edit comment');
    await user.clear(edit);
    await user.type(edit, 'Mine, edited');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(client.control.campaignComments()[0]).toMatchObject({ body: 'Mine, edited', version: 2 }));
    expect(await screen.findByText('edited')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete comment by admin@cadence.demo' }));
    expect(screen.getByText('Delete this comment?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('list', { name: 'Comments' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(client.control.campaignComments()).toEqual([]));
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    const toast = toasts.find((t) => t.title === 'Comment deleted')!;
    act(() => toast.action!.onSelect());
    await waitFor(() => expect(client.control.campaignComments().map((k) => [k.id, k.body])).toEqual([[mine.id, 'Mine, edited']]));
    expect(await screen.findByText('Mine, edited')).toBeInTheDocument();
  });

  it('should let a reader without the right to edit others’ comments read them, comment and not edit', async () => {
    const { user } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, {
      campaigns: [campaign], users, permissions, campaignComments: thread, user: { id: EDITOR_ID, email: 'editor@cadence.demo', role: null, permissions: [{ permission_type: 'channel_view', channel: 'email' }] },
    });
    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    await screen.findByRole('list', { name: 'Comments' });
    expect(await screen.findByLabelText('Add a comment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit comment/ })).toBeNull();
  });

  it('should show the error state with a retry', async () => {
    const client = createMemoryClient({ campaigns: [campaign] });
    client.control.failNext('campaignComments.list');
    const { user } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { client });
    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('Failed to load comments.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
  });

  it('should toggle Watch with the count', async () => {
    const { user } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], users, permissions });
    await openComments(user);
    const toggle = await screen.findByRole('button', { name: 'Unwatch' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/1 person watches/)).toBeInTheDocument();
    await user.click(toggle);
    expect(await screen.findByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(screen.getByText(/0 people watch/)).toBeInTheDocument());
  });

  it('should refresh the thread from the campaign_comments topic', async () => {
    const client = createMemoryClient({ campaigns: [campaign], users, permissions, now: () => new Date(2026, 2, 11, 10) });
    const feed = fakeRealtime();
    render(
      <CadenceProvider client={client} realtime={feed.realtime} now={() => new Date(2026, 2, 11, 10)}>
        <CampaignDialog open campaign={campaign} onOpenChange={() => {}} />
      </CadenceProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    act(() => within(dialog).getByRole('tab', { name: 'Comments' }).click());
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    const row = await client.campaignComments.create(campaign.id, { body: 'From someone else' });
    act(() => feed.send({ topic: 'campaign_comments', op: 'insert', row }));
    expect(await screen.findByText('From someone else')).toBeInTheDocument();
  });
});

async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('Comments tab accessibility (axe)', { timeout: 30_000 }, () => {
  for (const width of [390, 1280]) {
    it(`should pass at ${width} px with the thread, the mention list open and an error`, async () => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width, height: 800, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 800, toJSON: () => ({}) }));
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
      const { user } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], users, permissions, campaignComments: thread });
      await openComments(user);
      await screen.findByRole('list', { name: 'Comments' });
      await user.click(screen.getAllByRole('button', { name: /^Delete comment/ })[0]!);
      const box = await screen.findByLabelText('Add a comment');
      await user.type(box, '@');
      await screen.findAllByRole('option');
      expect(await seriousViolations()).toEqual([]);
      await user.keyboard('{Escape}');
      await user.clear(box);
      await user.click(screen.getByRole('button', { name: 'Comment' }));
      await screen.findByRole('alert');
      expect(await seriousViolations()).toEqual([]);
    });
  }
});
