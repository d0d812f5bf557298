import {
  LIMITS,
  parseProspectiveCsv,
  prospectiveCreateSchema,
  type ErrorDetail,
  type ImportReport,
  type Principal,
  type ProspectiveCsvRow,
} from '@cadence/core';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, validationFailed } from '../errors';
import type { Services } from '../services';
import { copyErrorLine, copyLine, CopyText, openPgCopy, pgliteCopy } from './bulk-load';
import { changesCommitted } from './changes';

export interface ImportOptions {
  dryRun: boolean;
  skipExisting: boolean;
}

/** What an upload arrives as: the whole text, or a stream of pieces (the request body). */
export type CsvSource = string | AsyncIterable<Buffer | string>;

const FIELDS = ['name', 'region', 'industry', 'audience', 'website', 'media_kit_link', 'contacts', 'notes'] as const;
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

/** Problems listed in a refusal; the message still counts them all. */
const MAX_REPORTED = 100;

export interface RowProblem {
  field: string;
  message: string;
}

/** Spec §5's rules for one parsed row: the first problem, or null when it can be saved. */
export function checkProspectiveRow(row: ProspectiveCsvRow): RowProblem | null {
  let suspect = false;
  for (const field of FIELDS) {
    const value = row[field];
    if (value === null) continue;
    if (value.length > PROSPECTIVE_MAX_LENGTH[field]) suspect = true;
    // PostgreSQL cannot store NUL in text: refused here, by line and field, not by the database.
    else if (value.indexOf('\0') !== -1) return { field, message: 'Contains a NUL character, which cannot be stored' };
  }
  if (!suspect) return null;
  const { line: _line, ...raw } = row;
  const checked = prospectiveCreateSchema.safeParse(raw);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  return { field: issue.path.join('.') || 'row', message: issue.message };
}

/**
 * Ids for one import's rows: UUIDv7 (RFC 9562), the import's millisecond followed by a row
 * counter and 44 random bits. They increase in file order, so COPY appends to the primary key
 * instead of scattering over it, and one index range holds exactly this import's rows.
 */
export class ImportIds {
  private readonly prefix: string;
  private n = 0;
  private random = '';
  private at = 0;
  first = '';
  last = '';

  constructor(ms = Date.now()) {
    const t = ms.toString(16).padStart(12, '0');
    this.prefix = `${t.slice(0, 8)}-${t.slice(8, 12)}-7`;
  }

  next(): string {
    const n = this.n++;
    if (n >= 2 ** 30) throw new Error('Too many rows in one import');
    if (this.at + 11 > this.random.length) {
      this.random = randomBytes(6 * 1024).toString('hex');
      this.at = 0;
    }
    const low = n & 0x3ffff;
    const id =
      this.prefix +
      ((n >>> 18) & 0xfff).toString(16).padStart(3, '0') +
      '-' +
      (0x8000 | (low >>> 4)).toString(16) +
      '-' +
      (low & 0xf).toString(16) +
      this.random.slice(this.at, (this.at += 11));
    if (n === 0) this.first = id;
    this.last = id;
    return id;
  }
}

/**
 * The rows of an upload as they are read (spec §5 parsing, core's streamed parseProspectiveCsv):
 * every row checked, skip_existing applied, and the rows to save as COPY text, ids included.
 */
class ProspectiveUpload {
  private readonly firstLineOf = new Map<string, number>();
  private readonly savedLines: number[] = [];
  private readonly out = new CopyText();
  readonly ids = new ImportIds();
  readonly skipped: ImportReport['skipped'] = [];
  private readonly problems: ErrorDetail[] = [];
  problemCount = 0;
  private firstProblem = '';
  private fileError: string | undefined;

  /** `existing`: the names already stored, lower-cased (skip_existing), else null. */
  constructor(
    private readonly existing: Set<string> | null,
    private readonly createdBy: string,
  ) {}

  /** Rows to be saved. */
  get rows(): number {
    return this.savedLines.length;
  }

