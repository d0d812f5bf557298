import { formatCount, type CampaignFilter } from '@cadence/core';

/** The filter with one field set, or removed when `value` is undefined (no stray `undefined` keys in links or cache keys). */
export function withFilter<K extends keyof CampaignFilter>(filter: CampaignFilter, key: K, value: CampaignFilter[K]): CampaignFilter {
  const next: CampaignFilter = { ...filter };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

const campaigns = (n: number) => (n === 1 ? 'campaign' : 'campaigns');

/** "Showing 12 of 1,340 campaigns" (thousands separated, as the stat cards); blank until both counts are known. */
export function filterCountText(shown: number | undefined, total: number | undefined): string {
  if (shown === undefined || total === undefined) return '';
  return `Showing ${formatCount(shown)} of ${formatCount(total)} ${campaigns(total)}`;
}
