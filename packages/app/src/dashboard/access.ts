import { CHANNEL_VALUES, type Abilities, type Channel } from '@cadence/core';

/** May this user see anything on the dashboard (for one channel, or anywhere)? */
export function canSeeDashboard(a: Abilities, channel?: Channel): boolean {
  if (a.admin || a.global.view) return true;
  if (channel) return !!a.channels[channel]?.view;
  return CHANNEL_VALUES.some((c) => a.channels[c]?.view) || a.industry.read || a.events.read;
}
