// @cadence/core/testing: helpers for the workspace's tests (Vitest), not for pages or the server.
export { TEST_ZONES, useTimeZone } from './testing/time-zones';
export type { TestZone } from './testing/time-zones';
