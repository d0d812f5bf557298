import { describe, expect, it } from 'vitest';
import { CHANNEL_VALUES, type Channel } from './channels';
import type { PermissionType } from './constants';
import { NOBODY, POLICY_ACTIONS, POLICY_RESOURCES, abilities, can, intersectRights, principalFrom, toWirePrincipal, type CampaignAccessFields, type Principal } from './policy';

const user = (...perms: Array<[PermissionType, Channel?]>): Principal => ({
  userId: 'u1',
  role: null,
  permissions: perms.map(([permission_type, channel]) => ({ permission_type, channel: channel ?? null })),
});
const admin: Principal = { userId: 'a1', role: 'admin', permissions: [] };
const key = (extra: Partial<Principal>, base: Principal = admin): Principal => ({ ...base, ...extra });

const global = (channels: Channel[], created_by = 'u1') => ({ scope: 'global' as const, primary_channel: null, channels, created_by });
const channelOnly = (c: Channel, created_by = 'u1') => ({ scope: 'channel' as const, primary_channel: c, channels: [c], created_by });
const virtual = (type: 'ad' | 'event') => ({ virtual: true as const, source: { type } });

describe('the main and channel calendars (docs/product.md#permissions: view and create)', () => {
  it('should need channel_view for a channel and global_view for the main calendar', () => {
    expect(can(user(['channel_view', 'email']), 'read', 'calendar', { channel: 'email' })).toBe(true);
    expect(can(user(['channel_view', 'email']), 'read', 'calendar', { channel: 'social' })).toBe(false);
    expect(can(user(['channel_view', 'email']), 'read', 'calendar')).toBe(false);
    expect(can(user(['global_view']), 'read', 'calendar')).toBe(true);
    // What the main calendar shows appears on every channel's calendar too.
    expect(can(user(['global_view']), 'read', 'calendar', { channel: 'email' })).toBe(true);
  });

  it('should treat create the same way, and never let view imply create', () => {
    expect(can(user(['channel_create', 'pr']), 'create', 'calendar', { channel: 'pr' })).toBe(true);
    expect(can(user(['channel_create', 'pr']), 'create', 'calendar')).toBe(false);
    expect(can(user(['global_create']), 'create', 'calendar')).toBe(true);
    expect(can(user(['global_view']), 'create', 'calendar')).toBe(false);
    expect(can(user(['channel_view', 'pr']), 'create', 'calendar', { channel: 'pr' })).toBe(false);
  });

  it('should let an administrator view and create everywhere', () => {
    for (const channel of CHANNEL_VALUES) {
      expect(can(admin, 'read', 'calendar', { channel })).toBe(true);
      expect(can(admin, 'create', 'calendar', { channel })).toBe(true);
    }
  });
});

