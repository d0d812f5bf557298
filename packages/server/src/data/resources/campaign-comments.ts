import type { CampaignComment } from '@cadence/core';
import { iso, withIsoTimestamps } from '../present';
import { defineResource } from '../resource';
import { withCampaignAccess } from './tasks';

/** A comment as its select reads it (docs/adr/0059): its columns, its author's e-mail, the people it mentions and its campaign. */
export type CampaignCommentRaw = Omit<CampaignComment, 'created_at' | 'updated_at' | 'edited_at' | 'mentions'> & {
  created_at: Date | string;
  updated_at: Date | string;
  edited_at: Date | string | null;
  mentions: CampaignComment['mentions'] | string;
};

export const CAMPAIGN_COMMENT_COLUMNS = ['id', 'campaign_id', 'body', 'mention_ids', 'edited_at', 'created_by', 'created_at', 'updated_at', 'version'] as const;

// As a task's (resources/tasks.ts): enough to name and link the campaign, and what its read rule reads.
const CAMPAIGN = `json_build_object('id', campaigns.id, 'title', campaigns.title, 'status', campaigns.status, 'scope', campaigns.scope,
  'primary_channel', campaigns.primary_channel, 'channels', campaigns.channels, 'live_date', campaigns.live_date, 'created_by', campaigns.created_by) AS campaign`;

// The mentioned people with their e-mails as they are now, in the text's order; a deleted user drops out.
const MENTIONS = `(SELECT coalesce(json_agg(json_build_object('id', mu.id, 'email', mu.email) ORDER BY m.ord), '[]'::json)
   FROM unnest(campaign_comments.mention_ids) WITH ORDINALITY AS m(id, ord) JOIN users mu ON mu.id = m.id) AS mentions`;

/** A uuid[] as the driver hands it: an array, or PostgreSQL's text form `{a,b}`. */
const uuidList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : [];

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export const campaignComments = defineResource('campaign_comments', {
  table: 'campaign_comments',
  idColumn: 'campaign_comments.id',
  label: 'Comment',
  select: (db) =>
    db('campaign_comments')
      // Joined by its name, so the campaigns' read rule in SQL (routes/campaigns/readable.ts) applies as is.
      .join('campaigns', 'campaigns.id', 'campaign_comments.campaign_id')
      .leftJoin('users as author', 'author.id', 'campaign_comments.created_by')
      .select(...CAMPAIGN_COMMENT_COLUMNS.map((col) => `campaign_comments.${col}`), 'author.email as author_email', db.raw(MENTIONS), db.raw(CAMPAIGN)),
  present: (raw: CampaignCommentRaw) =>
    ({
      ...withIsoTimestamps(raw),
      edited_at: iso(raw.edited_at),
      mention_ids: uuidList(raw.mention_ids),
      mentions: parse(raw.mentions),
      campaign: parse(raw.campaign),
    }) as CampaignComment,
  // The campaign first, as its delete (which deletes its comments) takes it.
  lockBefore: async (trx, id) => {
    await trx.raw('SELECT c.id FROM campaigns c JOIN campaign_comments k ON k.campaign_id = c.id WHERE k.id = ? FOR NO KEY UPDATE OF c', [id]);
  },
  // A kept comment (a delete's history entry, a tombstone) with its campaign, as a task's.
  withRuleFields: withCampaignAccess,
});
