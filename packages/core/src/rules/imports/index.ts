import { PROSPECTIVE_IMPORT } from './prospective';
import type { ImportKind, ImportSpec } from './spec';
import { CAMPAIGN_IMPORT, EVENT_IMPORT } from './tables';

export { MAX_REPORTED_PROBLEMS, ImportReader } from './reader';
export { checkProspectiveRow, normaliseProspective, PROSPECTIVE_IMPORT, PROSPECTIVE_MAX_LENGTH } from './prospective';
export { parseProspectiveCsv, prospectiveTemplateCsv } from './prospective-csv';
export type { ProspectiveCsvBatch, ProspectiveCsvResult, ProspectiveCsvRow } from './prospective-csv';
export type { ProspectiveValue } from './prospective';
export { IMPORT_KINDS, isBlankRecord, parseRecord, recordsOfRows, Skip } from './spec';
export type { Cells, Checked, ImportKind, ImportProblem, ImportSpec, ImportWarning, Layout, LineReport } from './spec';
export { CAMPAIGN_IMPORT, EVENT_IMPORT, scopedCampaign } from './tables';
export type { CampaignImportRow, EventImportRow } from './tables';

/** The one spec of each import kind. */
export const IMPORT_SPECS: { readonly [K in ImportKind]: ImportSpec<any, any> } = {
  'prospective-publications': PROSPECTIVE_IMPORT,
  campaigns: CAMPAIGN_IMPORT,
  events: EVENT_IMPORT,
};
