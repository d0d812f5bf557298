import { LIMITS } from '../../constants';
import { prospectiveCreateSchema } from '../../schemas/industry';
import { normaliseProspective, PROSPECTIVE_BY_POSITION, PROSPECTIVE_FIELDS as FIELDS, type ProspectiveValue } from './prospective-normalise';
import type { ProspectiveCsvRow } from './prospective-csv';
import type { Checked, ImportSpec } from './spec';

export { normaliseProspective, type ProspectiveValue };

type Field = (typeof FIELDS)[number];

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

/** The rules of docs/product.md#bulk-upload for one row: the first problem, or null when it can be saved. */
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

/** docs/product.md#bulk-upload: columns by position (the header's text is not checked), names unique when skipping. */
export const PROSPECTIVE_IMPORT: ImportSpec<ProspectiveValue> = {
  kind: 'prospective-publications',
  label: 'prospective publications',
  columns: FIELDS,
  example: [],
  layout: () => PROSPECTIVE_BY_POSITION,
  normalise: normaliseProspective,
  check(value): Checked<ProspectiveValue> {
    const problem = checkProspectiveRow(value);
    return problem ? { problems: [problem] } : { row: value };
  },
  identity: { of: (row) => row.name.toLowerCase(), label: 'name', exists: 'A prospective publication with this name already exists' },
};
