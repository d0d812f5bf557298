import { MESSAGES, PROSPECTIVE_TEMPLATE_COLUMNS } from '../constants';
import { extractWebAddress } from './urls';

export interface CsvRecord {
  /** 1-based line where the record starts (a quoted newline makes a record span lines). */
  line: number;
  fields: string[];
}

export interface ProspectiveCsvRow {
  line: number;
  name: string;
  region: string | null;
  industry: string | null;
  audience: string | null;
  website: string | null;
  media_kit_link: string | null;
  contacts: string | null;
  notes: string | null;
}

export interface ProspectiveCsvResult {
  rows: ProspectiveCsvRow[];
  skipped: Array<{ line: number; reason: string }>;
  /** Spec §5 message when the file cannot be imported at all. */
  error?: string;
}

/**
 * RFC 4180 with the leniency spreadsheets need: CRLF, LF or CR line ends, a leading BOM,
 * spaces before an opening quote, a stray quote inside an unquoted field kept as text, and
 * an unterminated quote running to the end. Trailing blank lines are dropped.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let started = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    const crlf = ch === '\r' && src[i + 1] === '\n';
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n' || ch === '\r') line++;
        field += crlf ? '\r\n' : ch;
        if (crlf) i++;
      }
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      started = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      started = true;
    } else if (ch === '\n' || ch === '\r') {
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      started = false;
      if (crlf) i++;
      recordLine = ++line;
    } else {
      field += ch;
      started = true;
    }
  }
  if (started) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  while (records.length > 0 && isBlank(records[records.length - 1])) records.pop();
  return records;
}

function isBlank(record: CsvRecord | undefined): boolean {
  return !!record && record.fields.every((f) => f.trim() === '');
}

export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((r) => r.fields);
}

function cell(fields: readonly string[], index: number): string | null {
  const value = (fields[index] ?? '').trim();
  return value === '' ? null : value;
}

/**
 * Spec §5 bulk upload. Columns are read by position and the header's text is not checked.
 * Blank lines, including rows of empty cells that spreadsheets export, are ignored without
 * a report; a row with other data but no name is reported in `skipped`.
 */
export function parseProspectiveCsv(text: string): ProspectiveCsvResult {
  const records = parseCsvRecords(text).filter((r) => !isBlank(r));
  if (records.length < 2) return { rows: [], skipped: [], error: MESSAGES.csvTooShort };
  const rows: ProspectiveCsvRow[] = [];
  const skipped: ProspectiveCsvResult['skipped'] = [];
  for (const { line, fields } of records.slice(1)) {
    const name = cell(fields, 0);
    if (name === null) {
      skipped.push({ line, reason: 'Name is empty' });
      continue;
    }
    rows.push({
      line,
      name,
      region: cell(fields, 1),
      industry: cell(fields, 2),
      audience: cell(fields, 3),
      website: extractWebAddress(cell(fields, 4)),
      media_kit_link: extractWebAddress(cell(fields, 5)),
      contacts: cell(fields, 6),
      notes: cell(fields, 7),
    });
  }
  return rows.length > 0 ? { rows, skipped } : { rows, skipped, error: MESSAGES.csvNoValidRows };
}

const NEEDS_QUOTES = /[",\r\n]/;
// OWASP CSV injection: a spreadsheet runs a cell starting with these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

function escapeCell(value: string | null | undefined, guardFormulas: boolean): string {
  const raw = value ?? '';
  const safe = guardFormulas && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * CRLF line ends as RFC 4180 and Excel expect, with a final line break. Cells that a
 * spreadsheet would run as formulas get a leading `'` unless `guardFormulas` is false
 * (for CSV that only a program reads, such as a converted upload).
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>, options: { guardFormulas?: boolean } = {}): string {
  const guard = options.guardFormulas ?? true;
  return rows.map((row) => row.map((cell) => escapeCell(cell, guard)).join(',') + '\r\n').join('');
}

/** Undoes the formula guard of `toCsv` on one cell read back from an export. */
export const unguardCell = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const TEMPLATE_EXAMPLE = [
  'Construction Weekly',
  'NA',
  'Construction',
  'Contractors, Engineers',
  'https://www.example.com',
  'https://www.example.com/media-kit',
  'Jane Doe <jane@example.com>',
  'Weekly newsletter',
] as const;

/** Content of prospective_publications_template.csv: the header and one example row. */
export function prospectiveTemplateCsv(): string {
  return toCsv([[...PROSPECTIVE_TEMPLATE_COLUMNS], [...TEMPLATE_EXAMPLE]]);
}
