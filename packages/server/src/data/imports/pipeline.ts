import { ImportReader, type CsvRecord, type ImportReport, type ImportSpec, type Principal } from '@cadence/core';
import type { Knex } from 'knex';
import { AppError, validationFailed } from '../../errors';
import type { Services } from '../../services';
import { copyErrorLine, copyLine, CopyText, openPgCopy, pgliteCopy } from '../bulk-load';
import { changesCommitted, recordMark, type Topic } from '../changes';
import { ImportIds } from './ids';
import { recordHistory } from '../../history/record';
import { historyOf } from '../registry';

export interface ImportOptions {
  dryRun: boolean;
  skipExisting: boolean;
}

/** A file's records as they are read: one batch per piece of the upload. */
export type RecordSource = AsyncIterable<readonly CsvRecord[]> | Iterable<readonly CsvRecord[]>;

/**
 * Where one import kind's rows go: the server's half of a kind, beside core's spec. Rows are
 * loaded with COPY (a table written only by imports and plain creates: prospective publications)
 * or inserted in batches with a change per row (campaigns and events, whose rows the API presents
 * from joins and whose files are small).
 */
export interface ImportTarget<Row> {
  spec: ImportSpec<any, Row>;
  table: string;
  /** The realtime topic the rows are announced on. */
  topic: Topic;
  /** skip_existing: the stored rows' keys, as `spec.identity.of` makes them (column `k`). */
  existingKeysSql: string;
  /** Who may save this row (beyond the route's own check): a refusal is thrown as is. */
  allow?(p: Principal, row: Row, line: number): void;
  load: CopyLoad<Row> | InsertLoad<Row>;
}

export interface CopyLoad<Row> {
  kind: 'copy';
  /** Columns of the COPY, `id` first. */
  columns: readonly string[];
  values(row: Row, id: string, p: Principal): ReadonlyArray<string | number | null | undefined>;
}

export interface InsertLoad<Row> {
  kind: 'insert';
  /** Most rows one file may hold. */
  maxRows: number;
  values(row: Row, p: Principal): Record<string, unknown>;
  /** Inserts the rows in the transaction and logs a change for each; `lines` are the rows' lines in the file. */
  insert(trx: Knex.Transaction, rows: Array<Record<string, unknown>>, lines: readonly number[]): Promise<void>;
}

/** An import's answer, and the id range its saved rows took (COPY loads only). */
export interface ImportResult {
  report: ImportReport;
  ids: { first: string; last: string } | null;
}

/**
 * The rows of an upload as they are read: core's spec (parse → normalise → check) on every line,
 * then who may save it, then skip_existing; the rows to save as COPY text or insert values.
 */
class Upload<Row> {
  readonly reader: ImportReader<Row>;
  private readonly firstLineOf = new Map<string, number>();
  readonly savedLines: number[] = [];
  private readonly text = new CopyText();
  readonly pieces: Buffer[] = [];
  readonly inserts: Array<Record<string, unknown>> = [];
  readonly ids = new ImportIds();

  constructor(
    private readonly target: ImportTarget<Row>,
    private readonly p: Principal,
    /** The keys already stored (skip_existing), else null. */
    private readonly existing: Set<string> | null,
  ) {
    this.reader = new ImportReader(target.spec, (row, line) => this.take(row, line));
  }

  get rows(): number {
    return this.savedLines.length;
  }

  private take(row: Row, line: number): void {
    const { target } = this;
    target.allow?.(this.p, row, line);
    if (this.existing) {
      const key = target.spec.identity.of(row);
      if (this.existing.has(key)) return this.reader.skip(line, target.spec.identity.exists);
      const first = this.firstLineOf.get(key);
      if (first !== undefined) return this.reader.skip(line, `Same ${target.spec.identity.label} as line ${first}`);
      this.firstLineOf.set(key, line);
    }
    this.savedLines.push(line);
    const load = target.load;
    if (load.kind === 'insert') {
      if (this.inserts.length >= load.maxRows) this.reader.fail(`A ${target.spec.label} import takes at most ${load.maxRows.toLocaleString('en')} rows`);
      else this.inserts.push(load.values(row, this.p));
      return;
    }
    const piece = this.text.add(copyLine(load.values(row, this.ids.next(), this.p)));
    if (piece) this.pieces.push(piece);
  }

  /** Reads the whole source; `load` gets the COPY text as it is ready, none once a line is refused. */
  async read(source: RecordSource, load?: (piece: Buffer) => Promise<void>): Promise<void> {
    const pass = async () => {
      if (!load || this.reader.errorCount || this.reader.error) return;
      for (const piece of this.pieces.splice(0)) await load(piece);
    };
    await this.reader.read(source, pass);
    const last = this.text.flush();
    if (last) this.pieces.push(last);
    await pass();
  }

  /** The file's verdict as the 400 to answer, or null when it can be saved. */
  failure(): AppError | null {
    const message = this.reader.refusal();
    if (message === null) return null;
    if (this.reader.error !== null) return validationFailed(message, [{ path: 'file', message }]);
    return validationFailed(
      message,
      this.reader.errors.map((e) => ({ path: `line ${e.line}.${e.field}`, message: e.message })),
    );
  }

  report(): ImportReport {
    return { rows: this.reader.dataRows, imported: this.rows, skipped: this.reader.warnings };
  }

  /** The file's line of the n-th (1-based) row loaded, for a refusal from the database. */
  lineOfSavedRow(n: number): number | null {
    return this.savedLines[n - 1] ?? null;
  }
}