describe('campaign rows (docs/architecture.md#rules)', () => {
  it('should let global campaigns be read with global_view or with view on any of their channels', () => {
    expect(can(user(['global_view']), 'read', 'campaign', global(['email']))).toBe(true);
    expect(can(user(['channel_view', 'social']), 'read', 'campaign', global(['email', 'social']))).toBe(true);
    expect(can(user(['channel_view', 'seo']), 'read', 'campaign', global(['email', 'social']))).toBe(false);
  });

  it('should read, update and delete channel campaigns only through their primary channel', () => {
    expect(can(user(['global_view']), 'read', 'campaign', channelOnly('email'))).toBe(false);
    expect(can(user(['channel_view', 'email']), 'read', 'campaign', channelOnly('email'))).toBe(true);
    for (const action of ['create', 'update', 'delete'] as const) {
      expect(can(user(['global_create']), action, 'campaign', channelOnly('email'))).toBe(false);
      expect(can(user(['channel_create', 'email']), action, 'campaign', channelOnly('email'))).toBe(true);
    }
  });

  it('should need global_create to write a global campaign', () => {
    expect(can(user(['channel_create', 'email']), 'update', 'campaign', global(['email']))).toBe(false);
    expect(can(user(['global_create']), 'update', 'campaign', global(['email']))).toBe(true);
  });

  it('should let only admins, or global creators on their own rows, promote', () => {
    const creator = user(['global_create'], ['channel_view', 'email']);
    expect(can(creator, 'promote', 'campaign', channelOnly('email', 'u1'))).toBe(true);
    expect(can(creator, 'promote', 'campaign', channelOnly('email', 'someone-else'))).toBe(false);
    // The creator must still be able to see the row.
    expect(can(user(['global_create']), 'promote', 'campaign', channelOnly('email', 'u1'))).toBe(false);
    expect(can(user(['channel_create', 'email'], ['channel_view', 'email']), 'promote', 'campaign', channelOnly('email'))).toBe(false);
    expect(can(admin, 'promote', 'campaign', channelOnly('email', 'someone-else'))).toBe(true);
  });

  it('should answer without a row for at least one campaign (menus, lists)', () => {
    expect(can(user(), 'read', 'campaign')).toBe(false);
    expect(can(user(['channel_view', 'seo']), 'read', 'campaign')).toBe(true);
    expect(can(user(['channel_view', 'seo']), 'create', 'campaign')).toBe(false);
    expect(can(user(['channel_create', 'seo']), 'create', 'campaign')).toBe(true);
    expect(can(user(['global_create']), 'create', 'campaign')).toBe(true);
    expect(can(user(['channel_create', 'seo']), 'promote', 'campaign')).toBe(false);
    expect(can(user(['global_create']), 'promote', 'campaign')).toBe(true);
  });

  it('should never answer no without a row when some row would be yes', () => {
    const k = key({ channels: ['email'] }, user(['channel_view', 'seo']));
    expect(can(k, 'read', 'campaign', global(['email', 'seo']))).toBe(true);
    expect(can(k, 'read', 'campaign')).toBe(true);
  });

  it('should let virtual rows be read like their source and never written', () => {
    const industryViewer = user(['channel_view', 'industry-publications']);
    expect(can(industryViewer, 'read', 'campaign', virtual('ad'))).toBe(true);
    expect(can(industryViewer, 'read', 'campaign', virtual('event'))).toBe(false);
    expect(can(user(['channel_view', 'events']), 'read', 'campaign', virtual('event'))).toBe(true);
    for (const action of ['create', 'update', 'delete', 'promote'] as const) expect(can(admin, action, 'campaign', virtual('ad'))).toBe(false);
  });
});

describe('industry data and events', () => {
  it('should gate industry data on global rights or the industry-publications channel', () => {
    expect(can(user(['channel_view', 'industry-publications']), 'read', 'industry')).toBe(true);
    expect(can(user(['channel_view', 'events']), 'read', 'industry')).toBe(false);
    expect(can(user(['global_view']), 'read', 'industry')).toBe(true);
    expect(can(user(['global_create']), 'create', 'industry')).toBe(true);
    expect(can(user(['channel_create', 'industry-publications']), 'delete', 'industry')).toBe(true);
    expect(can(user(['channel_view', 'industry-publications']), 'update', 'industry')).toBe(false);
  });

  it('should gate events on global rights or the events channel', () => {
    expect(can(user(['channel_view', 'events']), 'read', 'event')).toBe(true);
    expect(can(user(['channel_view', 'email']), 'read', 'event')).toBe(false);
    expect(can(user(['channel_create', 'events']), 'create', 'event')).toBe(true);
    expect(can(user(['channel_create', 'industry-publications']), 'create', 'event')).toBe(false);
  });
});

describe('ideas and comments', () => {
  it('should let every signed-in user read and create them', () => {
    for (const resource of ['idea', 'comment'] as const) {
      expect(can(user(), 'read', resource)).toBe(true);
      expect(can(user(), 'create', resource)).toBe(true);
    }
  });

  it('should let authors and admins edit and delete them, nobody else', () => {
    for (const resource of ['idea', 'comment'] as const) {
      for (const action of ['update', 'delete'] as const) {
        expect(can(user(), action, resource, { created_by: 'u1' })).toBe(true);
        expect(can(user(), action, resource, { created_by: 'u2' })).toBe(false);
        expect(can(admin, action, resource, { created_by: 'u2' })).toBe(true);
      }
      expect(can(admin, 'promote', resource, { created_by: 'a1' })).toBe(false);
    }
  });
});

