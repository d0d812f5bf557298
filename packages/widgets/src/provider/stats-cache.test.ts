import { tallyCampaignStats, type ChangeFrame, type QueryKey, type StatsInPlace } from '@cadence/core';
import { describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { QueryStore } from './query-store';
import { applyStatsCacheChange } from './stats-cache';

const answer = (n: number, as_of: string | undefined = '100:105:'): StatsInPlace => ({
  ...tallyCampaignStats(n ? [{ status: 'planning', scope: 'global', channels: ['email'], primary_channel: null, n }] : []),
  owner_counts: {},
  as_of,
});
const row = makeCampaign({ id: 'c1', title: 'Launch', status: 'live', scope: 'global', channels: ['email'], primary_channel: null, owner: null });
const insert: ChangeFrame<'campaigns'> = { type: 'change', topic: 'campaigns', seq: 110 * 65_536 + 65_535, op: 'insert', row, basis: { created: '110', before: [] } };
const unfiltered: QueryKey = ['campaignStats', {}];

/** A store holding one stats answer that the screen shows (so an invalidation refetches). */
async function shown(key: QueryKey, first: StatsInPlace, refetched: StatsInPlace) {
  const store = new QueryStore();
  const fetcher = vi.fn(async () => refetched);
  await store.fetch(key, async () => first);
  store.subscribe(key, () => {});
  store.fetch(key, fetcher); // registers the fetcher without asking (data is fresh)
  return { store, fetcher };
}

describe('applyStatsCacheChange', () => {
  it('should move the counts by the change without a request', async () => {
    const { store, fetcher } = await shown(unfiltered, answer(2), answer(0));
    expect(applyStatsCacheChange(store, insert)).toBe(true);
    const data = store.get<StatsInPlace>(unfiltered).data!;
    expect(data.total).toBe(3);
    expect(data.by_status.live).toBe(1);
    expect(data.by_channel.email.total).toBe(3);
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('should follow the filter of a filtered answer', async () => {
    const key: QueryKey = ['campaignStats', { status: 'planning' }];
    const { store, fetcher } = await shown(key, answer(2), answer(0));
    applyStatsCacheChange(store, insert);
    expect(store.get<StatsInPlace>(key).data!.total).toBe(2);
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('should refetch only the counts it cannot move exactly (no snapshot, a search)', async () => {
    const old = await shown(unfiltered, { ...answer(2), as_of: undefined }, answer(7));
    applyStatsCacheChange(old.store, insert);
    await vi.waitFor(() => expect(old.store.get<StatsInPlace>(unfiltered).data!.total).toBe(7));
    expect(old.fetcher).toHaveBeenCalledTimes(1);
    const key: QueryKey = ['campaignStats', { q: 'launch' }];
    const search = await shown(key, answer(2), answer(5));
    applyStatsCacheChange(search.store, insert);
    await vi.waitFor(() => expect(search.store.get<StatsInPlace>(key).data!.total).toBe(5));
  });

  it('should leave to a refetch a change that does not say where it is in the feed (a write\'s own answer)', async () => {
    const { store } = await shown(unfiltered, answer(2), answer(3));
    expect(applyStatsCacheChange(store, { topic: 'campaigns', op: 'insert', row })).toBe(false);
    expect(store.get<StatsInPlace>(unfiltered).data!.total).toBe(2);
  });
});
