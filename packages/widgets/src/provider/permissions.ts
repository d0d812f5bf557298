import { can, type Campaign, type Principal, type VirtualCampaign } from '@cadence/core';

export type AnyCampaign = Campaign | VirtualCampaign;

export const isVirtual = (c: AnyCampaign): c is VirtualCampaign => 'virtual' in c && c.virtual === true;

/** What the user may do with one campaign: core's `can()` for 'update' and 'promote' (see session.ts). */
export interface CampaignRights {
  edit: boolean;
  promote: boolean;
}

/** Core's answers for one campaign. Promotion only means something for a channel campaign; the server lets it pass for a global one. */
export const rightsOf = (principal: Principal, c: AnyCampaign): CampaignRights => ({
  edit: can(principal, 'update', 'campaign', c),
  promote: c.scope === 'channel' && can(principal, 'promote', 'campaign', c),
});
