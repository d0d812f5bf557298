import { describe, expect, it } from 'vitest';
import { rowAt, windowOf } from './row-window';

describe('row window', () => {
  // Rows of 48, 78 and 48 px: offsets 0, 48, 126, 174.
  const offsets = [0, 48, 126, 174];

  it('finds the row under a point, including the edges', () => {
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 47)).toBe(0);
    expect(rowAt(offsets, 48)).toBe(1);
    expect(rowAt(offsets, 125)).toBe(1);
    expect(rowAt(offsets, 173)).toBe(2);
    expect(rowAt(offsets, 10_000)).toBe(2);
  });

  it('takes the rows crossing the viewport plus the overscan, within bounds', () => {
    const even = Array.from({ length: 1001 }, (_, i) => i * 48); // 1,000 rows of 48 px
    expect(windowOf(even, 0, 576, 4)).toEqual({ start: 0, end: 16 });
    expect(windowOf(even, 48 * 500 + 10, 576, 4)).toEqual({ start: 496, end: 517 });
    expect(windowOf(even, 48 * 990, 576, 4)).toEqual({ start: 986, end: 1000 });
    expect(windowOf(offsets, 0, 0, 0)).toEqual({ start: 0, end: 1 });
    expect(windowOf([0], 0, 576, 4)).toEqual({ start: 0, end: 0 });
  });
});
