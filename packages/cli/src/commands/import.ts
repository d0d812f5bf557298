import { parseProspectiveCsv, toCsv, type BulkReport, type CadenceAdminClient, type ImportReport } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { CAMPAIGN_TABLE, EVENT_TABLE, parseTable, type TableSpec } from '../files/columns';
import { readTable } from '../files/read-table';
import { startProgress } from '../progress';
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

async function importProspective(ctx: CommandContext, c: CadenceAdminClient, file: string, opts: ImportOptions): Promise<FinalReport> {
  const table = await readTable(file);
  // The server applies the spec's bulk rules to CSV text; a spreadsheet is converted to it first.
  const csv = table.text ?? toCsv(table.records.map((r) => r.fields), { guardFormulas: false });
  const preview = parseProspectiveCsv(csv);
  if (preview.error) throw new CliError(`${file}: ${preview.error}`);
  const progress = startProgress(`Importing ${preview.rows.length} row(s)`, preview.rows.length);
  let report: ImportReport;
  try {
    report = await c.prospective.importCsv(csv, { dryRun: !!opts.dryRun, skipExisting: !!opts.skipExisting });
  } finally {
    progress.stop();
  }
  // For a spreadsheet, CSV lines are sheet rows, so the line numbers hold for both.
  return { file, kind: 'prospective-publications', dry_run: !!opts.dryRun, ...report };
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
