import { describe, expect, it } from 'vitest';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { moveDay } from './grid-keys';

describe.each(TEST_ZONES)('grid keys in TZ=%s', (zone) => {
  useTimeZone(zone);
  const first = '2026-11-30';
  const last = '2027-01-10';

  it('should step by a day and by a week across a year end and a month end', () => {
    expect(moveDay('2026-12-31', 'ArrowRight', first, last)).toBe('2027-01-01');
    expect(moveDay('2027-01-01', 'ArrowLeft', first, last)).toBe('2026-12-31');
    expect(moveDay('2026-12-29', 'ArrowDown', first, last)).toBe('2027-01-05');
    expect(moveDay('2027-01-05', 'ArrowUp', first, last)).toBe('2026-12-29');
  });

  it('should go to the Monday and the Sunday of the week with Home and End', () => {
    expect(moveDay('2026-12-31', 'Home', first, last)).toBe('2026-12-28');
    expect(moveDay('2026-12-31', 'End', first, last)).toBe('2027-01-03');
    expect(moveDay('2026-12-28', 'Home', first, last)).toBe('2026-12-28');
  });

  it('should stop at the edges of the grid and ignore other keys', () => {
    expect(moveDay('2026-12-02', 'ArrowUp', first, last)).toBe('2026-12-02');
    expect(moveDay('2027-01-08', 'ArrowDown', first, last)).toBe('2027-01-08');
    expect(moveDay('2026-12-02', 'a', first, last)).toBeNull();
  });
});
