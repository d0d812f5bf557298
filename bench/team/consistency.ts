/**
 * When a simulated dashboard's cache reflects a write (the `team` suite's "consistent"): every
 * campaign list it holds shows the written row exactly where `GET /api/campaigns` would (core's
 * `campaignMatchesQuery`, the route's own rule, tested against the route), and its stat counts
 * come from a request made after the change reached it, or were adjusted in place after it. Pure, so the rule is tested on its own.
 */
import { campaignMatchesQuery, type CampaignListQuery, type CampaignQueryFields } from '../../packages/core/src/index.js';

/** One write as the writer means it, sent to the dashboards before the request goes out. */
export interface WriteExpectation {
  /** The write's index; its title carries it (`w12 …`), so a later write to the row is told apart. */
  k: number;
  op: 'insert' | 'update' | 'delete';
  /** The row written (absent for a create, whose id the server assigns: it is found by title). */
  id?: string;
  title: string;
  /** The row's fields after the write; null for a delete. */
  fields: CampaignQueryFields | null;
}

interface ListedRow {
  id: string;
  title: string;
}

/** A list's rows by id and title, for dashboards that check many writes against it. */
export interface ListIndex {
  byId: ReadonlyMap<string, ListedRow>;
  byTitle: ReadonlyMap<string, ListedRow>;
}

/** The write a title was made by (`w12 moved` → 12); -1 for a seeded row. */
export function writeIndexOf(title: string): number {
  const m = /^w(\d+) /.exec(title);
  return m ? Number(m[1]) : -1;
}

export const writeTitle = (k: number, what: string): string => `w${k} ${what}`;

/**
 * Whether a cached list for `query` reflects write `w`: the row is listed in its written state
 * where it now matches, and absent where it does not (or was deleted). A row already carrying a
 * later write's title has moved past `w`, which counts as reflecting it.
 */
export function listReflects(list: readonly ListedRow[] | ListIndex, query: CampaignListQuery, w: WriteExpectation): boolean {
  const row = 'byId' in list
    ? (w.op === 'insert' ? list.byTitle.get(w.title) : list.byId.get(w.id!))
    : w.op === 'insert' ? list.find((c) => c.title === w.title) : list.find((c) => c.id === w.id);
  if (row && writeIndexOf(row.title) > w.k) return true;
  const listed = w.fields !== null && campaignMatchesQuery(w.fields, query);
  return listed ? row?.title === w.title : !row;
}

/**
 * Whether counts reflect a change: they were requested (or adjusted in place) after the change
 * message reached the dashboard (the feed sends a change only once it is committed). `undefined` times mean "not
 * yet": no message, or no counts.
 */
export function countsReflect(countsRequestedAt: number | undefined, changeReceivedAt: number | undefined): boolean {
  return countsRequestedAt !== undefined && changeReceivedAt !== undefined && countsRequestedAt >= changeReceivedAt;
}
