import { MESSAGES } from '../../constants';
import { CsvSyntaxError, type CsvRecord } from '../csv';
import { isBlankRecord, parseRecord, Skip, type ImportProblem, type ImportSpec, type ImportWarning, type Layout, type LineReport } from './spec';

/** Problems listed in a report; the count and the message still name them all. */
export const MAX_REPORTED_PROBLEMS = 100;

/**
 * Reads a file's records (in batches, as a stream gives them) through an import spec: the first
 * non-blank record is the header, blank records are ignored, and every data record is parsed,
 * normalised and checked. Rows that pass go to `onRow` in file order, until a line is refused:
 * from then on nothing can be saved, and the rest of the file is only read for more problems.
 */
export class ImportReader<Row> {
  private layout: Layout | null = null;
  private fileError: string | null = null;
  readonly errors: ImportProblem[] = [];
  readonly warnings: ImportWarning[] = [];
  /** Lines refused, all of them (errors keeps the first MAX_REPORTED_PROBLEMS). */
  errorCount = 0;
  /** Data records read (blank ones aside). */
  dataRows = 0;
  /** Rows that passed. */
  rows = 0;

  constructor(
    private readonly spec: ImportSpec<any, Row>,
    private readonly onRow: (row: Row, line: number) => void,
  ) {}

  /** Reads every batch; `afterBatch` runs after each (for the caller to write what onRow gathered). */
  async read(batches: AsyncIterable<readonly CsvRecord[]> | Iterable<readonly CsvRecord[]>, afterBatch?: () => void | Promise<void>): Promise<void> {
    try {
      for await (const batch of batches) {
        this.take(batch);
        if (afterBatch) await afterBatch();
      }
    } catch (err) {
      // Text that is not CSV: the rest of the file cannot be read, so it is refused as a whole, by line.
      if (!(err instanceof CsvSyntaxError)) throw err;
      this.fileError ??= `Line ${err.line}: ${err.message}`;
    }
    if (this.fileError === null && this.errorCount === 0) {
      if (this.layout === null || this.dataRows === 0) this.fileError = MESSAGES.csvTooShort;
      // Every line left out by the file's own rules (docs/product.md#bulk-upload: no row has a name).
      else if (this.rows === 0 && this.warnings.length === this.dataRows) this.fileError = MESSAGES.csvNoValidRows;
    }
    this.warnings.sort((a, b) => a.line - b.line);
  }

  private take(batch: readonly CsvRecord[]): void {
    const { spec } = this;
    for (const record of batch) {
      if (this.fileError !== null || isBlankRecord(record)) continue;
      if (this.layout === null) {
        const layout = spec.layout(record.fields);
        if ('error' in layout) this.fileError = `Line ${record.line}: ${layout.error}`;
        else this.layout = layout;
        continue;
      }
      this.dataRows++;
      const value = spec.normalise(parseRecord(spec.columns, this.layout, record.fields));
      if (value instanceof Skip) {
        this.warnings.push({ line: record.line, reason: value.reason });
        continue;
      }
      const checked = spec.check(value);
      if ('problems' in checked) {
        for (const p of checked.problems) this.refuse(record.line, p.field, p.message);
        continue;
      }
      if (this.errorCount) continue;
      this.rows++;
      this.onRow(checked.row, record.line);
    }
  }

  private refuse(line: number, field: string, message: string): void {
    this.errorCount++;
    if (this.errors.length < MAX_REPORTED_PROBLEMS) this.errors.push({ line, field, message });
  }

  /** Refuses the whole file (a limit of the caller's): nothing more is read. */
  fail(message: string): void {
    this.fileError ??= message;
  }

  /** A line left out after reading (skip_existing): reported with the file's own. */
  skip(line: number, reason: string): void {
    this.warnings.push({ line, reason });
  }

  /** Why the file as a whole cannot be imported (its header, or no rows), if so. */
  get error(): string | null {
    return this.fileError;
  }

  /** The verdict in one sentence: the first problem, and how many more; null when the file can be saved. */
  refusal(): string | null {
    if (this.fileError !== null) return this.fileError;
    const first = this.errors[0];
    if (!first) return null;
    const more = this.errorCount > 1 ? ` (and ${this.errorCount - 1} more problem(s); nothing was imported)` : '';
    return `Line ${first.line}: ${first.field}: ${first.message}${more}`;
  }

  report(): LineReport {
    return { rows: this.rows, errors: this.errors, warnings: this.warnings };
  }
}
