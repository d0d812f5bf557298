import { historyPageSchema, historyQuerySchema, revertQuerySchema, revertResultSchema, rowHistoryQuerySchema } from '@cadence/core/schemas';
import { getRow } from '../../data/crud';
import { HISTORY_DATA } from '../../data/registry';
import type { RouteTable } from '../../http/route';
import { historyPage, importEntryOf } from '../../history/read';
import { revertEntry } from '../../commands/revert-entry';
import type { Services } from '../../services';

const TAG = 'History';
const ENTRY_ID = { pattern: /^[1-9][0-9]{0,17}$/, description: 'A history entry id (a positive integer)' };

/** The activity log's routes (docs/adr/0028): read with the row's read rule, revert as a normal write. */
export function historyRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/history', tag: TAG, access: 'user',
    summary:
      'Changes the caller may see, newest first: by resource, row id, actor (user id or e-mail) and time (since inclusive, until exclusive). ' +
      'Pass next_cursor as cursor for older entries; null means the last page. Read-only keys see none (docs/adr/0028)',
    query: historyQuerySchema, response: historyPageSchema,
    handler: ({ auth, query }) => historyPage(s.db, auth.principal, query),
  });
  t.add({
    method: 'post', path: '/api/history/:entryId/revert', tag: TAG, access: 'user', params: { entryId: ENTRY_ID },
    summary:
      "Put back what an entry changed, as a normal write (If-Match applies to the row; the revert is an entry of its own): an update's before values, " +
      'a deleted row with its id, or a created row removed. 409 revert_conflict names the fields a later change touched. ?dry_run=1 only answers the plan',
    query: revertQuerySchema, response: revertResultSchema,
    handler: ({ auth, params, query, ifMatch, ctx }) =>
      revertEntry(s, auth.principal, params.entryId!, ifMatch, query.dry_run === '1' || query.dry_run === 'true', ctx),
  });
  for (const [resource, r] of HISTORY_DATA) {
    t.add({
      method: 'get', path: `/api/${resource}/:id/history`, tag: TAG, access: 'user',
      summary: `One ${r.label.toLowerCase()}'s changes, newest first (also after it was deleted, to those who could read it then)`,
      query: rowHistoryQuerySchema, response: historyPageSchema,
      handler: async ({ auth, params, query }) => {
        // A row that exists answers as GET of the row does: 404 when the caller may not read it.
        const exists = await s.db(r.table).where({ id: params.id }).first('id');
        if (exists) await getRow(s, r, auth.principal, params.id!);
        const page = await historyPage(s.db, auth.principal, { ...query, resource, id: params.id });
        // An imported row has no create entry of its own: its last page ends with the file's.
        if (exists && page.next_cursor === null && !page.entries.some((e) => e.action === 'create')) {
          const file = await importEntryOf(s.db, auth.principal, resource, params.id!);
          if (file) page.entries.push(file);
        }
        return page;
      },
    });
  }
}
