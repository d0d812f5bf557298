import type { CampaignTemplate } from '@cadence/core';
import { withIsoTimestamps } from '../present';
import { defineResource } from '../resource';

/** A template as the table keeps it: its JSON columns may come back as text (docs/adr/0054). */
export type TemplateRaw = Omit<CampaignTemplate, 'created_at' | 'updated_at' | 'defaults' | 'roles' | 'tasks'> & {
  created_at: Date | string;
  updated_at: Date | string;
  defaults: unknown;
  roles: unknown;
  tasks: unknown;
};

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** The JSON columns as the insert and update write them (a JavaScript array would be sent as a SQL array). */
export function templateColumns(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const key of ['defaults', 'roles', 'tasks'] as const) if (out[key] !== undefined) out[key] = JSON.stringify(out[key]);
  return out;
}

export const templates = defineResource('templates', {
  table: 'campaign_templates',
  label: 'Template',
  select: (db) => db('campaign_templates').select('campaign_templates.*'),
  selectIsTable: true,
  toColumns: templateColumns,
  present: (raw: TemplateRaw) =>
    ({ ...withIsoTimestamps(raw), defaults: parse(raw.defaults), roles: parse(raw.roles), tasks: parse(raw.tasks) }) as CampaignTemplate,
});
