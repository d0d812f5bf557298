/**
 * A static CadenceClient for the render pages: it answers the four calls Calendar and
 * Gantt make with data already in memory, the way a host hands the peers their events, so
 * the figures are about rendering and not about a server.
 */
import { campaignDefaults, type CadenceClient, type Campaign, type Channel } from '@cadence/core';
import type { BenchEvent } from '../data';

const USER_ID = '00000000-0000-4000-8000-00000000a001';
const STAMP = '2026-01-01T09:00:00.000Z';

export function addOneDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}

/** One stored campaign per event; `planningEnd` is 'exclusive' for the calendar's planning days. */
export function toCampaign(e: BenchEvent, i: number, liveDate: string): Campaign {
  return {
    ...campaignDefaults(),
    id: `00000000-0000-4000-9000-${(i + 1).toString(16).padStart(12, '0')}`,
    version: 1,
    created_at: STAMP,
    updated_at: STAMP,
    title: e.title,
    channels: [e.channel as Channel],
    planning_start_date: e.start,
    live_date: liveDate,
    created_by: USER_ID,
  };
}

export function staticClient(campaigns: Campaign[]): CadenceClient {
  const client = {
    auth: {
      user: async () => ({
        user: { id: USER_ID, email: 'admin@cadence.demo', email_confirmed_at: null, created_at: STAMP },
        role: 'admin',
        permissions: [],
      }),
    },
    campaigns: { list: async () => campaigns },
    dashboard: { virtual: async () => [] },
    // The Gantt shades closed days: a plain working week and no holidays, as a new install has.
    workingCalendar: { get: async () => ({ weekend: [5, 6], closed_days: [] }) },
    // No planning rules and no saved baselines: the plan is drawn as it is (docs/adr/0062, 0063).
    planningRules: { list: async () => [], conflicts: async () => [], conflictsCsv: async () => '' },
    baselines: { list: async () => [] },
  };
  return client as unknown as CadenceClient;
}
