import { CHANNEL_VALUES, type Channel } from '../channels';
import { CAMPAIGN_STATUSES, OWNERS_LISTED, type CampaignStatus } from '../constants';
import type { CampaignStats, StatCounts } from '../schemas/campaign-stats';

/** The fields the counts read, and how many campaigns share them (1 for a single campaign). */
export interface StatGroup {
  status: CampaignStatus;
  scope: 'global' | 'channel';
  channels: readonly string[];
  primary_channel: string | null;
  /** Read only where the caller lists owners from the groups (the in-memory client); the server asks SQL. */
  owner?: string | null;
  n: number;
}

const zeros = (): StatCounts => ({
  total: 0,
  by_status: Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, 0])) as StatCounts['by_status'],
  global: 0,
  channel_only: 0,
});

function add(into: StatCounts, g: StatGroup): void {
  into.total += g.n;
  into.by_status[g.status] += g.n;
  if (g.scope === 'channel') into.channel_only += g.n;
  else into.global += g.n;
}

/**
 * The stat cards' and channel cards' counts: stored statuses (the cards never derive status from
 * dates), and a campaign counts on a channel when it runs there or it is that channel's own
 * (the channel board's cards, docs/adr/0022).
 */
export function tallyCampaignStats(groups: Iterable<StatGroup>): CampaignStats {
  const byChannel = Object.fromEntries(CHANNEL_VALUES.map((c) => [c, zeros()])) as Record<Channel, StatCounts>;
  const owners = new Set<string>();
  const stats: CampaignStats = { ...zeros(), owners: [], by_channel: byChannel };
  for (const g of groups) {
    add(stats, g);
    if (g.owner) owners.add(g.owner);
    for (const c of CHANNEL_VALUES) if (g.channels.includes(c) || g.primary_channel === c) add(byChannel[c], g);
  }
  stats.owners = sortOwners(owners);
  return stats;
}

/** Owners in the order the filter bar lists them (case-insensitive), at most OWNERS_LISTED. */
export const sortOwners = (owners: Iterable<string>): string[] =>
  [...owners].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1)).slice(0, OWNERS_LISTED);
