import type { Campaign } from '@cadence/core';
import { campaignSchema } from '@cadence/core/schemas';
import { withIsoTimestamps } from '../present';
import { defineResource } from '../resource';

export type CampaignRaw = Campaign & { created_at: Date | string; updated_at: Date | string };

const COLUMNS = Object.keys(campaignSchema.shape).map((c) => `campaigns.${c}`);

export const campaigns = defineResource('campaigns', {
  table: 'campaigns',
  label: 'Campaign',
  // The API's fields only: lists of thousands read no more than they send (the feed's own
  // columns, docs/adr/0023, stay behind).
  select: (db) => db('campaigns').select(COLUMNS),
  selectIsTable: true,
  present: (raw: CampaignRaw) => withIsoTimestamps(raw) as Campaign,
});
