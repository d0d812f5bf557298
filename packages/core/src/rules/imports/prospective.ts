import { LIMITS } from '../../constants';
import { prospectiveCreateSchema } from '../../schemas/industry';
import type { ProspectiveCsvRow } from '../csv';
import { extractWebAddress } from '../urls';
import { Skip, type Cells, type Checked, type ImportSpec } from './spec';

/** A prospective publication as a file gives it (spec §5), before the database adds its id. */
export type ProspectiveValue = Omit<ProspectiveCsvRow, 'line'>;

const FIELDS = ['name', 'region', 'industry', 'audience', 'website', 'media_kit_link', 'contacts', 'notes'] as const;
type Field = (typeof FIELDS)[number];
const BY_POSITION = FIELDS.map((_, i) => i);

/**
 * The longest value prospectiveCreateSchema accepts, per field. Rows within them pass without
 * running the schema (it is the slow part of a large import); a row beyond one is checked by the
 * schema itself, so the report names the field with the schema's own message. A test holds the
 * two to the same verdict on every row.
 */
export const PROSPECTIVE_MAX_LENGTH: Record<Field, number> = {
  name: LIMITS.titleMaxLength,
  region: 300,
  industry: 300,
  audience: 300,
  website: 2000,
  media_kit_link: 2000,
  contacts: LIMITS.textMaxLength,
  notes: LIMITS.textMaxLength,
};

/** Spec §5's rules for one row: the first problem, or null when it can be saved. */
export function checkProspectiveRow(row: ProspectiveValue): { field: string; message: string } | null {
  let suspect = false;
  for (const field of FIELDS) {
    const value = row[field];
    if (value === null) continue;
    if (value.length > PROSPECTIVE_MAX_LENGTH[field]) suspect = true;
    // PostgreSQL cannot store NUL in text: refused here, by line and field, not by the database.
    else if (value.indexOf('\0') !== -1) return { field, message: 'Contains a NUL character, which cannot be stored' };
  }
  if (!suspect) return null;
  const { line: _line, ...raw } = row as ProspectiveCsvRow;
  const checked = prospectiveCreateSchema.safeParse(raw);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  return { field: issue.path.join('.') || 'row', message: issue.message };
}

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

/** Spec §5 bulk upload: columns by position (the header's text is not checked), names unique when skipping. */
export const PROSPECTIVE_IMPORT: ImportSpec<ProspectiveValue> = {
  kind: 'prospective-publications',
  label: 'prospective publications',
  columns: FIELDS,
  example: [],
  layout: () => BY_POSITION,
  normalise: normaliseProspective,
  check(value): Checked<ProspectiveValue> {
    const problem = checkProspectiveRow(value);
    return problem ? { problems: [problem] } : { row: value };
  },
  identity: { of: (row) => row.name.toLowerCase(), label: 'name', exists: 'A prospective publication with this name already exists' },
};
