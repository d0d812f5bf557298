import type { QueryKey } from '@cadence/core';
import { describe, expect, it } from 'vitest';
import { QueryStore } from './query-store';

const k: QueryKey = ['ideas'];

const addTwo = (list: number[]) => (list.includes(2) ? list : [...list, 2]);

describe('QueryStore', () => {
  it('should apply a change to the answer of a fetch that was already running', async () => {
    const store = new QueryStore();
    await store.fetch(k, async () => [1]);
    let answer!: (list: number[]) => void;
    const refetch = store.fetch(k, () => new Promise<number[]>((r) => (answer = r)), { force: true });
    store.apply(k, addTwo);
    expect(store.get(k).data).toEqual([1, 2]);
    answer([1]);
    await refetch;
    expect(store.get<number[]>(k)).toMatchObject({ data: [1, 2], fetching: false, status: 'success' });
  });

  it('should keep an invalidated query that nobody shows, stale, and refetch it when next used', async () => {
    const store = new QueryStore();
    await store.fetch(k, async () => [1]);
    store.invalidate(k);
    expect(store.isStale(k)).toBe(true);
    expect(store.get(k).data).toEqual([1]);
    await store.fetch(k, async () => [1, 2]);
    expect(store.get(k).data).toEqual([1, 2]);
    expect(store.isStale(k)).toBe(false);
    await store.fetch(k, async () => [3]);
    expect(store.get(k).data).toEqual([1, 2]);
  });

  it('should show the answer of a fetch invalidated while it ran, then ask once more however many changes came', async () => {
    const store = new QueryStore();
    const answers: Array<(list: number[]) => void> = [];
    const fetcher = () => new Promise<number[]>((r) => answers.push(r));
    store.subscribe(k, () => {});
    const first = store.fetch(k, fetcher);
    answers[0]!([1]);
    await first;
    store.invalidate(k);
    expect(answers).toHaveLength(2);
    store.invalidate(k);
    store.invalidate(k);
    expect(answers).toHaveLength(2);
    answers[1]!([1, 2]);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get(k).data).toEqual([1, 2]);
    expect(answers).toHaveLength(3);
    answers[2]!([1, 2, 3]);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get<number[]>(k)).toMatchObject({ data: [1, 2, 3], fetching: false });
    expect(store.isStale(k)).toBe(false);
    expect(answers).toHaveLength(3);
  });

  it('should hold a key by its parameters, and invalidate every key of a kind or one key', async () => {
    const store = new QueryStore();
    const march: QueryKey = ['campaigns', { from: '2026-03-01', to: '2026-03-31' }];
    const april: QueryKey = ['campaigns', { from: '2026-04-01', to: '2026-04-30' }];
    await store.fetch(march, async () => ['march']);
    await store.fetch(april, async () => ['april']);
    await store.fetch(['campaignPages', {}], async () => ['pages']);
    expect(store.get(['campaigns', { to: '2026-03-31', from: '2026-03-01', q: undefined }]).data).toEqual(['march']);
    expect(store.keys('campaigns').map(([, query]) => query.from)).toEqual(['2026-03-01', '2026-04-01']);
    store.invalidate(['campaigns', { from: '2026-04-01', to: '2026-04-30' }]);
    expect([store.isStale(march), store.isStale(april)]).toEqual([false, true]);
    store.invalidate('campaigns');
    expect([store.isStale(march), store.isStale(['campaignPages', {}])]).toEqual([true, false]);
  });
});
