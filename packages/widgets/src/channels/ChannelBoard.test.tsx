import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { DEFAULT_MEMORY_USER_ID, createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { ChannelBoard } from './ChannelBoard';

const OTHER_USER = '00000000-0000-4000-8000-00000000b002';
const webinarOnly = makeCampaign({ title: 'Webinar only', scope: 'channel', primary_channel: 'webinars', channels: ['webinars'], status: 'planning', priority: 'high', planning_start_date: '2026-03-02', live_date: '2026-03-20', owner: 'Leo', description: 'Deep dive.' });
const webinarGlobal = makeCampaign({ title: 'Webinar series', channels: ['webinars', 'email'], status: 'live' });
const webinarDone = makeCampaign({ title: 'Old webinar', channels: ['webinars'], status: 'completed' });
const card = (name: string) => screen.getByRole('article', { name });

describe('ChannelBoard', () => {
  it('should show a card per channel with the counts above zero', async () => {
    renderWidget(<ChannelBoard />, { campaigns: [webinarOnly, webinarGlobal, webinarDone] });
    await screen.findByText('Webinar only');
    expect(screen.getAllByRole('article')).toHaveLength(12);
    const webinars = card('Webinars');
    expect(within(webinars).getByRole('button', { name: 'Open Webinars 3 campaigns' })).toBeInTheDocument();
    expect(within(webinars).getByText('1 active')).toBeInTheDocument();
    expect(within(webinars).getByText('1 planning')).toBeInTheDocument();
    expect(within(webinars).getByText('1 completed')).toBeInTheDocument();
    const email = card('Email Marketing');
    expect(within(email).getByText('1 active')).toBeInTheDocument();
    expect(within(email).queryByText(/planning|completed/)).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'SEO & GEO' })).toBeInTheDocument();
  });

  it('should list rows with priority, status, dates and the 400px scroll limit, and the empty texts', async () => {
    renderWidget(<ChannelBoard />, { campaigns: [webinarOnly] });
    await screen.findByText('Webinar only');
    const webinars = card('Webinars');
    expect(within(webinars).getByRole('img', { name: 'High priority' })).toBeInTheDocument();
    expect(within(webinars).getByText('Planning', { selector: '.cad-status' })).toBeInTheDocument();
    expect(within(webinars).getByText('Planning: Mar 02')).toBeInTheDocument();
    expect(within(webinars).getByText('Live: Mar 20')).toBeInTheDocument();
    // The 400 px scroll box is a named region in the tab order, so a keyboard can scroll a long list of rows without buttons.
    const box = within(webinars).getByRole('region', { name: 'Webinars campaign list' });
    expect(box).toHaveStyle({ maxHeight: '400px' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(card('Public Relations')).getByText('No campaigns in this channel')).toBeInTheDocument();
    expect(within(card('Public Relations')).getByText('Create a campaign to get started')).toBeInTheDocument();
  });

  it('should promote a channel-only campaign with the spec toast', async () => {
    const { user, toasts, client } = renderWidget(<ChannelBoard />, { campaigns: [webinarOnly, webinarGlobal] });
    await screen.findByText('Webinar only');
    expect(within(card('Email Marketing')).queryByRole('button', { name: 'Promote to Calendar' })).not.toBeInTheDocument();
    await user.click(within(card('Webinars')).getByRole('button', { name: 'Promote to Calendar' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Campaign Promoted', description: 'Campaign has been promoted to the main calendar.' }));
    expect(client.control.campaigns().find((c) => c.id === webinarOnly.id)).toMatchObject({ scope: 'global', primary_channel: null });
    expect(within(card('Webinars')).queryByRole('button', { name: 'Promote to Calendar' })).not.toBeInTheDocument();
  });

  it('should roll back a failed promotion with the spec error toast', async () => {
    const client = createMemoryClient({ campaigns: [webinarOnly] });
    client.control.failNext('campaigns.promote');
    const { user, toasts } = renderWidget(<ChannelBoard />, { client });
    await user.click(await screen.findByRole('button', { name: 'Promote to Calendar' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Error', description: 'Failed to promote campaign. Please try again.' }));
    expect(screen.getByRole('button', { name: 'Promote to Calendar' })).toBeInTheDocument();
  });

  it('should offer promotion only on rows the user created, unless admin', async () => {
    const theirs = { ...webinarOnly, created_by: OTHER_USER };
    renderWidget(<ChannelBoard />, {
      campaigns: [theirs, { ...webinarOnly, id: '00000000-0000-4000-9000-0000000000ff', title: 'Mine', created_by: DEFAULT_MEMORY_USER_ID }],
      user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }, { permission_type: 'global_create', channel: null }, { permission_type: 'channel_view', channel: 'webinars' }] },
    });
    await screen.findByText('Mine');
    expect(screen.getAllByRole('button', { name: 'Promote to Calendar' })).toHaveLength(1);
  });

  it('should open the channel dialog with stats, scope badges, full rows and Promote to Main Calendar', async () => {
    const { user } = renderWidget(<ChannelBoard />, { campaigns: [webinarOnly, webinarGlobal, webinarDone] });
    await user.click(await screen.findByRole('button', { name: 'Open Webinars 3 campaigns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webinars' });
    const stat = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([stat('Total'), stat('Active'), stat('Planning'), stat('Completed')]).toEqual(['3', '1', '1', '1']);
    expect(within(dialog).getByText('2 global')).toBeInTheDocument();
    expect(within(dialog).getByText('1 channel-only')).toBeInTheDocument();
    const row = within(dialog).getByRole('article', { name: 'Webinar only' });
    expect(within(row).getByText('Deep dive.')).toBeInTheDocument();
    expect(within(row).getByText('High priority')).toBeInTheDocument();
    expect(within(row).getByText('Channel only')).toBeInTheDocument();
    expect(within(row).getByText('Planning: Mar 02, 2026')).toBeInTheDocument();
    expect(within(row).getByText('End: Ongoing')).toBeInTheDocument();
    expect(within(row).getByText('Owner: Leo')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Promote to Main Calendar' })).toBeInTheDocument();
  });

  it('should show the dialog empty texts for a channel without campaigns', async () => {
    const { user } = renderWidget(<ChannelBoard />);
    await user.click(await screen.findByRole('button', { name: 'Open Email Marketing 0 campaigns' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No campaigns found')).toBeInTheDocument();
    expect(within(dialog).getByText('Create your first campaign for Email Marketing to get started.')).toBeInTheDocument();
  });

  describe('with thousands of campaigns', () => {
    afterEach(() => vi.restoreAllMocks());
    const webinars = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        makeCampaign({ title: `Webinar ${i + 1}`, channels: ['webinars'], status: i % 2 ? 'live' : 'planning', created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));

    it('should count from the server and read each channel a page at a time, never the whole list', async () => {
      const { client } = renderWidget(<ChannelBoard />, { campaigns: webinars(500) });
      expect(await screen.findByRole('button', { name: 'Open Webinars 500 campaigns' })).toBeInTheDocument();
      expect(within(card('Webinars')).getByText('250 active')).toBeInTheDocument();
      expect(within(card('Webinars')).getByText('250 planning')).toBeInTheDocument();
      await within(card('Webinars')).findByText('Webinar 500');
      expect(client.control.calls.some((c) => c.op === 'campaigns.list')).toBe(false);
      expect(client.control.calls.filter((c) => c.op === 'campaigns.stats')).toHaveLength(1);
      const pages = client.control.calls.filter((c) => c.op === 'campaigns.page').map((c) => c.args[0] as { channel: string; limit: number });
      expect(pages).toHaveLength(12);
      expect(pages.find((p) => p.channel === 'webinars')).toMatchObject({ limit: 30 });
      // The 400 px box shows a handful of rows: only those (and a few past the edge) are drawn.
      expect(within(card('Webinars')).getAllByRole('listitem').length).toBeLessThan(15);
    });

    it('should read the next page of a channel when its box is scrolled to the end of what is loaded', async () => {
      const { client } = renderWidget(<ChannelBoard />, { campaigns: webinars(500) });
      await within(card('Webinars')).findByText('Webinar 500');
      const list = within(card('Webinars')).getByRole('list');
      vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -78 * 27, bottom: 0, left: 0, right: 300, width: 300, height: 78 * 30, x: 0, y: -78 * 27, toJSON: () => ({}) });
      fireEvent.scroll(list.parentElement!);
      fireEvent.scroll(window);
      expect(await within(card('Webinars')).findByText('Webinar 470')).toBeInTheDocument();
      const next = client.control.calls.filter((c) => c.op === 'campaigns.page' && (c.args[0] as { cursor?: string }).cursor);
      expect(next).toHaveLength(1);
      expect(next[0]!.args[0]).toMatchObject({ channel: 'webinars', limit: 30 });
      expect(within(card('Webinars')).queryByText('Webinar 500')).not.toBeInTheDocument();
    });
  });
});

