import { CadenceApiError, csvRecordBatches, IMPORT_KINDS, isBlankRecord, type ImportKind, type ImportReport } from '@cadence/core';
import { createReadStream, openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { startProgress, type Progress } from '../progress';
import { clientFor, resolveTarget } from '../session';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ImportOptions {
  dryRun?: boolean;
  skipExisting?: boolean;
}

interface FinalReport extends ImportReport {
  file: string;
  kind: ImportKind;
  dry_run: boolean;
}

/** The file's format, from its name: the server reads either. */
export function fileType(file: string): 'text/csv' | typeof XLSX_TYPE {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv' || ext === '.txt') return 'text/csv';
  if (ext === '.xlsx') return XLSX_TYPE;
  if (ext === '.xls') throw usageError(`${file}: the old .xls format is not supported; save it as .xlsx or .csv`);
  throw usageError(`${file}: expected a .csv or .xlsx file`);
}

function printReport(ctx: CommandContext, report: FinalReport): void {
  ctx.out.result(report, () => report.skipped.map((s) => `line ${s.line}: skipped: ${s.reason}`));
  const verb = report.dry_run ? 'would import' : 'imported';
  ctx.out.info(`${report.file}: ${verb} ${report.imported} row(s), skipped ${report.skipped.length}${report.dry_run ? ' (dry run: nothing was saved)' : ''}`);
}

/** The server's refusal of the file, every bad line listed: nothing was imported (all or nothing). */
function refusal(file: string, err: CadenceApiError): CliError {
  const lines = err.details
    .filter((d) => d.path.startsWith('line '))
    .map((d) => {
      const [line, field] = d.path.slice(5).split(/\.(.*)/s);
      return `  line ${line}: ${field ? `${field}: ` : ''}${d.message}`;
    });
  return new CliError([`${file}: ${err.message}`, ...lines].join('\n'));
}

/**
 * The file as an upload body that tells how many of its bytes fetch has read. The server reads
 * an import as it goes (checking and loading), so this is the import's own progress. The data
 * is the file's (streamed from disk, never held in memory) whether or not fetch asks stream().
 */
class CountingBlob extends Blob {
  constructor(
    file: Blob,
    type: string,
    private readonly onRead: (bytes: number) => void,
  ) {
    super([file], { type });
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

/** Data rows of a CSV (docs/product.md#bulk-upload: the lines after the header, blank ones aside), counted beside the upload. */
async function countCsvRows(file: string): Promise<number> {
  let records = 0;
  for await (const batch of csvRecordBatches(createReadStream(file, { highWaterMark: 256 * 1024 }))) {
    for (const record of batch) if (!isBlankRecord(record)) records++;
  }
  return Math.max(0, records - 1);
}

async function openFile(file: string): Promise<Blob> {
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    return await openAsBlob(file);
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
}

/**
 * Every kind the same way: the file streams from disk to the server, which reads, checks and
 * saves it (all or nothing) and answers by line. A CSV's rows are counted here at the same time,
 * for the progress line; an .xlsx's progress is its bytes sent.
 */
export async function runImport(ctx: CommandContext, kind: string, file: string, opts: ImportOptions): Promise<void> {
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw usageError(`Unknown import "${kind}". One of: ${IMPORT_KINDS.join(', ')}`);
  const type = fileType(file);
  const c = clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
  const blob = await openFile(file);
  let sent = 0;
  let progress: Progress | null = null;
  let total = 0;
  const show = () => progress?.update(blob.size ? Math.min(total, Math.floor((total * sent) / blob.size)) : total);
  const counted =
    type === 'text/csv'
      ? countCsvRows(file).then(
          (rows) => {
            total = rows;
            progress = startProgress(`Importing ${total} row(s)`, total);
            show();
          },
          () => {}, // the server reads it anyway and says what is wrong
        )
      : Promise.resolve().then(() => {
          total = blob.size;
          progress = startProgress(`Importing ${file} (bytes)`, total);
        });
  const body = new CountingBlob(blob, type, (bytes) => {
    sent += bytes;
    show();
  });
  let report: ImportReport;
  try {
    report = await c.imports.upload(kind as ImportKind, body, { contentType: type, dryRun: !!opts.dryRun, skipExisting: !!opts.skipExisting });
  } catch (err) {
    if (err instanceof CadenceApiError && err.status === 400) throw refusal(file, err);
    throw err;
  } finally {
    await counted;
    (progress as Progress | null)?.stop();
  }
  printReport(ctx, { file, kind: kind as ImportKind, dry_run: !!opts.dryRun, ...report });
}
