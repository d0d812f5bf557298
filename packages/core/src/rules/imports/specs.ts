import { PROSPECTIVE_IMPORT } from './prospective';
import type { ImportKind, ImportSpec } from './spec';
import { CAMPAIGN_IMPORT, EVENT_IMPORT } from './tables';

/** The one spec of each import kind. */
export const IMPORT_SPECS: { readonly [K in ImportKind]: ImportSpec<any, any> } = {
  'prospective-publications': PROSPECTIVE_IMPORT,
  campaigns: CAMPAIGN_IMPORT,
  events: EVENT_IMPORT,
};
