import { campaignCreateSchema } from '../../schemas/campaign';
import { eventCreateSchema } from '../../schemas/events';
import { unguardCell } from '../csv-write';
import { CAMPAIGN_IMPORT_COLUMNS, CAMPAIGN_IMPORT_EXAMPLE } from './campaign-columns';
import { splitCommaList, splitUrlList } from '../lists';
import { normalizeScopedCampaign } from '../scope';
import type { z } from 'zod';
import type { Cells, Checked, ImportSpec, Layout } from './spec';

type ListKind = 'comma' | 'url';

/** A table whose header names its columns (any order; unknown ones are an error). */
interface NamedTable<Row> {
  kind: ImportSpec['kind'];
  label: string;
  columns: readonly string[];
  required: readonly string[];
  lists: Readonly<Record<string, ListKind>>;
  schema: z.ZodType<Row>;
  example: ReadonlyArray<readonly string[]>;
  identity: ImportSpec<unknown, Row>['identity'];
  /** After the schema: values it implies (a campaign's scope fields). */
  finish?: (row: Row) => Row;
}

/** The header, read loosely: any case, spaces for underscores. */
const headerName = (h: string) => h.trim().toLowerCase().replace(/\s+/g, '_');

function namedTable<Row>(t: NamedTable<Row>): ImportSpec<Record<string, unknown>, Row> {
  return {
    kind: t.kind,
    label: t.label,
    columns: t.columns,
    example: t.example,
    identity: t.identity,
    layout(header): Layout | { error: string } {
      const names = header.map(headerName);
      const unknown = names.filter((n) => n && !t.columns.includes(n));
      const missing = t.required.filter((c) => !names.includes(c));
      const errors = [
        ...(unknown.length ? [`Unknown column(s): ${unknown.join(', ')} (columns: ${t.columns.join(', ')})`] : []),
        ...(missing.length ? [`Missing required column(s): ${missing.join(', ')}`] : []),
      ];
      return errors.length ? { error: errors.join('; ') } : t.columns.map((c) => names.indexOf(c));
    },
    // Cells an export guarded against formulas are read back plainly; lists are split.
    normalise(cells: Cells) {
      const value: Record<string, unknown> = {};
      for (const name of t.columns) {
        const raw = cells[name];
        if (!raw) continue;
        const cell = unguardCell(raw);
        if (cell === '') continue;
        const list = t.lists[name];
        value[name] = list === 'url' ? splitUrlList(cell) : list === 'comma' ? splitCommaList(cell) : cell;
      }
      return value;
    },
    check(value): Checked<Row> {
      const result = t.schema.safeParse(value);
      if (result.success) return { row: t.finish ? t.finish(result.data) : result.data };
      return { problems: result.error.issues.map((issue) => ({ field: issue.path.length ? issue.path.join('.') : 'row', message: issue.message })) };
    },
  };
}

export type CampaignImportRow = z.output<typeof campaignCreateSchema>;
export type EventImportRow = z.output<typeof eventCreateSchema>;

/** Channel scope keeps exactly its primary channel; global scope has none (docs/architecture.md#row-shapes). */
export function scopedCampaign<T extends Pick<CampaignImportRow, 'scope' | 'primary_channel' | 'channels'>>(values: T): T {
  if (!values.scope) return values;
  return { ...values, ...normalizeScopedCampaign({ scope: values.scope, primary_channel: values.primary_channel ?? null, channels: values.channels ?? [] }) };
}

export const CAMPAIGN_IMPORT = namedTable<CampaignImportRow>({
  kind: 'campaigns',
  label: 'campaigns',
  columns: CAMPAIGN_IMPORT_COLUMNS,
  required: ['title', 'planning_start_date', 'live_date'],
  lists: { channels: 'comma', audiences: 'comma', project_team_members: 'comma', kpis: 'comma', deliverables: 'comma', landing_page_urls: 'url' },
  schema: campaignCreateSchema,
  finish: scopedCampaign,
  identity: { of: (r) => `${r.title.toLowerCase()}|${r.live_date}`, label: 'title and live date', exists: 'A campaign with the same title and live date already exists' },
  example: CAMPAIGN_IMPORT_EXAMPLE,
});

export const EVENT_IMPORT = namedTable<EventImportRow>({
  kind: 'events',
  label: 'events',
  columns: ['name', 'vertical', 'vertical_other', 'audience', 'start_date', 'end_date', 'region', 'location', 'venue', 'event_url', 'type'],
  required: ['name', 'vertical', 'audience', 'start_date', 'end_date', 'type'],
  lists: { vertical: 'comma', audience: 'comma', type: 'comma' },
  schema: eventCreateSchema,
  identity: { of: (r) => `${r.name.toLowerCase()}|${r.start_date}`, label: 'name and start date', exists: 'An event with the same name and start date already exists' },
  example: [
    ['WaterTech Americas', 'water', '', 'engineers, consultants', '2026-06-10', '2026-06-12', 'NA', 'Denver', 'Convention Center', 'https://example.com/watertech', 'exhibit, speaking'],
    ['Critical Minerals Forum', 'mining, other', 'Critical minerals', 'owners', '2026-09-01', '2026-09-02', 'APAC', 'Perth', 'PCEC', '', 'delegate-only'],
  ],
});
