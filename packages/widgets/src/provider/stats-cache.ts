import { CACHE_KEYS, applyStatsChange, type CampaignStatsQuery, type CountedBasis, type CountedFields, type StatsChange, type StatsInPlace } from '@cadence/core';
import type { QueryStore } from './query-store';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** The stats query a cached answer was read with, from its key (`campaign-stats` alone: no filter). */
function statsQueryOf(key: string): CampaignStatsQuery | null {
  const rest = key.slice(CACHE_KEYS.campaignStats.length);
  if (!rest) return {};
  try {
    const query: unknown = JSON.parse(rest);
    return isObject(query) ? (query as CampaignStatsQuery) : null;
  } catch {
    return null;
  }
}

/**
 * Moves every cached stats answer by one realtime campaign change, without a request
 * (docs/adr/0034, core's applyStatsChange). A key the change cannot be applied to exactly (a
 * search, a window, a basis that does not reach its snapshot) is refetched alone.
 */
/** A realtime campaign frame as the counts read it; null for anything else. */
export function asStatsChange(message: unknown): StatsChange | null {
  // Keys are refreshed by topic: a saved view's change also reaches the views' counts, and is not a campaign.
  if (!isObject(message) || typeof message.seq !== 'number' || (message.topic !== undefined && message.topic !== 'campaigns')) return null;
  const { op, row, basis } = message;
  const id = op === 'delete' ? message.id : isObject(row) ? row.id : undefined;
  if (typeof id !== 'string') return null;
  return {
    seq: message.seq,
    id,
    row: op === 'delete' || !isObject(row) ? null : (row as unknown as CountedFields),
    basis: isObject(basis) ? (basis as unknown as CountedBasis) : undefined,
  };
}

/**
 * Moves every cached stats answer by one realtime campaign change, without a request
 * (docs/adr/0034, core's applyStatsChange). A key the change cannot be applied to exactly (a
 * search, a window, a basis that does not reach its snapshot) is refetched alone.
 */
export function applyStatsMessage(store: QueryStore, message: unknown): boolean {
  const change = asStatsChange(message);
  if (!change) return false;
  for (const key of store.keys(CACHE_KEYS.campaignStats)) {
    const query = statsQueryOf(key);
    if (!query) {
      store.invalidate(key);
      continue;
    }
    // Also replayed on the answer of a request running now (QueryStore.apply): a failure there
    // asks once more, after the answer is in.
    store.apply<StatsInPlace>(key, (stats) => {
      const next = applyStatsChange(stats, change, query);
      if (!next) queueMicrotask(() => store.invalidate(key));
      return next ?? stats;
    });
  }
  return true;
}
