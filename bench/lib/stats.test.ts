import { describe, expect, it } from 'vitest';
import { median, quantile } from './stats.js';
import { settlePeer } from './peer.js';
import { renderTable } from './table.js';
import { meetsBudget, verdictOf, type BenchRow } from './types.js';

describe('bench statistics', () => {
  it('takes medians and interpolated quantiles without reordering the input', () => {
    const xs = [5, 1, 3, 2, 4];
    expect(median(xs)).toBe(3);
    expect(quantile(xs, 0.25)).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(xs).toEqual([5, 1, 3, 2, 4]);
    expect(median([])).toBeNaN();
  });

  it('judges ratio and absolute budgets in the direction they are stated', () => {
    const row = (ours: number, peer: number | undefined, on: 'ratio' | 'value', op: '<=' | '>=' | '<', limit: number): BenchRow => ({
      suite: 's', name: 'n', unit: 'u', ours, ...(peer === undefined ? {} : { peer: { name: 'p', value: peer } }), budget: { on, op, limit },
    });
    expect(meetsBudget(row(40, 100, 'ratio', '<=', 0.5))).toBe(true);
    expect(meetsBudget(row(60, 100, 'ratio', '<=', 0.5))).toBe(false);
    expect(meetsBudget(row(700, 1000, 'ratio', '>=', 0.6))).toBe(true);
    expect(meetsBudget(row(500, 1000, 'ratio', '>=', 0.6))).toBe(false);
    expect(meetsBudget(row(50, undefined, 'value', '<', 50))).toBe(false);
    expect(meetsBudget(row(49, undefined, 'value', '<', 50))).toBe(true);
    // A ratio budget with no peer figure is not met: a missing measurement never passes.
    expect(meetsBudget(row(1, undefined, 'ratio', '<=', 1))).toBe(false);
  });

  it('leaves a budget against a peer that could not finish unjudged, and still judges our own figures', () => {
    const unfinished = { name: 'refetch on change', reason: 'baseline did not converge in 120 s' };
    const againstPeer: BenchRow = { suite: 'team', name: 'bytes per write', unit: 'B', ours: 736, peerUnfinished: unfinished, budget: { on: 'ratio', op: '<=', limit: 0.1 } };
    const absolute: BenchRow = { suite: 'team', name: 'p95', unit: 'ms', ours: 900, peerUnfinished: unfinished, budget: { on: 'value', op: '<=', limit: 250 } };
    expect(verdictOf(againstPeer)).toBe('unjudged');
    expect(verdictOf(absolute)).toBe('missed');
    // Our own figure missing is our failure, whatever the peer did.
    expect(verdictOf({ ...againstPeer, ours: Number.NaN })).toBe('missed');
    const table = renderTable([againstPeer, absolute]);
    expect(table).toContain('did not finish: baseline did not converge in 120 s');
    expect(table).toContain('736 B');
    expect(table).toContain('not judged (peer did not finish)');
  });
});

describe('a peer that cannot finish', () => {
  const finished = { latencies: [120, 80], verified: { checked: 4, mismatches: [] } };

  it('is reported with its reason instead of ending the suite', async () => {
    const crashed = await settlePeer(() => Promise.reject(new Error('a dashboard did not reflect the warm-up writes within 180 s')), 120_000);
    expect(crashed).toEqual({ result: null, unfinished: 'baseline did not finish: a dashboard did not reflect the warm-up writes within 180 s' });
    const slow = await settlePeer(async () => ({ ...finished, latencies: [120, null] }), 120_000);
    expect(slow.unfinished).toBe('baseline did not converge in 120 s (1 of 2 writes not reflected on every dashboard)');
    expect(slow.result?.latencies).toEqual([120, null]);
    const wrong = await settlePeer(async () => ({ ...finished, verified: { checked: 600, mismatches: ['campaigns window'] } }), 120_000);
    expect(wrong.unfinished).toBe('baseline did not converge in 120 s (1 of 600 cached queries differ from fresh answers)');
  });

  it('that finished is a peer like any other', async () => {
    expect(await settlePeer(async () => finished, 120_000)).toEqual({ result: finished, unfinished: null });
  });
});
