import {
  canReadCampaign,
  canReadEvents,
  canReadIdeas,
  canReadIndustry,
  isAdmin,
  type CampaignAccessFields,
  type Principal,
} from '@cadence/core';
import type { Topic } from '../data/changes';

/** The read rule of DESIGN §5 for one logged row, the same rule the HTTP routes apply. */
export function canReadChange(p: Principal, topic: Topic, row: Record<string, unknown> | null): boolean {
  switch (topic) {
    case 'campaigns':
      return !!row && canReadCampaign(p, row as unknown as CampaignAccessFields);
    case 'ads':
    case 'publications':
    case 'ad_types':
    case 'prospective_publications':
    case 'articles':
      return canReadIndustry(p);
    case 'events':
      return canReadEvents(p);
    case 'ideas':
    case 'comments':
      return canReadIdeas(p);
    case 'permissions':
      return (isAdmin(p) && !p.readOnly) || (!!row && row.user_id === p.userId);
  }
}

/** A subscription filter: every given field must equal the row's value. */
export function matchesFilter(filter: Record<string, unknown> | undefined, row: Record<string, unknown> | null): boolean {
  if (!filter) return true;
  if (!row) return false;
  return Object.entries(filter).every(([key, value]) => row[key] === value);
}
