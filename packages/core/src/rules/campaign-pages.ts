import type { CampaignListQuery } from '../schemas/campaign';
import { applyCampaignChange, compareCampaignOrder, type CampaignChange, type CampaignQueryFields, type ListedCampaign } from './campaign-query';
import { decodeListCursor } from './list-cursor';

/**
 * The pages of a list loaded so far, as one list: the first rows of `GET /api/campaigns` in its
 * order (newest first), and the cursor of what comes next (null: nothing more).
 */
export interface LoadedPages<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Whether a row sorts within the loaded pages, i.e. before the cursor of the next page. The cursor
 * keeps microseconds, rows milliseconds: within the cursor's own millisecond the id decides, the
 * same approximation as compareCampaignOrder (docs/adr/0021).
 */
export function isWithinLoadedPages(row: ListedCampaign, nextCursor: string | null): boolean {
  if (nextCursor === null) return true;
  const at = decodeListCursor(nextCursor);
  if (!at) return false;
  return compareCampaignOrder(row, { id: at.id, version: 0, created_at: at.createdAt }) < 0;
}

/**
 * The loaded pages after a realtime change (docs/adr/0022): applied like a whole list
 * (applyCampaignChange), except that a row sorting after the loaded pages is left out, as the
 * page that holds it has not been read yet and will bring it. Cursors are positions, not offsets,
 * so rows coming and going never shift the next page. Returns the same object when nothing changed.
 */
export function applyCampaignChangeToPages<T extends ListedCampaign & CampaignQueryFields>(
  pages: LoadedPages<T>,
  change: CampaignChange<T>,
  query: CampaignListQuery,
): LoadedPages<T> {
  if (change.op !== 'delete' && !isWithinLoadedPages(change.row, pages.nextCursor)) {
    // created_at never changes, so a row sorting there was never loaded either.
    return pages;
  }
  const items = applyCampaignChange(pages.items, change, query);
  return items === pages.items ? pages : { ...pages, items };
}

/**
 * Adds the page read after `cursor` to the loaded pages. If the loaded pages no longer end at
 * that cursor (they were reloaded meanwhile), the page belongs to another walk and is dropped.
 * Rows already loaded (a realtime insert that got there first) are not repeated.
 */
export function appendCampaignPage<T extends ListedCampaign>(
  pages: LoadedPages<T>,
  cursor: string,
  page: LoadedPages<T>,
): LoadedPages<T> {
  if (pages.nextCursor !== cursor) return pages;
  const known = new Set(pages.items.map((c) => c.id));
  return { items: [...pages.items, ...page.items.filter((c) => !known.has(c.id))], nextCursor: page.nextCursor };
}
