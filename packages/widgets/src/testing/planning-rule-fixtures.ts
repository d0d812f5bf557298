import type { PlanningRuleRecord } from '@cadence/core';
import { makeCampaign } from './fixtures';

/** Two e-mail sends going live in the week of Mar 23, 2026 ("today" is Mar 11 in renderWidget). */
export const emailSendsWeekOfMar23 = () => [
  makeCampaign({ title: 'Newsletter A', planning_start_date: '2026-03-20', live_date: '2026-03-24', end_date: '2026-03-25', channels: ['email'] }),
  makeCampaign({ title: 'Newsletter B', planning_start_date: '2026-03-20', live_date: '2026-03-25', end_date: '2026-03-26', channels: ['email'] }),
];

/** At most 2 e-mail sends a week, as a warning or a block. */
export const emailWeekRule = (severity: 'warn' | 'block'): PlanningRuleRecord => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'channel_load', severity, limit: 2, period: 'week', channel: 'email', audience: null, gap_days: null, name: null,
  description: 'At most 2 e-mail sends a week', created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z', version: 1,
});

/** What a third send that week breaks. */
export const EMAIL_WEEK_TEXT = '3 e-mail sends that week; the limit is 2';