class DryRunRollback extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}

/** A refusal by the database while loading, by the line it names. */
function refusedAt(upload: Upload<unknown>, err: unknown): unknown {
  const copyLineNo = copyErrorLine(err);
  const line = copyLineNo !== null ? upload.lineOfSavedRow(copyLineNo) : null;
  if (line === null) return err;
  const message = ((err as Error).message ?? 'Refused').split(' - ').pop() ?? 'Refused';
  return validationFailed(`Line ${line}: the database refused this row`, [{ path: `line ${line}`, message }]);
}

async function existingKeys(db: Knex, target: ImportTarget<unknown>): Promise<Set<string>> {
  const rows = (await db.raw(target.existingKeysSql)).rows as Array<{ k: string }>;
  return new Set(rows.map((r) => r.k));
}

/** Milliseconds per phase of an import, for the debug log. */
class Timings {
  private readonly started = performance.now();
  private last = this.started;
  readonly ms: Record<string, number> = {};
  mark(phase: string): void {
    const now = performance.now();
    this.ms[phase] = Math.round(now - this.last);
    this.last = now;
  }
  done(): Record<string, number> {
    return { ...this.ms, total: Math.round(performance.now() - this.started) };
  }
}

/**
 * Every import, whatever its kind and file (docs/adr/0016): read → check every line → save all
 * or nothing, in one transaction. COPY loads run on PostgreSQL while the upload is still
 * arriving, on PGlite (one connection, which an upload must not hold) once it has all arrived;
 * inserts once it has. Then the saved rows are logged for realtime (docs/architecture.md#realtime). A dry run does
 * the same and rolls back, so its report is exactly what a real run would do.
 */
export async function runImport<Row>(s: Services, p: Principal, target: ImportTarget<Row>, source: RecordSource, options: ImportOptions): Promise<ImportResult> {
  const t = new Timings();
  const result = await load(s, p, target as ImportTarget<unknown>, source, options, t);
  if (result.report.imported > 0 && !options.dryRun) changesCommitted(s.db);
  s.log.debug({ imported: result.report.imported, skipped: result.report.skipped.length, ms: t.done() }, `${target.spec.label} imported`);
  return result;
}

async function load(s: Services, p: Principal, target: ImportTarget<unknown>, source: RecordSource, options: ImportOptions, t: Timings): Promise<ImportResult> {
  let upload: Upload<unknown> | null = null;
  const start = async (db: Knex) => (upload = new Upload(target, p, options.skipExisting ? await existingKeys(db, target) : null));
  try {
    const { load } = target;
    if (s.dbKind === 'postgres' && load.kind === 'copy') {
      return await s.db.transaction(async (trx) => {
        const reading = await start(trx);
        const copy = await openPgCopy(trx, `COPY ${target.table} (${load.columns.join(', ')}) FROM STDIN`);
        try {
          await reading.read(source, (piece) => copy.write(piece));
        } catch (err) {
          // An upload cut short or too large: the COPY must end before the rollback can run.
          await copy.abort(err as Error);
          throw err;
        }
        await copy.end();
        t.mark('read and copy');
        return finish(trx, reading, target, options, t);
      });
    }
    const reading = await start(s.db);
    await reading.read(source);
    t.mark('read');
    const refused = reading.failure();
    if (refused) throw refused;
    return await s.db.transaction(async (trx) => {
      if (load.kind === 'copy' && reading.pieces.length) {
        await pgliteCopy(trx, `COPY ${target.table} (${load.columns.join(', ')}) FROM '/dev/blob'`, reading.pieces.splice(0));
      } else if (load.kind === 'insert' && reading.inserts.length) {
        await load.insert(trx, reading.inserts, reading.savedLines);
      }
      t.mark(load.kind);
      return finish(trx, reading, target, options, t);
    });
  } catch (err) {
    if (err instanceof DryRunRollback) return err.result;
    throw err instanceof AppError || !upload ? err : refusedAt(upload, err);
  } finally {
    t.mark('commit');
  }
}

/** Above this many rows an import is one `resync` change instead of a change per row. */
export const RESYNC_ABOVE = 1_000;

/** After the load: the file's verdict, then a large import's resync, or the dry run's rollback. */
async function finish(trx: Knex.Transaction, upload: Upload<unknown>, target: ImportTarget<unknown>, options: ImportOptions, t: Timings): Promise<ImportResult> {
  const refused = upload.failure();
  if (refused) throw refused;
  const copied = target.load.kind === 'copy' && upload.rows > 0;
  const result: ImportResult = { report: upload.report(), ids: copied ? { first: upload.ids.first, last: upload.ids.last } : null };
  if (options.dryRun) throw new DryRunRollback(result);
  // One entry for the whole file: its rows are many, and all of them commit or none does.
  if (upload.rows > 0) await recordHistory(trx, { resource: historyOf(target.topic), rowId: null, action: 'import', row: { imported: upload.rows } });
  if (upload.rows > RESYNC_ABOVE) {
    // Tens of thousands of rows are not news to push one by one: subscribers get one resync
    // and refetch. The mark stands for this transaction's rows of the topic (realtime/feed.ts).
    await recordMark(trx, target.topic, 'resync', target.topic, { imported: upload.rows });
  }
  // Up to RESYNC_ABOVE rows are each in the feed by themselves, as every create is (docs/adr/0023).
  t.mark('log');
  return result;
}
