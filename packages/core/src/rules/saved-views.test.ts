import { describe, expect, it } from 'vitest';
import type { Channel } from '../channels';
import type { PermissionType } from '../constants';
import { can, type Principal } from '../policy';
import { canEditView, canSeeView, canShareViews, droppedQueryMessage, savedViewFilter } from './saved-views';

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
