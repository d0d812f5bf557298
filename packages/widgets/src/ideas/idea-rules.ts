import { campaignDefaults, type Idea, type IdeaComment } from '@cadence/core';
import type { CampaignFormValues } from '../campaign-dialog/CampaignDialog';

/** 'less than a minute ago', '5 minutes ago', 'about 3 hours ago'…: core's, on date-fns' formatDistance. */
export { relativeTime } from '@cadence/core';

/** docs/product.md#constants: ideas newest first. */
export const newestFirst = (ideas: readonly Idea[]): Idea[] => [...ideas].sort((a, b) => b.created_at.localeCompare(a.created_at));

/** docs/product.md#calls: comments grouped by idea, oldest first. */
export function commentsByIdea(comments: readonly IdeaComment[]): Map<string, IdeaComment[]> {
  const map = new Map<string, IdeaComment[]>();
  for (const c of [...comments].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    map.set(c.idea_id, [...(map.get(c.idea_id) ?? []), c]);
  }
  return map;
}

/**
 * docs/product.md#ideas: the campaign form prefilled from an idea — title, description, no
 * channels, planning, empty owner, medium, global (the dialog sets both dates to today).
 */
export function campaignFromIdea(idea: Idea): CampaignFormValues {
  const { status, priority, scope, primary_channel } = campaignDefaults();
  return { title: idea.title, description: idea.description ?? '', channels: [], status, owner: '', priority, scope, primary_channel };
}
