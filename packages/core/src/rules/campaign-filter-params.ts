import type { CampaignFilter } from '../schemas/campaign-filter';
import { CAMPAIGN_FILTER_KEYS, type CampaignFilterKey } from './campaign-filter-keys';
import { readFilterValue } from './campaign-filter-values';

// Reading a link's filters, without zod: the dashboards do it on every page (docs/adr/0015).

/** A parameter of a link that was not taken, and why (shown to the user, never thrown). */
export interface DroppedParam {
  param: string;
  value: string;
  reason: string;
}

/**
 * The filters of a query string (a dashboard link, later a saved view). Each parameter is checked
 * on its own: a bad one is dropped and reported, the others still apply. Parameters that are not
 * filters are left to the caller (`rest`).
 */
export function parseCampaignFilterParams(params: URLSearchParams): { filter: CampaignFilter; dropped: DroppedParam[]; rest: URLSearchParams } {
  const filter: Record<string, unknown> = {};
  const dropped: DroppedParam[] = [];
  const rest = new URLSearchParams();
  for (const [param, value] of params) {
    if (!(CAMPAIGN_FILTER_KEYS as readonly string[]).includes(param)) {
      rest.append(param, value);
      continue;
    }
    if (filter[param] !== undefined) {
      dropped.push({ param, value, reason: 'Given twice; the first is kept' });
      continue;
    }
    const parsed = readFilterValue(param as CampaignFilterKey, value);
    if (!parsed.ok) dropped.push({ param, value, reason: parsed.message });
    else if (parsed.value !== undefined) filter[param] = parsed.value;
  }
  return { filter: filter as CampaignFilter, dropped, rest };
}
