import { describe, expect, it } from 'vitest';
import { median, quantile } from './stats.js';
import { meetsBudget, type BenchRow } from './types.js';

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
});
