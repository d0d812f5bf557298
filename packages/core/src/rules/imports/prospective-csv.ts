import { MESSAGES, PROSPECTIVE_TEMPLATE_COLUMNS } from '../../constants';
import { csvRecordBatches, CsvSyntaxError, isBlankRecord, parseCsvRecords, type CsvRecord } from '../csv';
import { toCsv } from '../csv-write';
import { normaliseProspective, PROSPECTIVE_BY_POSITION, PROSPECTIVE_FIELDS, type ProspectiveValue } from './prospective-normalise';
import { parseRecord, Skip } from './spec';

/*
 * The prospective-publication file of docs/product.md#bulk-upload, read without the schema's
 * check (its bundles carry no zod, ADR 15): the ad manager's preview and the in-memory client.
 */

export interface ProspectiveCsvRow extends ProspectiveValue {
  line: number;
}

export interface ProspectiveCsvResult {
  rows: ProspectiveCsvRow[];
  skipped: Array<{ line: number; reason: string }>;
  /** docs/product.md#bulk-upload message when the file cannot be imported at all. */
  error?: string;
}

/** A piece of a streamed upload: its data rows and the rows without a name. */
export type ProspectiveCsvBatch = Pick<ProspectiveCsvResult, 'rows' | 'skipped'>;

const syntaxMessage = (err: CsvSyntaxError) => `Line ${err.line}: ${err.message}`;

/**
 * docs/product.md#bulk-upload. Columns are read by position and the header's text is not checked.
 * Blank lines, including rows of empty cells that spreadsheets export, are ignored without
 * a report; a row with other data but no name is reported in `skipped`. A file that is not CSV
 * (a quote left open) is refused as a whole, by line.
 *
 * Three ways in:
 * - the file's text: everything at once;
 * - data records (read from a stream with `csvRecordBatches`, the header already passed): their
 *   rows, without the rules about the whole file, so `error` is never set;
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
  let all: readonly CsvRecord[];
  try {
    all = whole ? parseCsvRecords(input) : (input as readonly CsvRecord[]);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { rows: [], skipped: [], error: syntaxMessage(err) };
    throw err;
  }
  const records = all.filter((r) => !isBlankRecord(r));
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
  try {
    for await (const records of csvRecordBatches(source)) {
      let data: CsvRecord[] = records;
      if (!headerSeen) {
        const header = records.findIndex((r) => !isBlankRecord(r));
        if (header === -1) continue;
        headerSeen = true;
        data = records.slice(header + 1);
      }
      const batch = parseProspectiveCsv(data);
      dataRecords += batch.rows.length + batch.skipped.length;
      named += batch.rows.length;
      if (batch.rows.length || batch.skipped.length) await onBatch(batch);
    }
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { error: syntaxMessage(err) };
    throw err;
  }
  if (!headerSeen || dataRecords === 0) return { error: MESSAGES.csvTooShort };
  return named === 0 ? { error: MESSAGES.csvNoValidRows } : {};
}

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