describe('users, roles, permissions and access keys', () => {
  it('should be for administrators only', () => {
    expect(can(admin, 'administer', 'user')).toBe(true);
    expect(can(user(['global_create'], ['global_view']), 'administer', 'user')).toBe(false);
    expect(can(user(), 'read', 'user', { user_id: 'u2' })).toBe(false);
  });

  it("should let everybody read their own permission records", () => {
    expect(can(user(), 'read', 'user', { user_id: 'u1' })).toBe(true);
    expect(can(user(), 'update', 'user', { user_id: 'u1' })).toBe(false);
  });
});

describe('the dashboard', () => {
  it('should be visible with any view right, and per channel with that channel', () => {
    expect(can(user(), 'read', 'dashboard')).toBe(false);
    expect(can(user(['channel_view', 'events']), 'read', 'dashboard')).toBe(true);
    expect(can(user(['channel_view', 'events']), 'read', 'dashboard', { channel: 'email' })).toBe(false);
    expect(can(user(['global_view']), 'read', 'dashboard', { channel: 'email' })).toBe(true);
    expect(can(admin, 'create', 'dashboard')).toBe(false);
  });
});

describe('access keys', () => {
  it('should never let a read-only key write, even one made by an admin', () => {
    const k = key({ readOnly: true });
    expect(can(k, 'read', 'campaign', global(['email']))).toBe(true);
    expect(can(k, 'update', 'campaign', global(['email']))).toBe(false);
    expect(can(k, 'create', 'campaign')).toBe(false);
    expect(can(k, 'promote', 'campaign', channelOnly('email'))).toBe(false);
    expect(can(k, 'create', 'industry')).toBe(false);
    expect(can(k, 'create', 'event')).toBe(false);
    expect(can(k, 'read', 'idea')).toBe(true);
    expect(can(k, 'create', 'comment')).toBe(false);
    expect(can(k, 'administer', 'user')).toBe(false);
  });

  it('should keep a channel-limited key inside its channels', () => {
    const k = key({ channels: ['email'] });
    expect(can(k, 'read', 'campaign', global(['email', 'seo']))).toBe(true);
    expect(can(k, 'update', 'campaign', global(['email', 'seo']))).toBe(true);
    expect(can(k, 'read', 'campaign', global(['seo']))).toBe(false);
    expect(can(k, 'update', 'campaign', global(['seo']))).toBe(false);
    expect(can(k, 'read', 'campaign', channelOnly('seo'))).toBe(false);
    expect(can(k, 'read', 'calendar', { channel: 'seo' })).toBe(false);
    expect(can(k, 'read', 'industry')).toBe(false);
    expect(can(key({ channels: ['events'] }), 'read', 'event')).toBe(true);
    // Ideas belong to no channel, so a channel-limited key sees none; nor does it administer.
    expect(can(k, 'read', 'idea')).toBe(false);
    expect(can(k, 'administer', 'user')).toBe(false);
  });

  it("should never let a key administer, not even an administrator's full write key", () => {
    const full = key({ accessKeyId: 'k1' });
    expect(can(full, 'administer', 'user')).toBe(false);
    expect(can(full, 'read', 'user', { user_id: 'someone else' })).toBe(false);
    expect(can(full, 'create', 'user')).toBe(false);
    expect(abilities(full).admin).toBe(false);
    // It still writes what its creator may.
    expect(can(full, 'update', 'campaign', channelOnly('seo'))).toBe(true);
    expect(can(full, 'create', 'idea')).toBe(true);
  });

  it('should let a key bound to a view read campaigns its view passes and the ads and events it shows, nothing else', () => {
    const bound = key({ accessKeyId: 'k2', readOnly: true, campaignFilter: { channel: ['email'] } });
    expect(can(bound, 'read', 'campaign', { ...global(['email']), status: 'live' })).toBe(true);
    expect(can(bound, 'read', 'campaign', global(['seo']))).toBe(false);
    expect(can(bound, 'read', 'campaign', virtual('ad'))).toBe(true);
    for (const resource of ['idea', 'comment', 'industry', 'event'] as const) expect([resource, can(bound, 'read', resource)]).toEqual([resource, false]);
    expect(can(bound, 'read', 'user', { user_id: bound.userId })).toBe(false);
  });

  it("should give a key bound to another person's view only the rights both hold", () => {
    const viewer = user(['channel_view', 'email'], ['global_view']);
    expect(intersectRights(admin, viewer)).toEqual({ role: null, permissions: viewer.permissions });
    expect(intersectRights(viewer, admin)).toEqual({ role: null, permissions: viewer.permissions });
    expect(intersectRights(admin, admin)).toEqual({ role: 'admin', permissions: [] });
    expect(intersectRights(viewer, user(['channel_view', 'email'], ['channel_view', 'seo']))).toEqual({
      role: null, permissions: [{ permission_type: 'channel_view', channel: 'email' }],
    });
    expect(intersectRights(viewer, user())).toEqual({ role: null, permissions: [] });
  });

  it("should limit a key to its creator's rights", () => {
    const k = key({ channels: ['email', 'seo'] }, user(['channel_view', 'email']));
    expect(can(k, 'read', 'campaign', channelOnly('email'))).toBe(true);
    expect(can(k, 'read', 'campaign', channelOnly('seo'))).toBe(false);
  });
});

