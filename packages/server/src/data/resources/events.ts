import type { CadenceEvent } from '@cadence/core';
import { withIsoTimestamps } from '../present';
import { defineResource } from '../resource';

export const events = defineResource('events', {
  table: 'events',
  label: 'Event',
  select: (db) => db('events').select('events.*'),
  selectIsTable: true,
  present: (raw: CadenceEvent & { created_at: Date; updated_at: Date }) => withIsoTimestamps(raw) as CadenceEvent,
});
