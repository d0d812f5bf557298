import { CACHE_KEYS, tallyCampaignStats, type StatsInPlace } from '@cadence/core';
import { describe, expect, it, vi } from 'vitest';
import { QueryStore } from './query-store';
import { applyStatsMessage } from './stats-cache';

const answer = (n: number, as_of: string | undefined = '100:105:'): StatsInPlace => ({
  ...tallyCampaignStats(n ? [{ status: 'planning', scope: 'global', channels: ['email'], primary_channel: null, n }] : []),
  owner_counts: {},
  as_of,
});
const row = { id: 'c1', status: 'live', scope: 'global', channels: ['email'], primary_channel: null, owner: null };
const insert = { type: 'change', topic: 'campaigns', seq: 110 * 65_536 + 65_535, op: 'insert', row, basis: { created: '110', before: [] } };

/** A store holding one stats answer that the screen shows (so an invalidation refetches). */
async function shown(key: string, first: StatsInPlace, refetched: StatsInPlace) {
  const store = new QueryStore();
  const fetcher = vi.fn(async () => refetched);
  await store.fetch(key, async () => first);
  store.subscribe(key, () => {});
  store.fetch(key, fetcher); // registers the fetcher without asking (data is fresh)
  return { store, fetcher };
}

describe('applyStatsMessage', () => {
  it('should move the counts by the change without a request', async () => {
    const { store, fetcher } = await shown(CACHE_KEYS.campaignStats, answer(2), answer(0));
    expect(applyStatsMessage(store, insert)).toBe(true);
    const data = store.get<StatsInPlace>(CACHE_KEYS.campaignStats).data!;
    expect(data.total).toBe(3);
    expect(data.by_status.live).toBe(1);
    expect(data.by_channel.email.total).toBe(3);
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('should follow the filter of a filtered answer', async () => {
    const key = `${CACHE_KEYS.campaignStats}${JSON.stringify({ status: 'planning' })}`;
    const { store, fetcher } = await shown(key, answer(2), answer(0));
    applyStatsMessage(store, insert);
    expect(store.get<StatsInPlace>(key).data!.total).toBe(2);
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('should refetch only the counts it cannot move exactly (no snapshot, a search)', async () => {
    const old = await shown(CACHE_KEYS.campaignStats, { ...answer(2), as_of: undefined }, answer(7));
    applyStatsMessage(old.store, insert);
    await vi.waitFor(() => expect(old.store.get<StatsInPlace>(CACHE_KEYS.campaignStats).data!.total).toBe(7));
    expect(old.fetcher).toHaveBeenCalledTimes(1);
    const key = `${CACHE_KEYS.campaignStats}${JSON.stringify({ q: 'launch' })}`;
    const search = await shown(key, answer(2), answer(5));
    applyStatsMessage(search.store, insert);
    await vi.waitFor(() => expect(search.store.get<StatsInPlace>(key).data!.total).toBe(5));
  });
});
