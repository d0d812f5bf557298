import type { Idea, IdeaComment } from '@cadence/core';
import type { CampaignFormValues } from '../campaign-dialog/CampaignDialog';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 'less than a minute ago', '5 minutes ago', 'about 3 hours ago', '2 days ago'… (date-fns' formatDistanceToNow wording). */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  const ago = (s: string) => `${s} ago`;
  if (seconds < 30) return ago('less than a minute');
  if (seconds < 90) return ago('1 minute');
  if (seconds < 45 * MINUTE) return ago(plural(Math.round(seconds / MINUTE), 'minute'));
  if (seconds < 90 * MINUTE) return ago('about 1 hour');
  if (seconds < DAY) return ago(`about ${plural(Math.round(seconds / HOUR), 'hour')}`);
  if (seconds < 42 * HOUR) return ago('1 day');
  if (seconds < MONTH) return ago(plural(Math.round(seconds / DAY), 'day'));
  if (seconds < 45 * DAY) return ago('about 1 month');
  if (seconds < 60 * DAY) return ago('about 2 months');
  if (seconds < YEAR) return ago(plural(Math.round(seconds / MONTH), 'month'));
  const years = Math.floor(seconds / YEAR);
  const rest = seconds - years * YEAR;
  if (rest < 3 * MONTH) return ago(`about ${plural(years, 'year')}`);
  if (rest < 9 * MONTH) return ago(`over ${plural(years, 'year')}`);
  return ago(`almost ${plural(years + 1, 'year')}`);
}

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
  return {
    title: idea.title, description: idea.description ?? '', channels: [], status: 'planning', owner: '',
    priority: 'medium', scope: 'global', primary_channel: null,
  };
}
