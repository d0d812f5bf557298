import {
  CadenceApiError,
  PLANNING_RULE_LIMITS,
  blockingViolations,
  can,
  checkPlacement,
  conflictFilterIds,
  conflictsCsv,
  conflictsIn,
  needsRuleCheck,
  planningIndex,
  ruleDescription,
  ruleRefusal,
  rulesWindow,
  workingCalendar,
  type Campaign,
  type Conflict,
  type ConflictsList,
  type PlanningRule,
  type PlanningRuleRecord,
  type PlanningRulesApi,
  type Principal,
  type RuleWarningOptions,
  type Weekday,
  type WorkingCalendarData,
} from '@cadence/core';
import { conflictsQuerySchema, planningRuleBodySchema, planningRulesImportSchema } from '@cadence/core/schemas';
import { checkVersion, forbidden, memoryId, notFound, validation, type Run } from './memory-crud';
import type { MemoryLog } from './memory-history';

/**
 * Planning rules kept in memory, as the server keeps them (docs/adr/0062): the core schemas' 400s,
 * 403 for anyone but an administrator's writes, 412 on a stale version, administrators' history
 * entries; and the gate the memory client's campaign writes ask, with core's verdict.
 */
export function memoryPlanningRules(ctx: {
  run: Run;
  now: () => string;
  principal: Principal;
  campaigns: Campaign[];
  calendar: () => WorkingCalendarData;
  log: MemoryLog;
  rules?: PlanningRuleRecord[];
}) {
  const { run, now, principal, campaigns, log } = ctx;
  const rules: PlanningRuleRecord[] = structuredClone(ctx.rules ?? []);
  const admin = () => {
    if (!can(principal, 'administer', 'planning_rule')) throw forbidden();
  };
  const parse = (body: unknown) => {
    const parsed = planningRuleBodySchema.safeParse(body);
    if (!parsed.success) throw validation(parsed.error.issues);
    return parsed.data;
  };
  const record = (fields: ReturnType<typeof parse>, id = memoryId(), created_at = now(), version = 1): PlanningRuleRecord => {
    const row = { id, ...fields, created_at, updated_at: now(), version };
    return { ...row, description: ruleDescription(row) };
  };
  const calendar = () => {
    const data = ctx.calendar();
    return { ...workingCalendar(data.closed_days.map((d) => d.day), data.weekend as Weekday[]), labels: new Map(data.closed_days.map((d) => [d.day, d.label])) };
  };

  const api: PlanningRulesApi = {
    list: () =>
      run('planningRules.list', () => {
        if (!can(principal, 'read', 'planning_rule')) throw forbidden();
        return structuredClone(rules);
      }),
    create: (body) =>
      run('planningRules.create', () => {
        admin();
        const fields = parse(body);
        if (rules.length >= PLANNING_RULE_LIMITS.rulesMax) throw validation([{ path: ['kind'], message: `At most ${PLANNING_RULE_LIMITS.rulesMax} rules` }]);
        const row = record(fields);
        rules.push(row);
        log.record('planning-rules', row.id, 'create', { row });
        return structuredClone(row);
      }, [body]),
    update: (id, body, o) =>
      run('planningRules.update', () => {
        admin();
        const row = rules.find((r) => r.id === id);
        if (!row) throw notFound();
        checkVersion(row, o?.version);
        const next = record(parse(body), row.id, row.created_at, row.version + 1);
        log.record('planning-rules', row.id, 'update', { before: { ...row }, after: { ...next } });
        rules[rules.indexOf(row)] = next;
        return structuredClone(next);
      }, [id, body, o]),
    remove: (id, o) =>
      run('planningRules.remove', () => {
        admin();
        const row = rules.find((r) => r.id === id);
        if (!row) throw notFound();
        checkVersion(row, o?.version);
        rules.splice(rules.indexOf(row), 1);
        log.record('planning-rules', row.id, 'delete', { row });
      }, [id, o]),
    replaceAll: (list) =>
      run('planningRules.replaceAll', () => {
        admin();
        const parsed = planningRulesImportSchema.safeParse({ rules: list });
        if (!parsed.success) throw validation(parsed.error.issues);
        const rows = parsed.data.rules.map((f) => record(f));
        rules.splice(0, rules.length, ...rows);
        log.record('planning-rules', '', 'import', { row: { rules: rows.length } });
        return structuredClone(rows);
      }, [list]),
    conflicts: (range) => run('planningRules.conflicts', () => conflictsOf(range), [range]),
    conflictsCsv: (range) => run('planningRules.conflictsCsv', () => conflictsCsv(conflictsOf(range).conflicts), [range]),
  };

  /** `GET /api/conflicts` as the server answers it. */
  function conflictsOf(range: { from: string; to: string }): ConflictsList {
    if (!can(principal, 'read', 'planning_rule')) throw forbidden();
    const q = conflictsQuerySchema.safeParse(range);
    if (!q.success) throw validation(q.error.issues);
    const window = rulesWindow(rules, q.data);
    const plan = campaigns.filter((c) => c.live_date >= window.from && c.live_date <= window.to);
    const titles = new Map(campaigns.map((c) => [c.id, c.title]));
    const conflicts: Conflict[] = conflictsIn(plan, rules, calendar(), q.data).map((v) => ({
      ...v,
      campaign_ids: [...v.campaign_ids],
      rule: rules.find((r) => r.id === v.rule_id)?.description ?? '',
      // A campaign the reader may not read is counted but not named, as on the server.
      campaign_titles: v.campaign_ids.map((id) => {
        const c = campaigns.find((x) => x.id === id);
        return c && can(principal, 'read', 'campaign', c) ? (titles.get(id) ?? '') : '';
      }),
    }));
    return { from: q.data.from, to: q.data.to, conflicts };
  }

  /**
   * The rules' verdict on a campaign write (`before` null: a new one): a blocking rule broken is a
   * 409 `rule_blocked` and nothing is saved; the warnings go to `onWarnings`.
   */
  const gate = (before: Campaign | null, after: Campaign, o?: RuleWarningOptions): void => {
    if (!rules.length || !needsRuleCheck(before, after)) return;
    const found = checkPlacement(after, planningIndex(campaigns), rules as PlanningRule[], calendar());
    const blocks = blockingViolations(found);
    if (blocks.length) {
      const { message, details } = ruleRefusal(blocks, rules);
      throw new CadenceApiError(409, 'rule_blocked', message, details);
    }
    if (found.length && o?.onWarnings) o.onWarnings(found);
  };
  /** The campaigns `conflicts=1` keeps for a list's window, judged over every campaign as the server does. */
  const conflicted = (window: { from?: string | undefined; to?: string | undefined }): Set<string> =>
    conflictFilterIds(campaigns, rules as PlanningRule[], calendar(), window);
  return { api, gate, conflicted, all: () => structuredClone(rules) };
}

export type MemoryPlanningRules = ReturnType<typeof memoryPlanningRules>;
