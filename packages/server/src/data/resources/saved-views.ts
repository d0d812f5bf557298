import type { SavedView } from '@cadence/core';
import type { Knex } from 'knex';
import { iso } from '../present';
import { defineResource } from '../resource';

export type ViewRaw = Omit<SavedView, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };

const COLUMNS = ['v.id', 'v.name', 'v.dashboard', 'v.query', 'v.shared', 'v.created_by', 'u.email AS created_by_email', 'v.created_at', 'v.updated_at', 'v.version'];

/** Views with their saver's e-mail (null once that user is deleted). */
export const selectViews = (db: Knex): Knex.QueryBuilder =>
  db('saved_views AS v').leftJoin('users AS u', 'u.id', 'v.created_by').select(COLUMNS);

export const presentView = (raw: ViewRaw): SavedView => ({
  id: raw.id,
  name: raw.name,
  dashboard: raw.dashboard,
  query: raw.query,
  shared: raw.shared,
  created_by: raw.created_by ?? null,
  created_by_email: raw.created_by_email ?? null,
  created_at: iso(raw.created_at)!,
  updated_at: iso(raw.updated_at)!,
  version: raw.version,
});

/** The table as the realtime feed reads it (docs/adr/0023): rows as the API presents them. */
export const savedViews = defineResource('saved_views', {
  table: 'saved_views',
  idColumn: 'v.id',
  label: 'View',
  select: selectViews,
  present: presentView,
});
