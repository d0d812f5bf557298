import { CHANNEL_VALUES, type Channel } from './channels';
import type { PermissionType, Role, Scope } from './constants';

/**
 * Who is asking. A signed-in user, or an access key acting for its creator
 * (DESIGN §4): `readOnly` keys never write, and `channels` limits what a key sees.
 */
export interface Principal {
  userId: string;
  role: Role | null;
  permissions: ReadonlyArray<{ permission_type: PermissionType; channel: Channel | null }>;
  readOnly?: boolean;
  /** null or undefined: no channel limit. */
  channels?: readonly Channel[] | null;
}

export interface CampaignAccessFields {
  scope: Scope;
  primary_channel: Channel | null;
  channels: readonly Channel[];
  created_by: string | null;
}

export const isAdmin = (p: Principal | null | undefined): boolean => p?.role === 'admin';

function has(p: Principal, type: PermissionType, channel: Channel | null): boolean {
  return p.permissions.some((r) => r.permission_type === type && (r.channel ?? null) === channel);
}

/** Spec §6: a view check with a channel needs channel_view for it; without one, global_view. */
export function canView(p: Principal, channel?: Channel): boolean {
  if (isAdmin(p)) return true;
  return channel ? has(p, 'channel_view', channel) : has(p, 'global_view', null);
}

/** Spec §6: create works the same way with channel_create and global_create. */
export function canCreate(p: Principal, channel?: Channel): boolean {
  if (isAdmin(p)) return true;
  return channel ? has(p, 'channel_create', channel) : has(p, 'global_create', null);
}

function keyAllowsChannels(p: Principal, channels: readonly Channel[]): boolean {
  if (!p.channels) return true;
  return channels.some((c) => p.channels!.includes(c));
}

const writable = (p: Principal) => !p.readOnly;

export function canReadCampaign(p: Principal, c: CampaignAccessFields): boolean {
  if (c.scope === 'channel') {
    const primary = c.primary_channel;
    return !!primary && keyAllowsChannels(p, [primary]) && canView(p, primary);
  }
  if (p.channels && !keyAllowsChannels(p, c.channels)) return false;
  return canView(p) || c.channels.some((ch) => canView(p, ch));
}

export function canWriteCampaign(p: Principal, c: CampaignAccessFields): boolean {
  if (!writable(p)) return false;
  if (c.scope === 'channel') {
    const primary = c.primary_channel;
    return !!primary && keyAllowsChannels(p, [primary]) && canCreate(p, primary);
  }
  if (p.channels && !keyAllowsChannels(p, c.channels)) return false;
  return canCreate(p);
}

/** Promotion is for admins, or for global creators on rows they created (spec §6). */
export function canPromoteCampaign(p: Principal, c: CampaignAccessFields): boolean {
  if (!writable(p)) return false;
  if (isAdmin(p)) return true;
  return canCreate(p) && c.created_by === p.userId && canReadCampaign(p, c);
}

function areaRead(p: Principal, channel: Channel): boolean {
  return keyAllowsChannels(p, [channel]) && (canView(p) || canView(p, channel));
}
function areaWrite(p: Principal, channel: Channel): boolean {
  return writable(p) && keyAllowsChannels(p, [channel]) && (canCreate(p) || canCreate(p, channel));
}

/** Publications, ad types, ads, prospective publications and articles. */
export const canReadIndustry = (p: Principal) => areaRead(p, 'industry-publications');
export const canWriteIndustry = (p: Principal) => areaWrite(p, 'industry-publications');
export const canReadEvents = (p: Principal) => areaRead(p, 'events');
export const canWriteEvents = (p: Principal) => areaWrite(p, 'events');

/** Ideas belong to no channel, so a channel-limited key does not see them. */
export const canReadIdeas = (p: Principal) => !p.channels;
export const canCreateIdeas = (p: Principal) => !p.channels && writable(p);
export function canEditOwnedRow(p: Principal, row: { created_by: string | null }): boolean {
  return canCreateIdeas(p) && (isAdmin(p) || row.created_by === p.userId);
}

/** Users, roles, permissions and access keys. Keys never administer. */
export const canAdminister = (p: Principal) => isAdmin(p) && !p.readOnly && !p.channels;

export interface Abilities {
  admin: boolean;
  read_only: boolean;
  global: { view: boolean; create: boolean };
  channels: Record<Channel, { view: boolean; create: boolean }>;
  industry: { read: boolean; write: boolean };
  events: { read: boolean; write: boolean };
  ideas: { read: boolean; create: boolean };
}

/** What the client may show; computed from the same rules the server enforces. */
export function abilities(p: Principal): Abilities {
  const inKey = (c: Channel) => keyAllowsChannels(p, [c]);
  const channels = Object.fromEntries(
    CHANNEL_VALUES.map((c) => [
      c,
      { view: inKey(c) && (canView(p) || canView(p, c)), create: writable(p) && inKey(c) && (canCreate(p) || canCreate(p, c)) },
    ]),
  ) as Abilities['channels'];
  return {
    admin: isAdmin(p),
    read_only: !!p.readOnly,
    global: { view: canView(p), create: writable(p) && canCreate(p) },
    channels,
    industry: { read: canReadIndustry(p), write: canWriteIndustry(p) },
    events: { read: canReadEvents(p), write: canWriteEvents(p) },
    ideas: { read: canReadIdeas(p), create: canCreateIdeas(p) },
  };
}
