import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { CampaignDialog } from '../campaign-dialog/CampaignDialog';
import { makeCampaign } from '../testing/fixtures';
import { makeNotification } from '../testing/fixtures-more';
import { renderWidget } from '../testing/render';
import { InboxBell } from './InboxBell';
import { NotificationSettings } from './NotificationSettings';

const SPRING = '11111111-1111-4111-8111-111111111111';
const WEBINAR = '22222222-2222-4222-8222-222222222222';

const items = () => [
  makeNotification({ kind: 'task_assigned', campaign_id: SPRING, data: { campaign_title: 'Spring Launch', task_title: 'Write copy' } }),
  makeNotification({ kind: 'campaign_changed', campaign_id: SPRING, data: { campaign_title: 'Spring Launch', changes: { live_date: { before: '2026-03-20', after: '2026-03-27' } } } }),
  makeNotification({ kind: 'review_requested', campaign_id: WEBINAR, data: { campaign_title: 'Webinar Series' } }),
  makeNotification({ kind: 'approved', campaign_id: WEBINAR, read_at: '2026-03-11T08:00:00.000Z', data: { campaign_title: 'Webinar Series' } }),
  // Someone else's: never shown.
  makeNotification({ kind: 'mentioned', user_id: '99999999-9999-4999-8999-999999999999', campaign_id: SPRING, data: { campaign_title: 'Spring Launch' } }),
];

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('the bell and the inbox', () => {
  it('should name the unread count, open the inbox grouped per campaign, and say each item in words', async () => {
    const { user } = renderWidget(<InboxBell />, { notifications: items() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await user.click(bell);
    const inbox = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = await within(inbox).findAllByRole('link');
    expect(links.slice(0, 4).map((l) => l.textContent)).toEqual([
      expect.stringContaining('Unread: editor@cadence.demo assigned you “Write copy” on Spring Launch'),
      expect.stringContaining('Unread: editor@cadence.demo changed Spring Launch: go-live 2026-03-20 → 2026-03-27'),
      expect.stringContaining('Unread: editor@cadence.demo asked for your review of Webinar Series'),
      expect.stringMatching(/^editor@cadence\.demo approved Webinar Series/),
    ]);
    // Two items about one campaign together come under its title.
    expect(within(inbox).getAllByText('Spring Launch', { selector: 'p' })).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/?campaign=${SPRING}&campaign_tab=tasks`);
    expect(links[2]).toHaveAttribute('href', `/?campaign=${WEBINAR}&campaign_tab=review`);
    expect(await violations()).toEqual([]);
  });

  it('should mark an item read when it is opened, and open its campaign at its tab', async () => {
    const onOpen = vi.fn();
    const { user, client } = renderWidget(<InboxBell onOpen={onOpen} />, { notifications: items() });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const inbox = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click((await within(inbox).findAllByRole('link'))[2]!);
    expect(onOpen).toHaveBeenCalledWith(`/?campaign=${WEBINAR}&campaign_tab=review`, expect.objectContaining({ kind: 'review_requested' }));
    await waitFor(() => expect(client.control.notifications().filter((n) => n.kind === 'review_requested')[0]!.read_at).not.toBeNull());
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('should mark all read, filter to the unread, and say when there is nothing', async () => {
    const { user } = renderWidget(<InboxBell />, { notifications: items() });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const inbox = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(inbox).findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(within(inbox).getByRole('button', { name: 'Unread only' }));
    expect(await within(inbox).findByText('Nothing unread.')).toBeInTheDocument();
  });

  it('should say when the inbox is empty, and when it could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, client } = renderWidget(<InboxBell />, {});
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const inbox = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(inbox).findByText(/No notifications yet/)).toBeInTheDocument();
    client.control.failAlways('notifications.page');
    await user.click(within(inbox).getByRole('button', { name: 'Unread only' }));
    expect(await within(inbox).findByRole('alert')).toHaveTextContent('The notifications could not be loaded.');
    vi.restoreAllMocks();
  });
});

describe('notification settings', () => {
  it('should show each kind with its delivery, save a change, and pass axe', async () => {
    const { user, client } = renderWidget(<NotificationSettings />, { notificationPrefs: { time_zone: 'Europe/Paris' } });
    const mentions = await screen.findByRole('group', { name: 'Someone mentions me' });
    expect(within(mentions).getByRole('radio', { name: 'E-mail at once' })).toBeChecked();
    const assigned = screen.getByRole('group', { name: 'A task is assigned to me' });
    expect(within(assigned).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
    await user.click(within(assigned).getByRole('radio', { name: 'In the app' }));
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect((await client.notifications.prefs()).kinds.task_assigned).toBe('app');
  });

  it('should show the server’s refusal on its field', async () => {
    const { user } = renderWidget(<NotificationSettings />, { notificationPrefs: { time_zone: 'Europe/Paris' } });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Time zone: Not a time zone/)).toBeInTheDocument();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a campaign opened at a tab (an inbox item’s link)', () => {
  it('should open the campaign dialog at the tab the link names', async () => {
    const campaign = makeCampaign({ title: 'Spring Launch' });
    renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={campaign} initialTab="tasks" />, { campaigns: [campaign] });
    expect(await screen.findByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'false');
  });
});
