import { formatYmd, statusLabel, type Campaign } from '@cadence/core';

const dateText = (d: string | null) => (d ? formatYmd(d, 'MMM dd') : 'none (ongoing)');

/**
 * What someone else changed, for the notice after a refused move:
 * 'Live date is now Mar 09 (was Mar 04); title is now "Spring launch v2"'.
 */
export function describeOtherChanges(mine: Campaign, current: Campaign): string {
  const parts: string[] = [];
  if (current.planning_start_date !== mine.planning_start_date) {
    parts.push(`Planning start is now ${dateText(current.planning_start_date)} (was ${dateText(mine.planning_start_date)})`);
  }
  if (current.live_date !== mine.live_date) parts.push(`Live date is now ${dateText(current.live_date)} (was ${dateText(mine.live_date)})`);
  if (current.end_date !== mine.end_date) parts.push(`End date is now ${dateText(current.end_date)} (was ${dateText(mine.end_date)})`);
  if (current.title !== mine.title) parts.push(`Title is now "${current.title}"`);
  if (current.status !== mine.status) parts.push(`Status is now ${statusLabel(current.status)}`);
  if (current.owner !== mine.owner) parts.push(`Owner is now ${current.owner ?? 'nobody'}`);
  const joined = parts.join('; ');
  return joined ? `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.` : 'Other details changed.';
}
