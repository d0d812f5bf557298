import { parseProspectiveCsv, toCsv, type BulkReport, type CadenceAdminClient, type ImportReport } from '@cadence/core';
import { createReadStream, openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { CAMPAIGN_TABLE, EVENT_TABLE, parseTable, type TableSpec } from '../files/columns';
import { readTable, tableKind } from '../files/read-table';
import { startProgress, type Progress } from '../progress';
import { clientFor, resolveTarget } from '../session';

export const IMPORT_KINDS = ['prospective-publications', 'campaigns', 'events'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

interface ImportOptions {
  dryRun?: boolean;
  skipExisting?: boolean;
}

interface FinalReport {
  file: string;
  kind: ImportKind;
  dry_run: boolean;
  imported: number;
  skipped: Array<{ line: number; reason: string }>;
}

function printReport(ctx: CommandContext, report: FinalReport): void {
  ctx.out.result(report, () => report.skipped.map((s) => `line ${s.line}: skipped: ${s.reason}`));
  const verb = report.dry_run ? 'would import' : 'imported';
  ctx.out.info(`${report.file}: ${verb} ${report.imported} row(s), skipped ${report.skipped.length}${report.dry_run ? ' (dry run: nothing was saved)' : ''}`);
}

/** Every bad line is listed and nothing is imported: all or nothing per file. */
function refuse(file: string, errors: Array<{ line: number; message: string }>): never {
  const lines = errors.slice(0, 200).map((e) => `  line ${e.line}: ${e.message}`);
  if (errors.length > 200) lines.push(`  … and ${errors.length - 200} more`);
  throw new CliError(`${file}: ${errors.length} problem(s); nothing was imported:\n${lines.join('\n')}`);
}

/**
 * The file as an upload body that tells how many of its bytes fetch has read. The server reads
 * an import as it goes (validating and loading), so this is the import's own progress. The data
 * is the file's (streamed from disk, never held in memory) whether or not fetch asks stream().
 */
class CountingBlob extends Blob {
  constructor(
    file: Blob,
    private readonly onRead: (bytes: number) => void,
  ) {
    super([file], { type: 'text/csv' });
  }

  override stream(): ReturnType<Blob['stream']> {
    const onRead = this.onRead;
    const reader = super.stream().getReader();
    return new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        onRead(value.byteLength);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    }) as ReturnType<Blob['stream']>;
  }
}

/** Rows the file holds (spec §5: named rows), read beside the upload; and the file's own error. */
async function countRows(file: string): Promise<{ rows: number; error?: string }> {
  let rows = 0;
  const { error } = await parseProspectiveCsv(createReadStream(file, { highWaterMark: 256 * 1024 }), (batch) => {
    rows += batch.rows.length;
  });
  return error ? { rows, error } : { rows };
}

async function importProspective(ctx: CommandContext, c: CadenceAdminClient, file: string, opts: ImportOptions): Promise<FinalReport> {
  const bulk = { dryRun: !!opts.dryRun, skipExisting: !!opts.skipExisting };
  const done = (report: ImportReport): FinalReport => ({ file, kind: 'prospective-publications', dry_run: !!opts.dryRun, ...report });
  if (tableKind(file) === 'xlsx') {
    // The server applies the spec's bulk rules to CSV text; a spreadsheet is converted to it first.
    // Its CSV lines are sheet rows, so the line numbers hold for both.
    const table = await readTable(file);
    const csv = toCsv(table.records.map((r) => r.fields), { guardFormulas: false });
    const preview = parseProspectiveCsv(csv);
    if (preview.error) throw new CliError(`${file}: ${preview.error}`);
    const progress = startProgress(`Importing ${preview.rows.length} row(s)`, preview.rows.length);
    try {
      return done(await c.prospective.importCsv(csv, bulk));
    } finally {
      progress.stop();
    }
  }
  // A CSV streams from disk to the server, which checks and loads it as it arrives; the rows are
  // counted here at the same time, for the progress line.
  let blob: Blob;
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    blob = await openAsBlob(file);
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  let sent = 0;
  let progress: Progress | null = null;
  let total = 0;
  const show = () => progress?.update(blob.size ? Math.min(total, Math.floor((total * sent) / blob.size)) : total);
  const counted = countRows(file).then(
    (count) => {
      total = count.rows;
      if (!count.error) progress = startProgress(`Importing ${total} row(s)`, total);
      show();
      return count;
    },
    () => ({ rows: 0 }) as { rows: number; error?: string }, // the server reads it anyway and says what is wrong
  );
  const body = new CountingBlob(blob, (bytes) => {
    sent += bytes;
    show();
  });
  try {
    // The client sends any fetch body; its type says string because most callers have text.
    return done(await c.prospective.importCsv(body as unknown as string, bulk));
  } catch (err) {
    const { error } = await counted;
    if (error) throw new CliError(`${file}: ${error}`);
    throw err;
  } finally {
    await counted;
    (progress as Progress | null)?.stop();
  }
}

async function importTable<T>(
  ctx: CommandContext,
  file: string,
  spec: TableSpec<T>,
  send: (rows: T[]) => Promise<BulkReport>,
  opts: ImportOptions,
): Promise<FinalReport> {
  const table = await readTable(file);
  const progress = startProgress(`Checking ${file}`, table.records.length);
  const parsed = parseTable(spec, table.records);
  progress.stop();
  if (parsed.errors.length) refuse(file, parsed.errors);
  const upload = startProgress(`Importing ${parsed.rows.length} row(s)`, parsed.rows.length);
  let report: BulkReport;
  try {
    report = await send(parsed.rows.map((r) => r.row));
  } finally {
    upload.stop();
  }
  return {
    file,
    kind: spec.name as ImportKind,
    dry_run: !!opts.dryRun,
    imported: report.imported,
    skipped: report.skipped.map((s) => ({ line: parsed.rows[s.index]?.line ?? 0, reason: s.reason })),
  };
}

export async function runImport(ctx: CommandContext, kind: string, file: string, opts: ImportOptions): Promise<void> {
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw usageError(`Unknown import "${kind}". One of: ${IMPORT_KINDS.join(', ')}`);
  const c = clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
  const bulk = { dryRun: !!opts.dryRun, skipExisting: !!opts.skipExisting };
  const report =
    kind === 'prospective-publications'
      ? await importProspective(ctx, c, file, opts)
      : kind === 'campaigns'
        ? await importTable(ctx, file, CAMPAIGN_TABLE, (rows) => c.campaigns.bulk(rows, bulk), opts)
        : await importTable(ctx, file, EVENT_TABLE, (rows) => c.events.bulk(rows, bulk), opts);
  printReport(ctx, report);
}