describe('campaign comments (docs/adr/0059)', () => {
  const comment = (campaign: CampaignAccessFields | null, created_by: string | null = 'someone else') => ({ created_by, campaign });

  it('should let whoever reads the campaign read and add comments, and only the author or an administrator change them', () => {
    const viewer = user(['channel_view', 'email']);
    expect(can(viewer, 'read', 'campaign_comment', comment(channelOnly('email')))).toBe(true);
    expect(can(viewer, 'create', 'campaign_comment', comment(channelOnly('email'), 'u1'))).toBe(true);
    expect(can(viewer, 'read', 'campaign_comment', comment(channelOnly('seo')))).toBe(false);
    expect(can(viewer, 'create', 'campaign_comment', comment(channelOnly('seo'), 'u1'))).toBe(false);
    expect(can(user(['global_create']), 'read', 'campaign_comment', comment(global(['email'])))).toBe(false);
    for (const action of ['update', 'delete'] as const) {
      expect(can(viewer, action, 'campaign_comment', comment(channelOnly('email'), 'u1'))).toBe(true);
      expect(can(viewer, action, 'campaign_comment', comment(channelOnly('email')))).toBe(false);
      expect(can(admin, action, 'campaign_comment', comment(channelOnly('email')))).toBe(true);
    }
    expect(can(admin, 'read', 'campaign_comment', comment(null))).toBe(true);
    expect(can(viewer, 'read', 'campaign_comment', comment(null))).toBe(false);
  });

  it('should let keys read as their campaign reads, and only a full write key write, as its owner; keys never moderate', () => {
    const full = key({ accessKeyId: 'k1' });
    const readOnly = key({ accessKeyId: 'k2', readOnly: true });
    const inEmail = key({ accessKeyId: 'k3', channels: ['email'] });
    const bound = key({ accessKeyId: 'k4', readOnly: true, campaignFilter: { channel: ['email'] } });
    for (const k of [full, readOnly, inEmail]) expect(can(k, 'read', 'campaign_comment', comment(channelOnly('email')))).toBe(true);
    expect(can(bound, 'read', 'campaign_comment', comment(channelOnly('email')))).toBe(false);
    expect(can(full, 'create', 'campaign_comment', comment(channelOnly('email'), 'a1'))).toBe(true);
    expect(can(full, 'update', 'campaign_comment', comment(channelOnly('email'), 'a1'))).toBe(true);
    expect(can(full, 'update', 'campaign_comment', comment(channelOnly('email')))).toBe(false);
    for (const k of [readOnly, inEmail, bound]) expect(can(k, 'create', 'campaign_comment', comment(channelOnly('email'), 'a1'))).toBe(false);
    expect(can(inEmail, 'create', 'campaign_comment')).toBe(false);
    expect(can(full, 'create', 'campaign_comment')).toBe(true);
    expect(can(user(), 'read', 'campaign_comment')).toBe(false);
  });
});

