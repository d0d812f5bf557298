// csv-parse's browser build: it runs as it is in browsers (its Buffer is bundled) as well as in Node.
import { CsvError, parse, type Options } from 'csv-parse/browser/esm/sync';

/*
 * Reading CSV, with csv-parse (docs/adr/0039): records and the line each starts on, whatever the
 * file holds. What a file's columns mean is the import specs' business (rules/imports/).
 */

export interface CsvRecord {
  /** 1-based line where the record starts (a quoted newline makes a record span lines). */
  line: number;
  fields: string[];
}

/** Text that cannot be read as CSV (a quote left open, text after a closing quote): where, and what is wrong. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    /** The line of the record that could not be read. */
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * RFC 4180 with the leniency spreadsheets and hand-written files need: CRLF, LF or CR line ends
 * (mixed), a leading BOM, rows of any length, spaces around a field or a quoted value (dropped),
 * and a quote inside an unquoted field kept as text.
 */
const OPTIONS = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_column_count: true,
  relax_quotes: true,
  ltrim: true,
  rtrim: true,
} satisfies Options;

/** Line breaks in a record's values (only quoted ones hold any), CRLF counting once. */
function lineBreaks(fields: readonly string[]): number {
  let n = 0;
  for (const f of fields) {
    if (f.indexOf('\n') === -1 && f.indexOf('\r') === -1) continue;
    for (let i = 0; i < f.length; i++) {
      const c = f.charCodeAt(i);
      if (c === 13 || (c === 10 && f.charCodeAt(i - 1) !== 13)) n++;
    }
  }
  return n;
}

/**
 * csv-parse's options with records numbered by the line they start on; `next` is the line of the
 * record being read. (`on_record` hands on CsvRecords: parse's typings know arrays only, hence the casts.)
 */
function numbered(): { at: { next: number }; options: Options } {
  const at = { next: 1 };
  const options: Options<CsvRecord, string[]> = {
    ...OPTIONS,
    on_record: (fields: string[]): CsvRecord => {
      const record = { line: at.next, fields };
      at.next += 1 + lineBreaks(fields);
      return record;
    },
  };
  return { at, options: options as unknown as Options };
}

const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted value is not closed: a closing " is missing',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'Text after a closing quote: a " inside a quoted value is written twice ("")',
  CSV_INVALID_CLOSING_QUOTE: 'Text after a closing quote: a " inside a quoted value is written twice ("")',
};

/** csv-parse's error as a CsvSyntaxError at the record being read; any other error as it is. */
function syntaxError(err: unknown, csvError: abstract new (...args: never[]) => Error, line: number): unknown {
  if (!(err instanceof csvError)) return err;
  const code = (err as Error & { code?: string }).code ?? '';
  return new CsvSyntaxError(line, MESSAGES[code] ?? `Cannot be read as CSV: ${err.message}`);
}

/** Only blanks: an empty line, or a row of empty cells that spreadsheets export. */
export function isBlankRecord(record: CsvRecord): boolean {
  for (const f of record.fields) if (f !== '' && f.trim() !== '') return false;
  return true;
}

/** The records of a whole text; trailing blank records are dropped. Throws a CsvSyntaxError for text that is not CSV. */
export function parseCsvRecords(text: string): CsvRecord[] {
  const { at, options } = numbered();
  let records: CsvRecord[];
  try {
    records = parse(text, options) as unknown as CsvRecord[];
  } catch (err) {
    throw syntaxError(err, CsvError, at.next);
  }
  while (records.length > 0 && isBlankRecord(records[records.length - 1]!)) records.pop();
  return records;
}

export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((r) => r.fields);
}

/** Records handed on at once, at most. */
const BATCH = 1000;

/**
 * The records of a streamed file (text, or UTF-8 bytes), in batches as they are read: memory
 * stays that of a piece whatever the file's size, and a slow consumer holds the stream back.
 * Blank records are kept (within the file they carry on the line numbers); readers skip them.
 * Text that is not CSV ends it with a CsvSyntaxError; the source's own errors come through as
 * they are. For Node (the server and the CLI): it reads with csv-parse's stream API (Node's
 * Buffer, several times faster than the browser build's), loaded on the first call, so browsers,
 * which never read a stream, never load it.
 */
export async function* csvRecordBatches(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<CsvRecord[]> {
  const csv = await import('csv-parse');
  const { at, options } = numbered();
  const parser = csv.parse(options);
  /** Until the parser drained its input, or was destroyed (an error, or a consumer that stopped). */
  const room = () =>
    new Promise<void>((resolve) => {
      const go = () => {
        parser.off('drain', go).off('close', go);
        resolve();
      };
      parser.on('drain', go).on('close', go);
    });
  // The source goes in as fast as the parser takes it; its errors reach the loop below through the parser.
  const feeding = (async () => {
    try {
      for await (const piece of source) {
        if (parser.destroyed) return; // leaving the loop closes the source
        if (!parser.write(piece)) await room();
      }
      if (!parser.destroyed) parser.end();
    } catch (err) {
      parser.destroy(err as Error);
    }
  })();
  let batch: CsvRecord[] = [];
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) {
      batch.push(record);
      if (batch.length >= BATCH || parser.readableLength === 0) {
        yield batch;
        batch = [];
      }
    }
  } catch (err) {
    throw syntaxError(err, csv.CsvError, at.next);
  } finally {
    // A consumer that stopped, or an error: the feeding stops at the source's next piece (it never throws).
    parser.destroy();
    void feeding;
  }
  if (batch.length) yield batch;
}
