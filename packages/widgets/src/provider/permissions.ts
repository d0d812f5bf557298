import type { Campaign, VirtualCampaign } from '@cadence/core';

export type AnyCampaign = Campaign | VirtualCampaign;

export const isVirtual = (c: AnyCampaign): c is VirtualCampaign => 'virtual' in c && c.virtual === true;

/** What the user may do with one campaign: core's `can()` for 'update' and 'promote' (see session.ts). */
export interface CampaignRights {
  edit: boolean;
  promote: boolean;
}
