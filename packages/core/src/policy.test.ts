import { describe, expect, it } from 'vitest';
import type { Channel } from './channels';
import type { PermissionType } from './constants';
import {
  abilities,
  canAdminister,
  canCreate,
  canEditOwnedRow,
  canPromoteCampaign,
  canReadCampaign,
  canReadEvents,
  canReadIndustry,
  canView,
  canWriteCampaign,
  canWriteIndustry,
  type Principal,
} from './policy';

const user = (...perms: Array<[PermissionType, Channel?]>): Principal => ({
  userId: 'u1',
  role: null,
  permissions: perms.map(([permission_type, channel]) => ({ permission_type, channel: channel ?? null })),
});
const admin: Principal = { userId: 'a1', role: 'admin', permissions: [] };

const global = (channels: Channel[], created_by = 'u1') => ({ scope: 'global' as const, primary_channel: null, channels, created_by });
const channelOnly = (c: Channel, created_by = 'u1') => ({ scope: 'channel' as const, primary_channel: c, channels: [c], created_by });

describe('permission checks (spec §6)', () => {
  it('should need channel_view for a view check with a channel and global_view without one', () => {
    expect(canView(user(['channel_view', 'email']), 'email')).toBe(true);
    expect(canView(user(['channel_view', 'email']), 'social')).toBe(false);
    expect(canView(user(['channel_view', 'email']))).toBe(false);
    expect(canView(user(['global_view']))).toBe(true);
    expect(canView(user(['global_view']), 'email')).toBe(false);
  });

  it('should treat create the same way, and never let view imply create', () => {
    expect(canCreate(user(['channel_create', 'pr']), 'pr')).toBe(true);
    expect(canCreate(user(['global_create']))).toBe(true);
    expect(canCreate(user(['global_view']))).toBe(false);
    expect(canCreate(user(['channel_view', 'pr']), 'pr')).toBe(false);
  });

  it('should let an administrator view and create everywhere', () => {
    expect(canView(admin)).toBe(true);
    expect(canCreate(admin, 'seo')).toBe(true);
    expect(canAdminister(admin)).toBe(true);
    expect(canAdminister(user(['global_create']))).toBe(false);
  });
});

describe('campaign rows (DESIGN §5)', () => {
  it('should let global campaigns be read with global_view or with view on any of their channels', () => {
    expect(canReadCampaign(user(['global_view']), global(['email']))).toBe(true);
    expect(canReadCampaign(user(['channel_view', 'social']), global(['email', 'social']))).toBe(true);
    expect(canReadCampaign(user(['channel_view', 'seo']), global(['email', 'social']))).toBe(false);
  });

  it('should read and write channel campaigns only through their primary channel', () => {
    expect(canReadCampaign(user(['global_view']), channelOnly('email'))).toBe(false);
    expect(canReadCampaign(user(['channel_view', 'email']), channelOnly('email'))).toBe(true);
    expect(canWriteCampaign(user(['global_create']), channelOnly('email'))).toBe(false);
    expect(canWriteCampaign(user(['channel_create', 'email']), channelOnly('email'))).toBe(true);
  });

  it('should need global_create to write a global campaign', () => {
    expect(canWriteCampaign(user(['channel_create', 'email']), global(['email']))).toBe(false);
    expect(canWriteCampaign(user(['global_create']), global(['email']))).toBe(true);
  });

  it('should let only admins, or global creators on their own rows, promote', () => {
    const creator = user(['global_create'], ['channel_view', 'email']);
    expect(canPromoteCampaign(creator, channelOnly('email', 'u1'))).toBe(true);
    expect(canPromoteCampaign(creator, channelOnly('email', 'someone-else'))).toBe(false);
    expect(canPromoteCampaign(user(['channel_create', 'email'], ['channel_view', 'email']), channelOnly('email'))).toBe(false);
    expect(canPromoteCampaign(admin, channelOnly('email', 'someone-else'))).toBe(true);
  });
});

describe('areas and owned rows', () => {
  it('should gate industry data on global rights or the industry-publications channel', () => {
    expect(canReadIndustry(user(['channel_view', 'industry-publications']))).toBe(true);
    expect(canReadIndustry(user(['channel_view', 'events']))).toBe(false);
    expect(canWriteIndustry(user(['global_create']))).toBe(true);
    expect(canReadEvents(user(['channel_view', 'events']))).toBe(true);
  });

  it('should let authors and admins edit ideas and comments, nobody else', () => {
    expect(canEditOwnedRow(user(), { created_by: 'u1' })).toBe(true);
    expect(canEditOwnedRow(user(), { created_by: 'u2' })).toBe(false);
    expect(canEditOwnedRow(admin, { created_by: 'u2' })).toBe(true);
  });
});

describe('access keys', () => {
  const key = (extra: Partial<Principal>): Principal => ({ ...admin, ...extra });

  it('should never let a read-only key write, even one made by an admin', () => {
    const k = key({ readOnly: true });
    expect(canReadCampaign(k, global(['email']))).toBe(true);
    expect(canWriteCampaign(k, global(['email']))).toBe(false);
    expect(canWriteIndustry(k)).toBe(false);
    expect(canAdminister(k)).toBe(false);
  });

  it('should keep a channel-limited key inside its channels', () => {
    const k = key({ channels: ['email'] });
    expect(canReadCampaign(k, global(['email', 'seo']))).toBe(true);
    expect(canReadCampaign(k, global(['seo']))).toBe(false);
    expect(canReadCampaign(k, channelOnly('seo'))).toBe(false);
    expect(canReadIndustry(k)).toBe(false);
  });

  it('should report abilities that match the checks', () => {
    const a = abilities(user(['channel_view', 'email'], ['channel_create', 'email']));
    expect(a.channels.email).toEqual({ view: true, create: true });
    expect(a.channels.seo).toEqual({ view: false, create: false });
    expect(a.global).toEqual({ view: false, create: false });
    expect(abilities(key({ readOnly: true })).global).toEqual({ view: true, create: false });
  });
});
