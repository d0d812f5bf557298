import { afterAll, beforeAll, expect, it } from 'vitest';

/** UTC, far west and far east, like core's own date tests (ADR 0002). */
export const TEST_ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'] as const;
export type TestZone = (typeof TEST_ZONES)[number];

const JANUARY_OFFSET_MINUTES: Record<TestZone, number> = { UTC: 0, 'America/Los_Angeles': 480, 'Pacific/Kiritimati': -840 };

/** Runs the enclosing describe block in `zone`; the first test proves the zone applied. */
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
