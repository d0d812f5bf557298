import { CadenceApiError, ImportReader, parseCsvRecords, type Campaign, type CadenceClient, type ImportReport } from '@cadence/core';
import { CAMPAIGN_IMPORT } from '@cadence/core/schemas';
import { blobText } from './memory-industry';

/** A file's row, as the server's spec reads it. */
type CampaignImportRow = Parameters<typeof CAMPAIGN_IMPORT.identity.of>[0];

interface ImportDeps {
  campaigns: () => Campaign[];
  /** The memory client's own create: its checks (rights, approvals, planning rules) apply to each row. */
  create: (row: CampaignImportRow) => Promise<Campaign>;
  /** Takes back the rows a refused file had created: an import is all or nothing. */
  remove: (ids: readonly string[]) => void;
}

/**
 * `campaigns.importFile` in memory, CSV only (reading a workbook is the server's): the file's lines
 * through core's ImportReader with the server's spec, skip_existing by title and live date, then
 * each row created in turn; a refused row takes back the rows before it and names its line.
 */
export function memoryCampaignImport(deps: ImportDeps): CadenceClient['campaigns']['importFile'] {
  return async (file, o = {}): Promise<ImportReport> => {
    const csv = typeof file === 'string' ? file : await blobText(file);
    if (csv.startsWith('PK')) throw new CadenceApiError(415, 'unsupported_media_type', 'The memory client reads CSV uploads only');
    const rows: Array<{ row: CampaignImportRow; line: number }> = [];
    const reader = new ImportReader<CampaignImportRow>(CAMPAIGN_IMPORT, (row, line) => rows.push({ row, line }));
    await reader.read([parseCsvRecords(csv)]);
    const refusal = reader.refusal();
    if (refusal) {
      const details = reader.errors.map((e) => ({ path: `line ${e.line}.${e.field}`, message: e.message }));
      throw new CadenceApiError(400, 'validation_failed', refusal, details);
    }
    const { identity } = CAMPAIGN_IMPORT;
    const existing = new Set(deps.campaigns().map((c) => identity.of(c as never)));
    const kept: typeof rows = [];
    for (const r of rows) {
      if (o.skipExisting && existing.has(identity.of(r.row))) reader.skip(r.line, identity.exists);
      else kept.push(r);
    }
    const created: string[] = [];
    try {
      for (const { row, line } of kept) {
        try {
          created.push((await deps.create(row)).id);
        } catch (err) {
          if (!(err instanceof CadenceApiError)) throw err;
          throw new CadenceApiError(err.status, err.code, `Line ${line}, "${row.title}": ${err.message}`, [{ path: `line ${line}`, message: err.message }]);
        }
      }
    } catch (err) {
      deps.remove(created);
      throw err;
    }
    if (o.dryRun) deps.remove(created);
    const skipped = reader.warnings.map((w) => ({ line: w.line, reason: w.reason })).sort((a, b) => a.line - b.line);
    return { rows: reader.dataRows, imported: kept.length, skipped };
  };
}
