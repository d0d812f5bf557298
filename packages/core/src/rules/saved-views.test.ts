import { describe, expect, it } from 'vitest';
import type { Channel } from '../channels';
import type { PermissionType } from '../constants';
import { can, type Principal } from '../policy';
import { dashboardViewSearch, parseDashboardView } from './dashboard-view';
import { canEditView, canSeeView, canShareViews, dashboardTabs, droppedQueryMessage, savedViewFilter } from './saved-views';

const user = (id: string, ...perms: Array<[PermissionType, Channel?]>): Principal => ({
  userId: id,
  role: null,
  permissions: perms.map(([permission_type, channel]) => ({ permission_type, channel: channel ?? null })),
});
const admin: Principal = { userId: 'admin', role: 'admin', permissions: [] };
const viewer = user('viewer', ['global_view']);
const creator = user('creator', ['global_view'], ['global_create']);
const emailCreator = user('email', ['channel_view', 'email'], ['channel_create', 'email']);

const personal = (owner: string, dashboard: 'global' | Channel = 'global') => ({ shared: false, created_by: owner, dashboard });
const shared = (owner: string | null, dashboard: 'global' | Channel = 'global') => ({ shared: true, created_by: owner, dashboard });

describe('who may share saved views (docs/adr/0032)', () => {
  it('should let admins and users with any create right share, and no one else', () => {
    expect(canShareViews(admin)).toBe(true);
    expect(canShareViews(creator)).toBe(true);
    expect(canShareViews(emailCreator)).toBe(true);
    expect(canShareViews(viewer)).toBe(false);
  });

  it('should never let an access key share, even an admin’s', () => {
    expect(canShareViews({ ...admin, readOnly: true })).toBe(false);
    expect(canShareViews({ ...admin, channels: ['email'] })).toBe(false);
  });
});

describe('who sees and changes a saved view', () => {
  it('should keep a personal view to its owner, admins included', () => {
    expect(canSeeView(viewer, personal('viewer'))).toBe(true);
    expect(canSeeView(creator, personal('viewer'))).toBe(false);
    expect(canSeeView(admin, personal('viewer'))).toBe(false);
    expect(canEditView(viewer, personal('viewer'))).toBe(true);
    expect(canEditView(admin, personal('viewer'))).toBe(false);
  });

  it('should show a shared view to everyone who may read its dashboard', () => {
    expect(canSeeView(viewer, shared('creator'))).toBe(true);
    expect(canSeeView(emailCreator, shared('creator', 'email'))).toBe(true);
    expect(canSeeView(emailCreator, shared('creator', 'social'))).toBe(false);
    expect(canSeeView(user('nobody'), shared('creator'))).toBe(false);
  });

  it('should let the owner or an admin change a shared view, and keep it once its owner is deleted', () => {
    expect(canEditView(creator, shared('creator'))).toBe(true);
    expect(canEditView(admin, shared('creator'))).toBe(true);
    expect(canEditView(viewer, shared('creator'))).toBe(false);
    expect(canEditView(admin, shared(null))).toBe(true);
    expect(canEditView(creator, shared(null))).toBe(false);
  });
});

describe('the filter a view applies', () => {
  it('should keep the task filters through a saved link, and bind a key to the tasks of its creator', () => {
    const link = 'tab=list&owner=Dana&assignee=me&overdue=1';
    const { view } = parseDashboardView(link, { tabs: dashboardTabs('global') });
    expect(dashboardViewSearch(view)).toBe(link);
    expect(savedViewFilter('email', link)).toEqual({ filter: { owner: 'Dana', assignee: 'me', overdue: '1', channel: 'email' }, dropped: null });
    const key: Principal = { ...admin, userId: 'aaaaaaaa-0000-4000-8000-000000000000', accessKeyId: 'k', campaignFilter: { assignee: 'me' } };
    const row = (assignees: string[]) => ({ scope: 'global' as const, primary_channel: null, channels: ['email' as const], created_by: null, status: 'live' as const,
      task_summary: { total: 1, done: 0, open_required: 0, next_due: null, assignees } });
    expect(can(key, 'read', 'campaign', row([key.userId]))).toBe(true);
    expect(can(key, 'read', 'campaign', row(['bbbbbbbb-0000-4000-8000-000000000000']))).toBe(false);
  });

  it('should add the channel of a channel dashboard, as the page’s count does', () => {
    expect(savedViewFilter('global', 'channel=email,social&status=live&tab=list')).toEqual({ filter: { channel: ['email', 'social'], status: 'live' }, dropped: null });
    expect(savedViewFilter('email', 'q=launch&tab=timeline&range=year')).toEqual({ filter: { q: 'launch', channel: 'email' }, dropped: null });
  });

  it('should report what the page would drop, with the reason', () => {
    const bad = savedViewFilter('email', 'tab=channels&colour=red');
    expect(bad.filter).toBeNull();
    expect(droppedQueryMessage(bad.dropped!)).toBe(
      "The view's link has parameters the page would drop: colour=red (Unknown parameter); tab=channels (Must be one of: timeline, calendar, list)",
    );
  });
});

describe('a key bound to a view', () => {
  const bound: Principal = { ...admin, readOnly: true, campaignFilter: { channel: ['email'], status: 'live' } };
  const row = (channels: Channel[], status: 'live' | 'planning') => ({ scope: 'global' as const, primary_channel: null, channels, created_by: 'x', status, title: 't' });

  it('should read only the campaigns the view shows, and none whose fields it cannot check', () => {
    expect(can(bound, 'read', 'campaign', row(['email'], 'live'))).toBe(true);
    expect(can(bound, 'read', 'campaign', row(['email'], 'planning'))).toBe(false);
    expect(can(bound, 'read', 'campaign', row(['social'], 'live'))).toBe(false);
    expect(can(bound, 'read', 'campaign', { scope: 'global', primary_channel: null, channels: ['email'], created_by: 'x' })).toBe(false);
  });
});
