import { recordsOfRows, type Principal, type ProspectivePublication, type ProspectiveValue } from '@cadence/core';
import { PROSPECTIVE_IMPORT } from '@cadence/core/schemas';
import { runImport, type ImportTarget } from '../data/imports/pipeline';
import { prospective } from '../data/resources/industry';
import type { Services } from '../services';

/** The lands of docs/product.md#bulk-upload with COPY: the table's own rows, presented as stored (docs/adr/0016). */
export const PROSPECTIVE_TARGET: ImportTarget<ProspectiveValue> = {
  spec: PROSPECTIVE_IMPORT,
  table: 'prospective_publications',
  topic: 'prospective_publications',
  existingKeysSql: 'SELECT lower(name) AS k FROM prospective_publications',
  load: {
    kind: 'copy',
    columns: ['id', 'name', 'region', 'industry', 'audience', 'website', 'media_kit_link', 'contacts', 'notes', 'created_by'],
    values: (row, id, p) => [id, row.name, row.region, row.industry, row.audience, row.website, row.media_kit_link, row.contacts, row.notes, p.userId],
  },
};

/**
 * Many prospective publications in one request (`{rows: […]}`): an import like a file's, through
 * the one pipeline (each row's checks, COPY, one history entry for the lot, all or nothing, in one
 * transaction), answered with the rows saved, by name.
 */
export async function createProspectiveRows(s: Services, p: Principal, rows: Array<Record<string, unknown>>): Promise<ProspectivePublication[]> {
  const records = recordsOfRows(PROSPECTIVE_IMPORT.columns, rows);
  const { ids } = await runImport(s, p, PROSPECTIVE_TARGET, [records], { dryRun: false, skipExisting: false });
  if (!ids) return [];
  const saved = await prospective.select(s.db).whereBetween('id', [ids.first, ids.last]).orderBy([{ column: 'name' }, { column: 'id' }]);
  return saved.map((raw: Parameters<typeof prospective.present>[0]) => prospective.present(raw));
}
