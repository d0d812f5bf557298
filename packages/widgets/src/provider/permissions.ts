import { CHANNEL_VALUES, abilities as abilitiesOf, type Abilities, type AuthUserResponse, type Campaign, type VirtualCampaign } from '@cadence/core';

export type AnyCampaign = Campaign | VirtualCampaign;

export const isVirtual = (c: AnyCampaign): c is VirtualCampaign => 'virtual' in c && c.virtual === true;

/** Nothing allowed: the state before the server answered, and after it failed. */
export const NO_ABILITIES: Abilities = abilitiesOf({ userId: '', role: null, permissions: [], readOnly: true });

/** The server's abilities when it sent them, else computed from role and permissions with core's policy. */
export function abilitiesFrom(res: AuthUserResponse): Abilities {
  const a = res.abilities as Partial<Abilities> | undefined;
  if (a && a.global && a.channels) return a as Abilities;
  return abilitiesOf({ userId: res.user.id, role: res.role, permissions: res.permissions });
}

/**
 * What the user may do with one campaign, read off the abilities the server sent (the same
 * rules as core's canWriteCampaign / canPromoteCampaign, which need the full principal).
 */
export interface CampaignRights {
  edit: boolean;
  promote: boolean;
}

export function campaignRights(a: Abilities, userId: string | null, c: AnyCampaign): CampaignRights {
  if (isVirtual(c)) return { edit: false, promote: false };
  const edit = c.scope === 'channel' ? !!c.primary_channel && !!a.channels[c.primary_channel]?.create : a.global.create;
  const promote = c.scope === 'channel' && !a.read_only && a.global.create && (a.admin || (!!userId && c.created_by === userId));
  return { edit, promote };
}

/** May create a campaign anywhere (global or at least one channel). */
export function canCreateAny(a: Abilities): boolean {
  return a.global.create || CHANNEL_VALUES.some((ch) => a.channels[ch]?.create);
}
