import { MESSAGES, parseProspectiveCsv, prospectiveCreateSchema, type ImportReport, type Principal } from '@cadence/core';
import type { Knex } from 'knex';
import { validationFailed } from '../errors';
import type { Services } from '../services';
import { recordChanges } from './changes';
import { withIsoTimestamps } from './present';

export interface ImportOptions {
  dryRun: boolean;
  skipExisting: boolean;
}

const CHUNK = 1000;
class DryRunRollback extends Error {}

/**
 * The bulk upload of spec §5 as one command: parse → check every row → insert all or nothing.
 * A dry run does the same work, including the inserts, and rolls back.
 */
export async function importProspective(s: Services, p: Principal, csv: string, options: ImportOptions): Promise<ImportReport> {
  const parsed = parseProspectiveCsv(csv);
  if (parsed.error) throw validationFailed(parsed.error, [{ path: 'file', message: parsed.error }]);
  const skipped = [...parsed.skipped];
  const rows: Array<{ line: number; values: Record<string, unknown> }> = [];
  for (const { line, ...raw } of parsed.rows) {
    const checked = prospectiveCreateSchema.safeParse(raw);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = issue.path.join('.') || 'row';
      throw validationFailed(`Line ${line}: ${field}: ${issue.message}`, [{ path: `line ${line}.${field}`, message: issue.message }]);
    }
    rows.push({ line, values: { ...checked.data, created_by: p.userId } });
  }

  let imported = 0;
  try {
    await s.db.transaction(async (trx) => {
      let toInsert = rows;
      if (options.skipExisting) toInsert = await dropExisting(trx, rows, skipped);
      const logged: Array<{ id: string; row: unknown }> = [];
      for (let i = 0; i < toInsert.length; i += CHUNK) {
        const inserted = await insertChunk(trx, toInsert.slice(i, i + CHUNK));
        for (const row of inserted) logged.push({ id: row.id as string, row: withIsoTimestamps(row as { created_at: Date }) });
        imported += inserted.length;
      }
      // Logged last, so the change-log lock is held only for the final moments of the import.
      if (!options.dryRun) await recordChanges(trx, 'prospective_publications', 'insert', logged);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (err) {
    if (!(err instanceof DryRunRollback)) throw err;
  }
  if (imported === 0 && rows.length === 0) throw validationFailed(MESSAGES.csvNoValidRows, [{ path: 'file', message: MESSAGES.csvNoValidRows }]);
  skipped.sort((a, b) => a.line - b.line);
  return { imported, skipped };
}

/** skip_existing: names already stored (case-insensitively) or repeated earlier in the file are skipped. */
async function dropExisting(trx: Knex, rows: Array<{ line: number; values: Record<string, unknown> }>, skipped: ImportReport['skipped']) {
  const existing = new Set<string>(
    (await trx('prospective_publications').select(trx.raw('lower(name) as name'))).map((r: { name: string }) => r.name),
  );
  const seen = new Map<string, number>();
  return rows.filter(({ line, values }) => {
    const key = String(values.name).toLowerCase();
    if (existing.has(key)) {
      skipped.push({ line, reason: 'A prospective publication with this name already exists' });
      return false;
    }
    const first = seen.get(key);
    if (first !== undefined) {
      skipped.push({ line, reason: `Same name as line ${first}` });
      return false;
    }
    seen.set(key, line);
    return true;
  });
}

/** Inserts a chunk; if the database refuses it, finds the refused line so the error can name it. */
async function insertChunk(trx: Knex, chunk: Array<{ line: number; values: Record<string, unknown> }>) {
  try {
    return await trx.transaction((sp) => sp('prospective_publications').insert(chunk.map((r) => r.values)).returning('*'));
  } catch (chunkError) {
    for (const row of chunk) {
      const refusal = await probeRow(trx, row.values);
      if (refusal) {
        throw validationFailed(`Line ${row.line}: the database refused this row`, [{ path: `line ${row.line}`, message: refusal }]);
      }
    }
    throw chunkError;
  }
}

const PROBE_OK = Symbol('probe-ok');

/** Tries one row inside a savepoint that is always rolled back; returns the refusal, if any. */
async function probeRow(trx: Knex, values: Record<string, unknown>): Promise<string | null> {
  try {
    await trx.transaction(async (sp) => {
      await sp('prospective_publications').insert(values);
      throw PROBE_OK;
    });
  } catch (err) {
    if (err === PROBE_OK) return null;
    return ((err as Error).message ?? 'Refused').split(' - ').pop() ?? 'Refused';
  }
  return null;
}
