import { MESSAGES, PROSPECTIVE_TEMPLATE_COLUMNS } from '../constants';
import { normaliseProspective, PROSPECTIVE_BY_POSITION, PROSPECTIVE_FIELDS } from './imports/prospective-normalise';
import { parseRecord, Skip } from './imports/spec';

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
  /** docs/product.md#bulk-upload message when the file cannot be imported at all. */
  error?: string;
}

/** Options for reading a file in pieces (a stream): see `parseCsvRecords`. */
export interface CsvChunkOptions {
  /**
   * The text is a prefix of the file: stop before a record that the next piece may continue,
   * and say where (`consumed`). Trailing blank records are kept: only the end of a file has them.
   */
  partial?: boolean;
  /** Line number of the text's first character: 1 (the default) is the start of the file, BOM and all. */
  firstLine?: number;
}

/** Records of a piece of a file, with where the next piece starts. */
export interface CsvChunk extends Array<CsvRecord> {
  /** Characters of the text these records used; the rest belongs to the next piece. */
  consumed: number;
  /** Line number of the first unused character. */
  nextLine: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** Line breaks in a quoted value, CRLF counting once. */
function lineBreaks(s: string): number {
  if (s.indexOf('\n') === -1 && s.indexOf('\r') === -1) return 0;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === CR) n++;
    else if (c === LF && s.charCodeAt(i - 1) !== CR) n++;
  }
  return n;
}

/**
 * RFC 4180 with the leniency spreadsheets need: CRLF, LF or CR line ends, a leading BOM,
 * spaces before an opening quote, a stray quote inside an unquoted field kept as text, and
 * an unterminated quote running to the end. Trailing blank lines are dropped.
 *
 * A stream is read piece by piece with `{ partial: true, firstLine }`: the records that are
 * complete, `consumed` (keep `text.slice(consumed)` and put the next piece after it) and
 * `nextLine` (the next call's `firstLine`); the last piece is read without `partial`.
 */
export function parseCsvRecords(text: string, options: CsvChunkOptions & { partial: true }): CsvChunk;
export function parseCsvRecords(text: string, options?: CsvChunkOptions): CsvRecord[];
export function parseCsvRecords(text: string, options: CsvChunkOptions = {}): CsvRecord[] | CsvChunk {
  const partial = options.partial ?? false;
  const n = text.length;
  let line = options.firstLine ?? 1;
  let i = line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let recordStart = i;
  let recordLine = line;
  // The field so far is `field` followed by text[runStart, i).
  let field = '';
  let runStart = i;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === COMMA) {
      fields.push(field + text.slice(runStart, i));
      field = '';
      runStart = ++i;
    } else if (c === LF || c === CR) {
      if (c === CR && i + 1 === n && partial) break; // CR or CRLF: the next piece says
      fields.push(field + text.slice(runStart, i));
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      recordStart = runStart = i;
      recordLine = ++line;
    } else if (c === QUOTE && (field + text.slice(runStart, i)).trim() === '') {
      // An opening quote: the value runs to the closing one, "" standing for ".
      let value = '';
      let k = i + 1;
      let closed = false;
      for (;;) {
        const q = text.indexOf('"', k);
        if (q === -1 || (q + 1 === n && partial)) break;
        if (text.charCodeAt(q + 1) === QUOTE) {
          value += text.slice(k, q + 1);
          k = q + 2;
        } else {
          value += text.slice(k, q);
          k = q + 1;
          closed = true;
          break;
        }
      }
      if (!closed) {
        if (partial) break;
        value += text.slice(k); // unterminated: to the end
        k = n;
      }
      line += lineBreaks(value);
      field = value;
      runStart = i = k;
    } else {
      i++;
    }
  }
  if (partial) {
    // The record in progress may go on in the next piece; with nothing complete yet, all of the
    // text is read again next time, a leading BOM included.
    return Object.assign(records, { consumed: records.length ? recordStart : 0, nextLine: recordLine });
  }
  if (recordStart < n) {
    fields.push(field + text.slice(runStart, n));
    records.push({ line: recordLine, fields });
  }
  while (records.length > 0 && isBlank(records[records.length - 1])) records.pop();
  return records;
}

function isBlank(record: CsvRecord | undefined): boolean {
  if (!record) return false;
  for (const f of record.fields) if (f !== '' && f.trim() !== '') return false;
  return true;
}

export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((r) => r.fields);
}

/** A piece of a streamed upload: its data rows and the rows without a name. */
export type ProspectiveCsvBatch = Pick<ProspectiveCsvResult, 'rows' | 'skipped'>;