describe('campaign tasks (docs/adr/0049)', () => {
  const task = (campaign: ReturnType<typeof global> | ReturnType<typeof channelOnly> | null, assignee_id: string | null = null, changes?: string[]) => ({
    assignee_id,
    campaign,
    ...(changes ? { changes } : {}),
  });

  it('should let whoever reads the campaign read its tasks, and nobody else', () => {
    expect(can(user(['global_view']), 'read', 'task', task(global(['email'])))).toBe(true);
    expect(can(user(['channel_view', 'email']), 'read', 'task', task(global(['email', 'seo'])))).toBe(true);
    expect(can(user(['channel_view', 'seo']), 'read', 'task', task(channelOnly('email')))).toBe(false);
    // Creating campaigns does not imply reading them, nor their tasks.
    expect(can(user(['global_create']), 'read', 'task', task(global(['email'])))).toBe(false);
  });

  it('should let whoever may update the campaign create, update, move and delete its tasks', () => {
    const editor = user(['channel_view', 'email'], ['channel_create', 'email']);
    for (const action of ['create', 'update', 'delete'] as const) {
      expect([action, can(editor, action, 'task', task(channelOnly('email')))]).toEqual([action, true]);
      expect([action, can(editor, action, 'task', task(channelOnly('seo')))]).toEqual([action, false]);
      expect([action, can(user(['global_view']), action, 'task', task(global(['email'])))]).toEqual([action, false]);
    }
    expect(can(editor, 'update', 'task', task(channelOnly('email'), null, ['title', 'rank', 'assignee_id']))).toBe(true);
  });

  it("should let the assignee, who may only read the campaign, change the status of their own task and nothing else", () => {
    const viewer = user(['global_view']);
    expect(can(viewer, 'update', 'task', task(global(['email']), 'u1', ['status']))).toBe(true);
    // What the server writes with it (a revert of a status change puts both back).
    expect(can(viewer, 'update', 'task', task(global(['email']), 'u1', ['status', 'completed_at']))).toBe(true);
    expect(can(viewer, 'update', 'task', task(global(['email']), 'u1', ['status', 'title']))).toBe(false);
    expect(can(viewer, 'update', 'task', task(global(['email']), 'u1', ['rank']))).toBe(false);
    // Without the fields an update writes, it may write any: the assignee alone may not.
    expect(can(viewer, 'update', 'task', task(global(['email']), 'u1'))).toBe(false);
    // Not their task, or a campaign they cannot read (assigned before they lost the right).
    expect(can(viewer, 'update', 'task', task(global(['email']), 'someone else', ['status']))).toBe(false);
    expect(can(user(['channel_view', 'seo']), 'update', 'task', task(channelOnly('email'), 'u1', ['status']))).toBe(false);
    expect(can(viewer, 'delete', 'task', task(global(['email']), 'u1'))).toBe(false);
    expect(can(viewer, 'create', 'task', task(global(['email']), 'u1'))).toBe(false);
  });

  it('should hold keys to their limits: read-only keys read, keys act for their creator in their channels, bound keys read no tasks', () => {
    const readOnly = key({ accessKeyId: 'k1', readOnly: true });
    expect(can(readOnly, 'read', 'task', task(global(['email'])))).toBe(true);
    expect(can(readOnly, 'update', 'task', task(global(['email'])))).toBe(false);
    expect(can(key({ accessKeyId: 'k1', readOnly: true }, user(['global_view'])), 'update', 'task', task(global(['email']), 'u1', ['status']))).toBe(false);
    const inEmail = key({ accessKeyId: 'k2', channels: ['email'] });
    expect(can(inEmail, 'create', 'task', task(channelOnly('email')))).toBe(true);
    expect(can(inEmail, 'read', 'task', task(channelOnly('seo')))).toBe(false);
    // A write key of the assignee's changes their status as they may.
    const assigneesKey = key({ accessKeyId: 'k3' }, user(['global_view']));
    expect(can(assigneesKey, 'update', 'task', task(global(['email']), 'u1', ['status']))).toBe(true);
    const bound = key({ accessKeyId: 'k4', readOnly: true, campaignFilter: { channel: ['email'] } });
    expect(can(bound, 'read', 'task', task(global(['email'])))).toBe(false);
    expect(can(bound, 'read', 'task')).toBe(false);
  });

  it('should answer without a row for at least one task, and judge a task whose campaign is gone by administrators alone', () => {
    expect(can(user(['channel_view', 'seo']), 'read', 'task')).toBe(true);
    expect(can(user(['channel_view', 'seo']), 'update', 'task')).toBe(true);
    expect(can(user(['channel_view', 'seo']), 'create', 'task')).toBe(false);
    expect(can(user(['channel_create', 'seo']), 'create', 'task')).toBe(true);
    expect(can(user(), 'read', 'task')).toBe(false);
    expect(can(admin, 'read', 'task', task(null))).toBe(true);
    expect(can(admin, 'update', 'task', task(null))).toBe(false);
    expect(can(user(['global_view']), 'read', 'task', task(null))).toBe(false);
    expect(can(key({ accessKeyId: 'k1' }), 'read', 'task', task(null))).toBe(false);
  });
});