  /** Reads the whole source, handing COPY text to `load` as it is ready (none once a row is refused). */
  async read(source: CsvSource, load: (piece: Buffer) => void | Promise<void>): Promise<void> {
    const pieces = typeof source === 'string' ? [source] : source;
    const { error } = await parseProspectiveCsv(toAsync(pieces), async ({ rows, skipped }) => {
      for (const s of skipped) this.skipped.push(s);
      for (const row of rows) {
        const piece = this.take(row);
        if (piece) await load(piece);
      }
    });
    this.fileError = error;
    const last = this.out.flush();
    if (last && !this.problemCount) await load(last);
    this.skipped.sort((a, b) => a.line - b.line);
  }

  private take(row: ProspectiveCsvRow): Buffer | null {
    const problem = checkProspectiveRow(row);
    if (problem) {
      if (this.problemCount === 0) this.firstProblem = `Line ${row.line}: ${problem.field}: ${problem.message}`;
      this.problemCount++;
      if (this.problems.length < MAX_REPORTED) this.problems.push({ path: `line ${row.line}.${problem.field}`, message: problem.message });
      return null;
    }
    if (this.problemCount) return null; // nothing will be saved: only look for more problems
    if (this.existing) {
      // Names already stored (case-insensitively) or repeated earlier in the file are skipped.
      const key = row.name.toLowerCase();
      if (this.existing.has(key)) {
        this.skipped.push({ line: row.line, reason: 'A prospective publication with this name already exists' });
        return null;
      }
      const first = this.firstLineOf.get(key);
      if (first !== undefined) {
        this.skipped.push({ line: row.line, reason: `Same name as line ${first}` });
        return null;
      }
      this.firstLineOf.set(key, row.line);
    }
    this.savedLines.push(row.line);
    return this.out.add(
      copyLine([this.ids.next(), row.name, row.region, row.industry, row.audience, row.website, row.media_kit_link, row.contacts, row.notes, this.createdBy]),
    );
  }

  /** The whole-file rules of spec §5, then the refused rows, as the 400 to answer. */
  failure(): AppError | null {
    if (this.fileError) return validationFailed(this.fileError, [{ path: 'file', message: this.fileError }]);
    if (!this.problemCount) return null;
    const more = this.problemCount > 1 ? ` (and ${this.problemCount - 1} more problem(s); nothing was imported)` : '';
    return validationFailed(`${this.firstProblem}${more}`, this.problems);
  }

  /** CSV line of the n-th (1-based) row loaded, for a refusal from the database. */
  lineOfSavedRow(n: number): number | null {
    return this.savedLines[n - 1] ?? null;
  }
}

async function* toAsync<T>(items: Iterable<T> | AsyncIterable<T>): AsyncIterable<T> {
  yield* items;
}

const COLUMNS = 'id, name, region, industry, audience, website, media_kit_link, contacts, notes, created_by';
const COPY_SQL = `COPY prospective_publications (${COLUMNS}) FROM STDIN`;

class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/** A refusal by the database while loading, by the line it names. */
function refusedAt(upload: ProspectiveUpload, err: unknown): unknown {
  const copyLineNo = copyErrorLine(err);
  const line = copyLineNo !== null ? upload.lineOfSavedRow(copyLineNo) : null;
  if (line === null) return err;
  const message = ((err as Error).message ?? 'Refused').split(' - ').pop() ?? 'Refused';
  return validationFailed(`Line ${line}: the database refused this row`, [{ path: `line ${line}`, message }]);
}

/** Names already stored, lower-cased as skip_existing compares them. */
async function existingNames(db: Knex): Promise<Set<string>> {
  const rows = (await db.raw('SELECT lower(name) AS name FROM prospective_publications')).rows as Array<{ name: string }>;
  return new Set(rows.map((r) => r.name));
}

