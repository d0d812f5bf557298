import { extractWebAddress } from '../urls';
import { Skip, type Cells } from './spec';

/*
 * The parse and normalise steps of docs/product.md#bulk-upload, apart from the check (which needs the
 * zod schema): parseProspectiveCsv (prospective-csv.ts) uses them in the browser, whose bundles carry no zod (ADR 15).
 */

/** A prospective publication as a file gives it (docs/product.md#validation-publications), before the database adds its id. */
export interface ProspectiveValue {
  name: string;
  region: string | null;
  industry: string | null;
  audience: string | null;
  website: string | null;
  media_kit_link: string | null;
  contacts: string | null;
  notes: string | null;
}

export const PROSPECTIVE_FIELDS = ['name', 'region', 'industry', 'audience', 'website', 'media_kit_link', 'contacts', 'notes'] as const;
/** docs/product.md#bulk-upload reads the columns by position; the header's text is not checked. */
export const PROSPECTIVE_BY_POSITION: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** normalise: a row without a name is left out; the link columns keep the web address they hold. */
export function normaliseProspective(cells: Cells): ProspectiveValue | Skip {
  if (!cells.name) return new Skip('Name is empty');
  return {
    name: cells.name,
    region: cells.region ?? null,
    industry: cells.industry ?? null,
    audience: cells.audience ?? null,
    website: extractWebAddress(cells.website),
    media_kit_link: extractWebAddress(cells.media_kit_link),
    contacts: cells.contacts ?? null,
    notes: cells.notes ?? null,
  };
}