describe('campaign templates (docs/adr/0054)', () => {
  it('should be read by whoever may create a campaign somewhere, and kept by administrators in person', () => {
    expect(can(user(['global_create']), 'read', 'template')).toBe(true);
    expect(can(user(['channel_create', 'email']), 'read', 'template')).toBe(true);
    expect(can(user(['global_view']), 'read', 'template')).toBe(false);
    expect(can(user(['global_create']), 'create', 'template')).toBe(false);
    expect(can(user(['global_create']), 'update', 'template')).toBe(false);
    for (const action of ['create', 'update', 'delete'] as const) expect(can(admin, action, 'template')).toBe(true);
  });

  it('should let keys read them only where the key may create campaigns, and never keep them', () => {
    expect(can(key({ readOnly: true }), 'read', 'template')).toBe(false);
    expect(can(key({ accessKeyId: 'k' }), 'read', 'template')).toBe(true);
    expect(can(key({ accessKeyId: 'k' }), 'create', 'template')).toBe(false);
    expect(can(key({ accessKeyId: 'k', channels: ['email'] }), 'delete', 'template')).toBe(false);
    expect(can(key({ campaignFilter: { channels: ['email'] } as never, readOnly: false }), 'read', 'template')).toBe(false);
    expect(can(key({ accessKeyId: 'k', channels: ['seo'] }, user(['channel_create', 'email'])), 'read', 'template')).toBe(false);
  });
});

describe('every action on every resource', () => {
  it('should answer false for nobody, whatever is asked', () => {
    for (const resource of POLICY_RESOURCES) {
      for (const action of POLICY_ACTIONS) {
        if ((resource === 'idea' || resource === 'comment') && action === 'read') continue; // any signed-in caller
        expect([resource, action, can(NOBODY, action, resource)]).toEqual([resource, action, false]);
      }
    }
  });
});

describe('the principal on the wire and the abilities summary', () => {
  it('should survive the trip through GET /api/auth/user', () => {
    const p = key({ accessKeyId: 'key', readOnly: true, channels: ['email'] }, user(['global_view']));
    const wire = toWirePrincipal(p);
    expect(wire).toEqual({ user_id: 'u1', role: null, permissions: p.permissions, read_only: true, channels: ['email'], key: true });
    expect(principalFrom({ user: { id: 'u1' }, role: null, permissions: [], principal: wire })).toEqual(p);
  });

  it('should tell the browser a key or link is bound to a view, so it offers no tasks, ideas or comments', () => {
    const bound = key({ accessKeyId: 'key', readOnly: true, campaignFilter: { status: 'live' } }, user(['global_view']));
    const wire = toWirePrincipal(bound);
    expect(wire.view).toBe(true);
    const inBrowser = principalFrom({ user: { id: 'u1' }, role: null, permissions: [], principal: wire });
    expect(can(inBrowser, 'read', 'campaign', { scope: 'global', primary_channel: null, channels: ['email'], created_by: 'u2' } as CampaignAccessFields)).toBe(true);
    expect([can(inBrowser, 'read', 'task'), can(inBrowser, 'read', 'idea'), can(inBrowser, 'read', 'campaign_comment')]).toEqual([false, false, false]);
    expect(toWirePrincipal(user(['global_view'])).view).toBeUndefined();
  });

  it('should fall back to role and permissions from a server that sends no principal', () => {
    expect(principalFrom({ user: { id: 'u9' }, role: 'admin', permissions: [] })).toEqual({ userId: 'u9', role: 'admin', permissions: [] });
  });

  it('should report abilities that match can()', () => {
    const a = abilities(user(['channel_view', 'email'], ['channel_create', 'email']));
    expect(a.channels.email).toEqual({ view: true, create: true });
    expect(a.channels.seo).toEqual({ view: false, create: false });
    expect(a.global).toEqual({ view: false, create: false });
    expect(abilities(key({ readOnly: true })).global).toEqual({ view: true, create: false });
  });
});

