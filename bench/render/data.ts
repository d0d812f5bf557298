/**
 * The events every contender of the render suite draws: generated in the page from a seed,
 * so each page pays the same (tiny) cost and all of them plot exactly the same campaigns.
 * Dates are 'YYYY-MM-DD' strings; `end` is inclusive.
 */

export interface BenchEvent {
  id: string;
  title: string;
  /** First day shown. */
  start: string;
  /** Last day shown (inclusive). */
  end: string;
  /** Cadence channel value. */
  channel: string;
  /** The channel's colour (the same palette Cadence uses). */
  color: string;
}

/** Cadence's channel palette (packages/core/src/channels.ts), repeated so the peers match it. */
export const CHANNELS: ReadonlyArray<readonly [string, string]> = [
  ['email', '#3b82f6'],
  ['social', '#ec4899'],
  ['content', '#8b5cf6'],
  ['paid', '#f97316'],
  ['events', '#10b981'],
  ['webinars', '#06b6d4'],
  ['seo', '#84cc16'],
  ['pr', '#eab308'],
  ['website', '#6366f1'],
  ['customer-community', '#14b8a6'],
  ['internal', '#64748b'],
];

const WORDS = ['Spring', 'Launch', 'Newsletter', 'Webinar', 'Summit', 'Refresh', 'Product', 'Customer', 'Partner', 'Search', 'Video', 'Series', 'Briefing', 'Roadshow', 'Digest', 'Promo'];

import { rng } from '../lib/random.js';

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function title(next: () => number, i: number): string {
  const w = (k: number) => WORDS[Math.floor(next() * WORDS.length) % WORDS.length] ?? 'Campaign';
  return `${w(0)} ${w(1)} ${i + 1}${next() < 0.3 ? ` ${w(2)} ${w(3)}` : ''}`;
}

/** The month the calendar pages show. */
export const CALENDAR_MONTH = { year: 2026, month: 3 } as const;
/** The quarter the Gantt pages show (Q2 2026: April–June). */
export const GANTT_QUARTER = { year: 2026, firstMonth: 4 } as const;

/**
 * `n` events inside one month: 60% one day, 30% 2–4 days, 10% 5–10 days, cut at the month's
 * end, each with one of the eleven channels.
 */
export function monthEvents(n: number, seed = 1): BenchEvent[] {
  const next = rng(seed);
  const { year, month } = CALENDAR_MONTH;
  const last = daysIn(year, month);
  return Array.from({ length: n }, (_, i) => {
    const day = 1 + Math.floor(next() * last);
    const r = next();
    const span = r < 0.6 ? 1 : r < 0.9 ? 2 + Math.floor(next() * 3) : 5 + Math.floor(next() * 6);
    const [channel, color] = CHANNELS[i % CHANNELS.length] ?? ['email', '#3b82f6'];
    return { id: `e${i + 1}`, title: title(next, i), start: ymd(year, month, day), end: ymd(year, month, Math.min(last, day + span - 1)), channel, color };
  });
}

/** `n` campaigns inside one quarter, 3–40 days long, none running past the quarter's end. */
export function quarterEvents(n: number, seed = 2): BenchEvent[] {
  const next = rng(seed);
  const { year, firstMonth } = GANTT_QUARTER;
  const days: string[] = [];
  for (let m = firstMonth; m < firstMonth + 3; m++) for (let d = 1; d <= daysIn(year, m); d++) days.push(ymd(year, m, d));
  return Array.from({ length: n }, (_, i) => {
    const length = 3 + Math.floor(next() * 38);
    const from = Math.floor(next() * (days.length - length));
    const [channel, color] = CHANNELS[i % CHANNELS.length] ?? ['email', '#3b82f6'];
    return { id: `g${i + 1}`, title: title(next, i), start: days[from] ?? '', end: days[from + length - 1] ?? '', channel, color };
  });
}

/** What the suite passes to a page in its query string. */
export interface PageParams {
  n: number;
}

export function pageParams(): PageParams {
  const q = new URLSearchParams(location.search);
  return { n: Number(q.get('n') ?? '100') };
}
