import { randomUUID } from 'node:crypto';
import { changedFields, type HistoryChanges } from '@cadence/core';
import type { Knex } from 'knex';
import { runAs, type Actor } from '../history/actor';
import { entryColumns, type EntryInput } from '../history/record';
import { demoPast, type DemoActor, type FinalCampaign, type PastEvent, type PlanFields } from './past';

// Replays the demo's past (demo/past.ts, docs/adr/0064) as its two users made it, each change on
// its own clock: every entry's columns come from entryColumns run as the event's user at the
// event's moment (history/actor.ts runAs), as a request's entries get their caller. The rows and
// entries are written the way the server's batch writes are (commands/apply-template.ts,
// routes/campaigns/replan.ts): one statement for the rows and one for their entries per stretch,
// an update's `changes` from core's changedFields as updateRow records them, an import as the
// import pipeline logs it (one entry for the file, rows created at its moment), a revert as
// revertEntry logs it (the reverted entry's before values, `reverts` naming it). Going through
// updateRow, runImport and revertEntry one change at a time cost 20 ms and more a change on a busy
// machine, a second or more on a fresh demo start; this costs a few statements.

/** A campaign's row as the seed writes it today (every column the demo fills). */
export type DemoCampaignRow = Record<string, unknown> & FinalCampaign & { title: string };

const PLAN_FIELDS = ['planning_start_date', 'live_date', 'end_date', 'status'] as const;

interface Pending {
  /** Entries in the order of their changes: the actor (and clock) that made each, and its row's title (null: a file's). */
  entries: Array<{ actor: Actor; title: string | null; entry: Omit<EntryInput, 'rowId'> }>;
  /** Campaigns created in this stretch, and when: written with their fields as of its end. */
  created: Map<string, Date>;
  /** Campaigns updated in this stretch: how many times, and when last. */
  updated: Map<string, { count: number; at: Date }>;
}

const empty = (): Pending => ({ entries: [], created: new Map(), updated: new Map() });

/** The changes that put back what `changes` did. */
const undoing = (changes: HistoryChanges): HistoryChanges =>
  Object.fromEntries(Object.entries(changes).map(([field, c]) => [field, { before: c.after, after: c.before }]));

/**
 * Writes the demo campaigns by replaying their past: afterwards each row is exactly `rows`' (bar
 * its version, created_at and updated_at) and the history log holds the weeks of entries that led
 * there, oldest first by id as by time. Returns the campaigns' ids in the order of `rows`.
 */
export async function replayDemoPast(trx: Knex, users: Record<DemoActor, string>, rows: readonly DemoCampaignRow[], today: string): Promise<string[]> {
  const past = demoPast(rows, today);
  const byTitle = new Map(rows.map((r) => [r.title, r]));
  const rowOf = (title: string, fields: PlanFields) => {
    const { channel: _channel, by: _by, ...row } = byTitle.get(title)!;
    return { ...row, ...fields };
  };
  const actorOf = (e: PastEvent): Actor => ({ userId: users[e.by], keyId: null, requestId: randomUUID(), at: e.at });
  /** Each campaign's fields as the events so far left them. */
  const state = new Map<string, PlanFields>();
  const ids = new Map<string, string>();
  /** Each campaign's latest update entry: its id once written, and its changes. */
  const lastUpdate = new Map<string, { id: string; changes: HistoryChanges }>();
  let pending = empty();

  /** Writes the stretch of changes since the last flush. */
  const flush = async () => {
    const { created, updated, entries } = pending;
    pending = empty();
    if (created.size) {
      const titles = [...created.keys()];
      const inserted: Array<{ id: string; title: string }> = await trx('campaigns')
        .insert(titles.map((t) => ({ ...rowOf(t, state.get(t)!), created_at: created.get(t), updated_at: updated.get(t)?.at ?? created.get(t), version: 1 + (updated.get(t)?.count ?? 0) })))
        .returning(['id', 'title']);
      for (const r of inserted) ids.set(r.title, r.id);
    }
    const changed = [...updated].filter(([t]) => !created.has(t));
    if (changed.length) {
      await trx.raw(
        `UPDATE campaigns SET planning_start_date = v.s::date, live_date = v.l::date, end_date = v.e::date, status = v.st,
           version = campaigns.version + v.n::int, updated_at = v.at::timestamptz
         FROM (VALUES ${changed.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}) AS v(id, s, l, e, st, n, at) WHERE campaigns.id = v.id::uuid`,
        changed.flatMap(([t, u]) => {
          const f = state.get(t)!;
          return [ids.get(t)!, f.planning_start_date, f.live_date, f.end_date, f.status, u.count, u.at.toISOString()];
        }),
      );
    }
    if (!entries.length) return;
    const columns = await Promise.all(entries.map((e) => runAs(e.actor, async () => entryColumns({ ...e.entry, rowId: e.title === null ? null : ids.get(e.title)! }))));
    // One INSERT of many rows takes its ids in the order of its rows: the entries' ids follow their times.
    const written: Array<{ id: string | number }> = await trx('history_entries').insert(columns).returning('id');
    entries.forEach((e, n) => {
      if (e.title !== null && e.entry.action === 'update') lastUpdate.set(e.title, { id: String(written[n]!.id), changes: e.entry.changes! });
    });
  };

  const update = (e: PastEvent & { title: string }, after: PlanFields, entry: Omit<EntryInput, 'rowId'>) => {
    state.set(e.title, after);
    const done = pending.updated.get(e.title);
    pending.updated.set(e.title, { count: (done?.count ?? 0) + 1, at: e.at });
    pending.entries.push({ actor: actorOf(e), title: e.title, entry });
  };

  for (const e of past.events) {
    if (e.kind === 'create' || e.kind === 'import') {
      const titles = e.kind === 'create' ? [e.title] : e.titles;
      for (const t of titles) {
        state.set(t, past.initial.get(t)!);
        pending.created.set(t, e.at);
      }
      pending.entries.push(
        e.kind === 'create'
          ? { actor: actorOf(e), title: e.title, entry: { resource: 'campaigns', action: 'create' } }
          : // One entry for the file, as the import pipeline writes it (data/imports/pipeline.ts finish).
            { actor: actorOf(e), title: null, entry: { resource: 'campaigns', action: 'import', row: { imported: e.titles.length } } },
      );
    } else if (e.kind === 'update') {
      const before = state.get(e.title)!;
      const after = { ...before, ...e.patch };
      update(e, after, { resource: 'campaigns', action: 'update', changes: changedFields(before as never, after as never, PLAN_FIELDS.filter((f) => f in e.patch)) });
    } else {
      // The entry reverted must have its id: what is pending is written first.
      await flush();
      const reverted = lastUpdate.get(e.title)!;
      const changes = undoing(reverted.changes);
      const after = { ...state.get(e.title)!, ...Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.after])) } as PlanFields;
      update(e, after, { resource: 'campaigns', action: 'update', changes, reverts: reverted.id });
    }
  }
  await flush();
  return rows.map((r) => ids.get(r.title)!);
}