describe('approvals (docs/adr/0056)', () => {
  const onEmail = { campaign: { scope: 'channel' as const, primary_channel: 'email' as const, channels: ['email' as const], created_by: 'x' } };
  const reviewer = (...perms: Array<[PermissionType, Channel?]>): Principal => ({ ...user(...perms), userId: 'r1' });

  it('should let whoever may change the campaign request a review, and whoever reads it see the state', () => {
    expect(can(user(['channel_create', 'email']), 'create', 'approval', onEmail)).toBe(true);
    expect(can(user(['channel_view', 'email']), 'create', 'approval', onEmail)).toBe(false);
    expect(can(user(['channel_view', 'email']), 'read', 'approval', onEmail)).toBe(true);
    expect(can(user(['channel_view', 'social']), 'read', 'approval', onEmail)).toBe(false);
  });

  it('should let a reviewer of the step decide with view rights, and nobody else, nor a read-only key', () => {
    expect(can(reviewer(['channel_view', 'email']), 'update', 'approval', { ...onEmail, reviewer_ids: ['r1'] })).toBe(true);
    expect(can(reviewer(['channel_view', 'email']), 'update', 'approval', { ...onEmail, reviewer_ids: ['r2'] })).toBe(false);
    expect(can(admin, 'update', 'approval', { ...onEmail, reviewer_ids: ['r1'] })).toBe(false);
    expect(can(key({ readOnly: true, accessKeyId: 'k' }, reviewer(['channel_view', 'email'])), 'update', 'approval', { ...onEmail, reviewer_ids: ['r1'] })).toBe(false);
    expect(can(key({ accessKeyId: 'k' }, reviewer(['channel_view', 'email'])), 'update', 'approval', { ...onEmail, reviewer_ids: ['r1'] })).toBe(true);
    expect(can(key({ accessKeyId: 'k', channels: ['social'] }, reviewer(['channel_view', 'email'])), 'update', 'approval', { ...onEmail, reviewer_ids: ['r1'] })).toBe(false);
  });

  it('should leave rules and overrides to administrators, never their keys', () => {
    expect(can(admin, 'administer', 'approval')).toBe(true);
    expect(can(key({ accessKeyId: 'k' }), 'administer', 'approval')).toBe(false);
    expect(can(user(['global_create']), 'administer', 'approval')).toBe(false);
  });
});

describe('the working calendar (docs/adr/0052)', () => {
  it('should be read by every signed-in principal, keys included, and kept by administrators alone', () => {
    expect(can(user(), 'read', 'working_calendar')).toBe(true);
    expect(can(key({ accessKeyId: 'k', readOnly: true }, user()), 'read', 'working_calendar')).toBe(true);
    expect(can(NOBODY, 'read', 'working_calendar')).toBe(false);
    expect(can(user(['global_create']), 'update', 'working_calendar')).toBe(false);
    expect(can(admin, 'update', 'working_calendar')).toBe(true);
    expect(can(key({ accessKeyId: 'k', readOnly: false }, admin), 'update', 'working_calendar')).toBe(false);
  });
});

describe('inbox items (docs/adr/0060)', () => {
  it('should be read and marked read by their recipient alone, never through a key, and created by nobody', () => {
    const me = user(['global_view']);
    const mine = { user_id: me.userId };
    expect(can(me, 'read', 'notification', mine)).toBe(true);
    expect(can(me, 'update', 'notification', mine)).toBe(true);
    expect(can(me, 'read', 'notification')).toBe(true);
    expect(can(admin, 'read', 'notification', mine)).toBe(me.userId === admin.userId);
    expect(can(admin, 'update', 'notification', { user_id: 'someone-else' })).toBe(false);
    expect(can(me, 'create', 'notification', mine)).toBe(false);
    expect(can(me, 'delete', 'notification', mine)).toBe(false);
    expect(can(admin, 'administer', 'notification')).toBe(false);
    expect(can(key({ accessKeyId: 'k' }, me), 'read', 'notification', mine)).toBe(false);
    expect(can(key({ accessKeyId: 'k', readOnly: true }, me), 'read', 'notification')).toBe(false);
    expect(can(NOBODY, 'read', 'notification')).toBe(false);
  });
});
