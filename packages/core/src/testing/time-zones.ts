import { afterAll, beforeAll, expect, it } from 'vitest';

/** UTC, far west (UTC−8/−7 with DST) and far east (UTC+14): off-by-one bugs show in one of them. */
export const TEST_ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'] as const;
export type TestZone = (typeof TEST_ZONES)[number];

const JANUARY_OFFSET_MINUTES: Record<TestZone, number> = {
  UTC: 0,
  'America/Los_Angeles': 480,
  'Pacific/Kiritimati': -840,
};

/**
 * Runs the enclosing describe block in `zone`. Node re-reads process.env.TZ when it is
 * assigned, so Dates built inside the tests (never at collection time) use the zone.
 */
export function useTimeZone(zone: TestZone): void {
  const original = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });
  it(`should run in ${zone}`, () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(JANUARY_OFFSET_MINUTES[zone]);
  });
}
