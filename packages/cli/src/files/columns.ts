import {
  campaignCreateSchema,
  eventCreateSchema,
  splitCommaList,
  splitUrlList,
  unguardCell,
  type CsvRecord,
} from '@cadence/core';
import type { z } from 'zod';

type ListKind = 'comma' | 'url';

export interface TableSpec<T> {
  name: string;
  columns: readonly string[];
  required: readonly string[];
  lists: Readonly<Record<string, ListKind>>;
  schema: z.ZodType<T>;
  /** Rows for `cadence template NAME`. */
  example: string[][];
}

export const CAMPAIGN_TABLE: TableSpec<z.output<typeof campaignCreateSchema>> = {
  name: 'campaigns',
  columns: [
    'title', 'description', 'status', 'priority', 'scope', 'primary_channel', 'channels', 'planning_start_date', 'live_date',
    'end_date', 'owner', 'summary', 'goals', 'audiences', 'project_leader', 'project_team_members', 'kpis', 'deliverables',
    'landing_page_urls',
  ],
  required: ['title', 'planning_start_date', 'live_date'],
  lists: { channels: 'comma', audiences: 'comma', project_team_members: 'comma', kpis: 'comma', deliverables: 'comma', landing_page_urls: 'url' },
  schema: campaignCreateSchema,
  example: [
    ['Spring newsletter', 'Quarterly product news', 'planning', 'medium', 'global', '', 'email, social', '2026-03-01', '2026-03-15', '2026-04-15', 'Dana Kim', 'Announce the spring release', '500 sign-ups', 'Owners, Engineers', 'Dana Kim', 'Luis, Aisha', 'Open rate, Sign-ups', 'Newsletter, Landing page', 'https://example.com/spring'],
    ['SEO sprint', '', 'in-progress', 'high', 'channel', 'seo', '', '2026-03-10', '2026-03-20', '', '', '', '', '', '', '', '', '', ''],
  ],
};

export const EVENT_TABLE: TableSpec<z.output<typeof eventCreateSchema>> = {
  name: 'events',
  columns: ['name', 'vertical', 'vertical_other', 'audience', 'start_date', 'end_date', 'region', 'location', 'venue', 'event_url', 'type'],
  required: ['name', 'vertical', 'audience', 'start_date', 'end_date', 'type'],
  lists: { vertical: 'comma', audience: 'comma', type: 'comma' },
  schema: eventCreateSchema,
  example: [
    ['WaterTech Americas', 'water', '', 'engineers, consultants', '2026-06-10', '2026-06-12', 'NA', 'Denver', 'Convention Center', 'https://example.com/watertech', 'exhibit, speaking'],
    ['Critical Minerals Forum', 'mining, other', 'Critical minerals', 'owners', '2026-09-01', '2026-09-02', 'APAC', 'Perth', 'PCEC', '', 'delegate-only'],
  ],
};

export interface ParsedTable<T> {
  rows: Array<{ line: number; row: T }>;
  /** Lines that cannot be imported; any of these stops the whole file. */
  errors: Array<{ line: number; message: string }>;
}

/**
 * Header-named columns (any order; unknown ones are an error) → one validated row per line.
 * Blank lines are ignored; cells that an export guarded against formulas are read back plainly.
 */
export function parseTable<T>(spec: TableSpec<T>, records: CsvRecord[]): ParsedTable<T> {
  const nonBlank = records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  const header = nonBlank[0];
  if (!header) return { rows: [], errors: [{ line: 1, message: 'The file is empty' }] };
  const names = header.fields.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const errors: ParsedTable<T>['errors'] = [];
  const unknown = names.filter((n) => n && !spec.columns.includes(n));
  if (unknown.length) errors.push({ line: header.line, message: `Unknown column(s): ${unknown.join(', ')}. Columns: ${spec.columns.join(', ')}` });
  const missing = spec.required.filter((c) => !names.includes(c));
  if (missing.length) errors.push({ line: header.line, message: `Missing required column(s): ${missing.join(', ')}` });
  if (errors.length) return { rows: [], errors };
  if (nonBlank.length < 2) return { rows: [], errors: [{ line: header.line, message: 'The file has a header but no rows' }] };

  const rows: ParsedTable<T>['rows'] = [];
  for (const { line, fields } of nonBlank.slice(1)) {
    const raw: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const cell = unguardCell((fields[i] ?? '').trim());
      if (!name || cell === '') return;
      const list = spec.lists[name];
      raw[name] = list === 'url' ? splitUrlList(cell) : list === 'comma' ? splitCommaList(cell) : cell;
    });
    const result = spec.schema.safeParse(raw);
    if (result.success) rows.push({ line, row: result.data });
    else {
      for (const issue of result.error.issues) {
        const field = issue.path.length ? issue.path.join('.') : 'row';
        errors.push({ line, message: `${field}: ${issue.message}` });
      }
    }
  }
  return { rows, errors };
}
