import { PLANNING_RULE_LIMITS, can, conflictsCsv, conflictsIn, ruleDescription, rulesWindow, type Conflict, type PlanningRuleFields } from '@cadence/core';
import { conflictsQuerySchema, conflictsSchema, planningRuleBodySchema, planningRuleSchema, planningRulesImportSchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { recordMark } from '../../data/changes';
import { conflict, fieldError, forbidden, notFound } from '../../errors';
import { recordHistory } from '../../history/record';
import type { RouteTable } from '../../http/route';
import { loadPlan, loadPlanningRules, presentRule, rulesCalendar } from '../../planning-rules/store';
import { whereReadable } from '../campaigns/readable';
import { campaigns } from '../../data/resources/campaigns';
import type { Services } from '../../services';

const TAG = 'Planning rules';
const BASE = '/api/planning-rules';
const ID = { id: { pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, description: 'A rule id' } };

const COLUMNS = ['kind', 'severity', 'limit', 'period', 'channel', 'audience', 'gap_days', 'name'] as const;
const columnsOf = (f: PlanningRuleFields) => Object.fromEntries(COLUMNS.map((c) => [c, f[c]]));

async function lockedRule(trx: Knex, id: string, ifMatch: number | null) {
  const row = await trx('planning_rules').where({ id }).forUpdate().first();
  if (!row) throw notFound('Planning rule');
  if (ifMatch !== null && Number(row.version) !== ifMatch) throw conflict(presentRule(row));
  return presentRule(row);
}

/**
 * Planning rules (docs/adr/0062-planning-rules.md): every signed-in principal reads them (keys
 * included: a drag is judged in the browser); administrators, never keys, keep them. Each write
 * is an administrators' history entry and a mark on the `planning_rules` topic, so open plans
 * re-judge their conflicts at once.
 */
export function planningRuleRoutes(s: Services, t: RouteTable): void {
  const readable = (p: Parameters<typeof can>[0]) => {
    if (!can(p, 'read', 'planning_rule')) throw forbidden('You may not read the planning rules');
  };

  t.add({
    method: 'get', path: BASE, tag: TAG, access: 'user',
    summary: 'Every planning rule, oldest first, each with its description in words',
    response: z.array(planningRuleSchema),
    handler: async ({ auth }) => {
      readable(auth.principal);
      return loadPlanningRules(s.db);
    },
  });

  t.add({
    method: 'post', path: BASE, tag: TAG, access: 'admin', status: 201,
    summary: 'Add a planning rule (administrators): a limit of 1 or more, a known channel, a non-empty audience; fields its kind does not use are stored as null',
    body: planningRuleBodySchema, response: planningRuleSchema,
    handler: async ({ body, auth }) =>
      s.db.transaction(async (trx) => {
        const counted = await trx('planning_rules').count<{ n: string }[]>({ n: '*' });
        if (Number(counted[0]?.n ?? 0) >= PLANNING_RULE_LIMITS.rulesMax) throw fieldError('kind', `At most ${PLANNING_RULE_LIMITS.rulesMax} rules`);
        const [raw] = await trx('planning_rules').insert({ ...columnsOf(body), created_by: auth.principal.userId || null }).returning('*');
        const row = presentRule(raw);
        await recordHistory(trx, { resource: 'planning-rules', rowId: row.id, action: 'create', row: { ...row } });
        await recordMark(trx, 'planning_rules', 'insert', row.id, row);
        return row;
      }),
  });

  t.add({
    method: 'put', path: `${BASE}/:id`, params: ID, tag: TAG, access: 'admin',
    summary: 'Replace a planning rule (administrators): every field, as a create takes them; If-Match guards against lost updates',
    body: planningRuleBodySchema, response: planningRuleSchema,
    handler: async ({ body, params, ifMatch }) =>
      s.db.transaction(async (trx) => {
        const before = await lockedRule(trx, params.id!, ifMatch);
        const [raw] = await trx('planning_rules')
          .where({ id: before.id })
          .update({ ...columnsOf(body), version: trx.raw('version + 1'), updated_at: trx.fn.now() })
          .returning('*');
        const row = presentRule(raw);
        const changes = Object.fromEntries(
          [...COLUMNS, 'description' as const].filter((c) => before[c] !== row[c]).map((c) => [c, { before: before[c], after: row[c] }]),
        );
        await recordHistory(trx, { resource: 'planning-rules', rowId: row.id, action: 'update', changes });
        await recordMark(trx, 'planning_rules', 'update', row.id, row);
        return row;
      }),
  });

  t.add({
    method: 'delete', path: `${BASE}/:id`, params: ID, tag: TAG, access: 'admin', status: 204,
    summary: 'Delete a planning rule (administrators); If-Match guards against lost updates',
    handler: async ({ params, ifMatch }) => {
      await s.db.transaction(async (trx) => {
        const row = await lockedRule(trx, params.id!, ifMatch);
        await trx('planning_rules').where({ id: row.id }).delete();
        await recordHistory(trx, { resource: 'planning-rules', rowId: row.id, action: 'delete', row: { ...row } });
        await recordMark(trx, 'planning_rules', 'delete', row.id, row);
      });
    },
  });

  t.add({
    method: 'post', path: `${BASE}/import`, tag: TAG, access: 'admin',
    summary:
      'Replace every planning rule with the given list (administrators; `cadence rules import`): all or nothing, a malformed rule is a 400 on rules.<i>.<field>',
    body: planningRulesImportSchema, response: z.array(planningRuleSchema),
    handler: async ({ body, auth }) =>
      s.db.transaction(async (trx) => {
        const removed = await trx('planning_rules').count<{ n: string }[]>({ n: '*' });
        await trx('planning_rules').delete();
        const rows = body.rules.length
          ? (await trx('planning_rules').insert(body.rules.map((r) => ({ ...columnsOf(r), created_by: auth.principal.userId || null }))).returning('*')).map(presentRule)
          : [];
        await recordHistory(trx, {
          resource: 'planning-rules', rowId: null, action: 'import',
          row: { replaced: Number(removed[0]!.n), rules: rows.map((r) => ruleDescription(r)) },
        });
        // A whole new list: one refetch for each open plan, not a frame per rule.
        await recordMark(trx, 'planning_rules', 'resync', 'planning_rules', { rules: rows.length });
        return loadPlanningRules(trx);
      }),
  });

  t.add({
    method: 'get', path: '/api/conflicts', tag: TAG, access: 'user',
    summary:
      'Every planning-rule conflict with a go-live in the window (at most 366 days), judged over all campaigns: the conflicts list. ' +
      'format=csv (or Accept: text/csv) answers CSV. A campaign the caller may not read is counted but not named (its title is empty)',
    query: conflictsQuerySchema, response: conflictsSchema,
    handler: async ({ query, auth, ctx }) => {
      readable(auth.principal);
      const list = await conflictsList(s.db, auth.principal, query);
      if (query.format === 'csv' || (query.format === undefined && ctx.accepts('json', 'text/csv') === 'text/csv')) {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.set('Content-Disposition', `attachment; filename="conflicts-${query.from}-${query.to}.csv"`);
        ctx.body = conflictsCsv(list.conflicts);
        return undefined;
      }
      return list;
    },
  });
}

/** The conflicts of a window, each with its rule in words and the titles the caller may read. */
export async function conflictsList(db: Knex, p: Parameters<typeof can>[0], range: { from: string; to: string }) {
  const rules = await loadPlanningRules(db);
  if (!rules.length) return { from: range.from, to: range.to, conflicts: [] as Conflict[] };
  const window = rulesWindow(rules, range);
  const [plan, calendar] = await Promise.all([loadPlan(db, window), rulesCalendar(db, window)]);
  const found = conflictsIn(plan, rules, calendar, range);
  const involved = [...new Set(found.flatMap((v) => v.campaign_ids))];
  const readableIds = new Set<string>();
  for (let i = 0; i < involved.length; i += 1000) {
    const ids = await whereReadable(campaigns.select(db), p).whereIn('campaigns.id', involved.slice(i, i + 1000)).clearSelect().select('campaigns.id');
    for (const r of ids as Array<{ id: string }>) readableIds.add(String(r.id));
  }
  const titles = new Map(plan.map((c) => [c.id, c.title]));
  const described = new Map(rules.map((r) => [r.id, r.description]));
  const conflicts: Conflict[] = found.map((v) => ({
    ...v,
    campaign_ids: [...v.campaign_ids],
    rule: described.get(v.rule_id) ?? '',
    campaign_titles: v.campaign_ids.map((id) => (readableIds.has(id) ? (titles.get(id) ?? '') : '')),
  }));
  return { from: range.from, to: range.to, conflicts };
}
