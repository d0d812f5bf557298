import {
  AD_STATUSES,
  AD_TIMELINE_LEGEND,
  barGeometry,
  endOfMonth,
  startOfMonth,
  type Ad,
  type AdStatus,
  type AdType,
  type BarGeometry,
  type Ymd,
} from '@cadence/core';

export interface TimelineBar extends BarGeometry {
  ad: Ad;
  color: string;
}
export interface TimelineRow {
  publicationId: string;
  name: string;
  bars: TimelineBar[];
}

const colorOf = (key: string) => AD_TIMELINE_LEGEND.find((l) => l.key === key)?.color ?? '#9ca3af';
/** Legend (docs/product.md#ad-timeline): new ads have no colour of their own, so they show as 'Submitted' (grey). */
export const adColor = (status: AdStatus): string => colorOf(status === 'new' ? 'submitted' : status);

/** docs/product.md#ad-timeline: one row per publication, bars from due to live date clipped to the month (≥ 2 %). */
export function adTimeline(ads: readonly Ad[], month: Ymd): TimelineRow[] {
  const range = { start: startOfMonth(month), end: endOfMonth(month) };
  const rows = new Map<string, TimelineRow>();
  for (const ad of ads) {
    const [start, end] = ad.due_date <= ad.live_date ? [ad.due_date, ad.live_date] : [ad.live_date, ad.due_date];
    const g = barGeometry({ start, end }, range);
    if (!g) continue;
    const row = rows.get(ad.publication_id) ?? { publicationId: ad.publication_id, name: ad.publication_name, bars: [] };
    row.bars.push({ ...g, ad, color: adColor(ad.status) });
    rows.set(ad.publication_id, row);
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export type StatusTab = 'all' | AdStatus;
export const STATUS_TABS: readonly StatusTab[] = ['all', ...AD_STATUSES];

export function statusCounts<T extends { status: AdStatus }>(rows: readonly T[]): Record<StatusTab, number> {
  const counts = { all: rows.length, new: 0, content_requested: 0, content_ready: 0, live: 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

/** '$1,500.00' style cost of an ad type, as '- $cost' in the picker when there is one (docs/product.md#validation-ads). */
export const formatCost = (cost: number | null): string => (cost === null ? '' : `$${cost.toFixed(2)}`);
export const adTypeOption = (t: AdType): string => (t.cost === null ? t.ad_type : `${t.ad_type} - ${formatCost(t.cost)}`);

/** Case-insensitive match of `query` in any of the fields. */
export function matches(query: string, fields: ReadonlyArray<string | null | undefined | readonly string[]>): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return fields.some((f) => (Array.isArray(f) ? f.join(' ') : (f ?? '')).toString().toLowerCase().includes(q));
}
