import {
  AD_STATUSES,
  AD_TIMELINE_LEGEND,
  MESSAGES,
  barGeometry,
  endOfMonth,
  isHttpUrl,
  startOfMonth,
  type Ad,
  type AdCreate,
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
/** Spec §2 legend: new ads have no colour of their own, so they show as 'Submitted' (grey). */
export const adColor = (status: AdStatus): string => colorOf(status === 'new' ? 'submitted' : status);

/** Spec §2 ad timeline: one row per publication, bars from due to live date clipped to the month (≥ 2 %). */
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

/** '$1,500.00' style cost of an ad type, as '- $cost' in the picker when there is one (spec §5). */
export const formatCost = (cost: number | null): string => (cost === null ? '' : `$${cost.toFixed(2)}`);
export const adTypeOption = (t: AdType): string => (t.cost === null ? t.ad_type : `${t.ad_type} - ${formatCost(t.cost)}`);

export interface AdForm {
  publication_id: string;
  ad_type_id: string;
  due_date: string;
  live_date: string;
  status: AdStatus;
  content: string;
  copy_images_link: string;
  region: string;
  audience: string;
  industry: string;
  notes: string;
}

export const emptyAdForm = (): AdForm => ({
  publication_id: '', ad_type_id: '', due_date: '', live_date: '', status: 'new', content: '', copy_images_link: '', region: '', audience: '', industry: '', notes: '',
});

export const adFormFrom = (a: Ad): AdForm => ({
  publication_id: a.publication_id, ad_type_id: a.ad_type_id ?? '', due_date: a.due_date, live_date: a.live_date, status: a.status,
  content: a.content ?? '', copy_images_link: a.copy_images_link ?? '', region: a.region ?? '', audience: a.audience ?? '', industry: a.industry ?? '', notes: a.notes ?? '',
});

const text = (s: string) => (s.trim() === '' ? null : s.trim());
export const LINK_MESSAGE = 'Please enter a valid URL';

/** Spec §5 ad creation: publication, ad type and both dates required; the link must be a URL. */
export function adBody(f: AdForm): { error: string } | { body: AdCreate } {
  if (!f.publication_id || !f.ad_type_id || !f.due_date || !f.live_date) return { error: MESSAGES.requiredFields };
  const link = text(f.copy_images_link);
  if (link && !isHttpUrl(link)) return { error: LINK_MESSAGE };
  return {
    body: {
      publication_id: f.publication_id, ad_type_id: f.ad_type_id, due_date: f.due_date, live_date: f.live_date, status: f.status,
      content: text(f.content), copy_images_link: link, region: text(f.region), audience: text(f.audience), industry: text(f.industry), notes: text(f.notes),
    },
  };
}

/** Case-insensitive match of `query` in any of the fields. */
export function matches(query: string, fields: ReadonlyArray<string | null | undefined | readonly string[]>): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return fields.some((f) => (Array.isArray(f) ? f.join(' ') : (f ?? '')).toString().toLowerCase().includes(q));
}

/** Spec §5 ad type cost: a decimal with 2 places, or null when empty or not a number. */
export function parseCost(s: string): number | null {
  const n = Number.parseFloat(s);
  return s.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100) / 100;
}