/**
 * The bulk upload of spec §5 as one command: read → check every row → save all or nothing.
 * Rows are checked as they arrive and go straight into the table with COPY, in one
 * transaction: on PostgreSQL while the upload is still arriving, on PGlite (one connection,
 * which an upload must not hold) once it has all arrived. Then one statement logs every saved
 * row for realtime (DESIGN §7). A dry run does the same and rolls back.
 */
export async function importProspective(s: Services, p: Principal, source: CsvSource, options: ImportOptions): Promise<ImportReport> {
  const t = new Timings();
  const report = await load(s, p, source, options, t);
  if (report.imported > 0 && !options.dryRun) changesCommitted(s.db);
  s.log.debug({ imported: report.imported, skipped: report.skipped.length, ms: t.done() }, 'prospective publications imported');
  return report;
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

async function load(s: Services, p: Principal, source: CsvSource, options: ImportOptions, t: Timings): Promise<ImportReport> {
  let upload: ProspectiveUpload | null = null;
  try {
    if (s.dbKind === 'postgres') {
      return await s.db.transaction(async (trx) => {
        upload = new ProspectiveUpload(options.skipExisting ? await existingNames(trx) : null, p.userId);
        const copy = await openPgCopy(trx, COPY_SQL);
        try {
          await upload.read(source, (piece) => copy.write(piece));
        } catch (err) {
          // An upload cut short or too large: the COPY must end before the rollback can run.
          await copy.abort(err as Error);
          throw err;
        }
        await copy.end();
        t.mark('read and copy');
        return finish(trx, upload, options, t);
      });
    }
    upload = new ProspectiveUpload(options.skipExisting ? await existingNames(s.db) : null, p.userId);
    const pieces: Buffer[] = [];
    await upload.read(source, (piece) => {
      pieces.push(piece);
    });
    t.mark('read');
    const refused = upload.failure();
    if (refused) throw refused;
    const ready = upload;
    return await s.db.transaction(async (trx) => {
      if (ready.rows) await pgliteCopy(trx, COPY_SQL.replace('FROM STDIN', "FROM '/dev/blob'"), pieces.splice(0));
      t.mark('copy');
      return finish(trx, ready, options, t);
    });
  } catch (err) {
    if (err instanceof DryRunRollback) return err.report;
    throw err instanceof AppError || !upload ? err : refusedAt(upload, err);
  } finally {
    t.mark('commit');
  }
}

/** Above this many rows an import is logged as one `resync` change instead of a change per row. */
export const RESYNC_ABOVE = 1_000;

/** After the COPY: the file's verdict, then the change log, or the dry run's rollback. */
async function finish(trx: Knex.Transaction, upload: ProspectiveUpload, options: ImportOptions, t: Timings): Promise<ImportReport> {
  const refused = upload.failure();
  if (refused) throw refused;
  const report = { imported: upload.rows, skipped: upload.skipped };
  if (options.dryRun) throw new DryRunRollback(report);
  if (upload.rows > RESYNC_ABOVE) {
    // Tens of thousands of rows are not news to push one by one: subscribers get one resync
    // and refetch (the log's cost per row was most of what separated an import from COPY).
    await trx.raw(`INSERT INTO changes_pending (topic, op, row_id, row) VALUES ('prospective_publications', 'resync', ?, ?)`, [
      upload.ids.first,
      JSON.stringify({ imported: upload.rows }),
    ]);
  } else if (upload.rows) {
    // One change per saved row, as crud's creates log them: the row as stored (to_jsonb), into
    // changes_pending, which the hub's sequencer numbers once this commits. The import's ids
    // form one range of the primary key, read in order; xmin keeps it to this transaction.
    await trx.raw(
      `INSERT INTO changes_pending (topic, op, row_id, row)
       SELECT 'prospective_publications', 'insert', p.id::text, to_jsonb(p) FROM prospective_publications p
       WHERE p.id BETWEEN ? AND ? AND p.xmin = pg_current_xact_id()::xid ORDER BY p.id`,
      [upload.ids.first, upload.ids.last],
    );
  }
  t.mark('log');
  return report;
}