/**
 * docs/product.md#bulk-upload. Columns are read by position and the header's text is not checked.
 * Blank lines, including rows of empty cells that spreadsheets export, are ignored without
 * a report; a row with other data but no name is reported in `skipped`.
 *
 * Three ways in:
 * - the file's text: everything at once;
 * - data records (read from a stream with `parseCsvRecords(…, { partial })`, the header already
 *   passed): their rows, without the rules about the whole file, so `error` is never set;
 * - a stream of the file (text, or UTF-8 bytes): `onBatch` gets the rows of each piece as it is
 *   read (awaited, so a slow consumer holds the stream back), and the promise gives the whole
 *   file's `error`, if any. Memory stays that of one piece, whatever the file's size.
 */
export function parseProspectiveCsv(text: string): ProspectiveCsvResult;
export function parseProspectiveCsv(dataRecords: readonly CsvRecord[]): ProspectiveCsvResult;
export function parseProspectiveCsv(
  source: AsyncIterable<string | Uint8Array>,
  onBatch: (batch: ProspectiveCsvBatch) => void | Promise<void>,
): Promise<{ error?: string }>;
export function parseProspectiveCsv(
  input: string | readonly CsvRecord[] | AsyncIterable<string | Uint8Array>,
  onBatch?: (batch: ProspectiveCsvBatch) => void | Promise<void>,
): ProspectiveCsvResult | Promise<{ error?: string }> {
  if (typeof input !== 'string' && !Array.isArray(input)) return streamProspectiveCsv(input as AsyncIterable<string | Uint8Array>, onBatch!);
  const whole = typeof input === 'string';
  const records = (whole ? parseCsvRecords(input) : (input as readonly CsvRecord[])).filter((r) => !isBlank(r));
  if (whole && records.length < 2) return { rows: [], skipped: [], error: MESSAGES.csvTooShort };
  const rows: ProspectiveCsvRow[] = [];
  const skipped: ProspectiveCsvResult['skipped'] = [];
  for (let r = whole ? 1 : 0; r < records.length; r++) {
    const { line, fields } = records[r]!;
    const value = normaliseProspective(parseRecord(PROSPECTIVE_FIELDS, PROSPECTIVE_BY_POSITION, fields));
    if (value instanceof Skip) skipped.push({ line, reason: value.reason });
    else rows.push({ line, ...value });
  }
  return rows.length > 0 || !whole ? { rows, skipped } : { rows, skipped, error: MESSAGES.csvNoValidRows };
}

async function streamProspectiveCsv(
  source: AsyncIterable<string | Uint8Array>,
  onBatch: (batch: ProspectiveCsvBatch) => void | Promise<void>,
): Promise<{ error?: string }> {
  let headerSeen = false;
  let dataRecords = 0;
  let named = 0;
  for await (const records of csvRecordBatches(source)) {
    let data: CsvRecord[] = records;
    if (!headerSeen) {
      const header = records.findIndex((r) => !isBlank(r));
      if (header === -1) continue;
      headerSeen = true;
      data = records.slice(header + 1);
    }
    const batch = parseProspectiveCsv(data);
    dataRecords += batch.rows.length + batch.skipped.length;
    named += batch.rows.length;
    if (batch.rows.length || batch.skipped.length) await onBatch(batch);
  }
  if (!headerSeen || dataRecords === 0) return { error: MESSAGES.csvTooShort };
  return named === 0 ? { error: MESSAGES.csvNoValidRows } : {};
}

/**
 * The records of a streamed file (text, or UTF-8 bytes), a batch per piece read: memory stays
 * that of one piece whatever the file's size; a slow consumer holds the stream back. Blank
 * records are kept (within the file they carry on the line numbers); readers skip them.
 */
export async function* csvRecordBatches(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<CsvRecord[]> {
  // The BOM stays in the text, where parseCsvRecords drops it as it does from a whole file.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let tail = '';
  let line = 1;
  let parseAgainAt = 0;
  for await (const piece of source) {
    const text = tail + (typeof piece === 'string' ? piece : decoder.decode(piece, { stream: true }));
    // An open quote can hold back the rest of the file: read again only once the text has doubled.
    if (text.length < parseAgainAt) {
      tail = text;
      continue;
    }
    const records = parseCsvRecords(text, { partial: true, firstLine: line });
    tail = records.consumed < text.length ? text.slice(records.consumed) : '';
    line = records.nextLine;
    parseAgainAt = records.length === 0 ? text.length * 2 : 0;
    if (records.length) yield records;
  }
  const last = parseCsvRecords(tail + decoder.decode(), { firstLine: line });
  if (last.length) yield last;
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
