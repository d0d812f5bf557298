import {
  CadenceApiError,
  can,
  canChangeBaseline,
  canCompare,
  canListBaselines,
  canSaveBaselines,
  compareDates,
  compareSummary,
  planDatesOf,
  planTouches,
  rewindRow,
  type Baseline,
  type BaselinesApi,
  type Campaign,
  type ComparedCampaign,
  type HistoryEntry,
  type Principal,
} from '@cadence/core';
import { baselineCreateSchema, baselineUpdateSchema, compareQuerySchema } from '@cadence/core/schemas';
import { memoryId, parse } from './memory-crud';
import { forbidden, notFound, validation } from './memory-errors';

type Run = <T>(op: string, fn: () => T, args?: unknown[]) => Promise<T>;

/**
 * Saved baselines and the plan then against the plan now, as the server answers them
 * (docs/adr/0063): the log kept by the memory client is rewound with core's `rewindRow`, so
 * "Compare with…" can be exercised in widget tests and stories without a server.
 */
export function memoryBaselines(ctx: {
  run: Run;
  now: () => string;
  principal: Principal;
  campaigns: Campaign[];
  entries: () => HistoryEntry[];
  emailOf: (id: string | null) => string | null;
  baselines?: Baseline[];
}): BaselinesApi {
  const { run, now, principal } = ctx;
  const saved: Baseline[] = structuredClone(ctx.baselines ?? []);
  const people = () => {
    if (!canListBaselines(principal)) throw forbidden();
  };
  const find = (id: string) => {
    const b = saved.find((x) => x.id === id);
    if (!b) throw notFound();
    return b;
  };
  const nameFree = (name: string, except?: string) => {
    if (saved.some((b) => b.id !== except && b.name.toLowerCase() === name.toLowerCase())) {
      const message = `A baseline named “${name}” already exists`;
      throw new CadenceApiError(409, 'already_exists', message, [{ path: 'name', message }]);
    }
  };

  const compare = (at: string, from: string, to: string) => {
    const moment = new Date(at).toISOString();
    const later = ctx.entries().filter((e) => e.resource === 'campaigns' && e.row_id && e.at > moment);
    const ids = new Set([...ctx.campaigns.map((c) => c.id), ...later.map((e) => e.row_id!)]);
    const out: ComparedCampaign[] = [];
    for (const id of ids) {
      const nowRow = ctx.campaigns.find((c) => c.id === id) as unknown as Record<string, unknown> | undefined;
      let thenRow = rewindRow(nowRow, later.filter((e) => e.row_id === id));
      if (thenRow && typeof thenRow.created_at === 'string' && thenRow.created_at > moment) thenRow = undefined;
      const readable = (row: Record<string, unknown> | undefined) => !!row && can(principal, 'read', 'campaign', row as never);
      const nowDates = readable(nowRow) ? planDatesOf(nowRow) : null;
      const then = readable(thenRow) ? planDatesOf(thenRow) : null;
      if (!planTouches(nowDates, from, to) && !planTouches(then, from, to)) continue;
      out.push({ id, title: String((nowDates ? nowRow?.title : thenRow?.title) ?? ''), then, now: nowDates, ...compareDates(then, nowDates) });
    }
    out.sort((a, b) => (a.now ?? a.then)!.live_date.localeCompare((b.now ?? b.then)!.live_date) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
    return { campaigns: out, summary: compareSummary(out) };
  };

  return {
    list: () => run('baselines.list', () => (people(), structuredClone([...saved].sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))))),
    create: (body) =>
      run('baselines.create', () => {
        people();
        const b = parse(baselineCreateSchema, body);
        if (!canSaveBaselines(principal)) throw forbidden();
        nameFree(b.name);
        const stamp = now();
        const row: Baseline = {
          id: memoryId(), name: b.name, at: new Date(b.at).toISOString(), created_by: principal.userId,
          created_by_email: ctx.emailOf(principal.userId), created_at: stamp, updated_at: stamp, version: 1,
        };
        saved.push(row);
        return structuredClone(row);
      }, [body]),
    update: (id, body) =>
      run('baselines.update', () => {
        people();
        const b = parse(baselineUpdateSchema, body);
        const row = find(id);
        if (!canChangeBaseline(principal, row)) throw forbidden();
        nameFree(b.name, id);
        Object.assign(row, { name: b.name, version: row.version + 1, updated_at: now() });
        return structuredClone(row);
      }, [id, body]),
    remove: (id) =>
      run('baselines.remove', () => {
        people();
        const row = find(id);
        if (!canChangeBaseline(principal, row)) throw forbidden();
        saved.splice(saved.indexOf(row), 1);
      }, [id]),
    compare: (query) =>
      run('baselines.compare', () => {
        if (!canCompare(principal)) throw forbidden();
        const q = parse(compareQuerySchema, query);
        let baseline: Baseline | null = null;
        if (q.baseline) {
          people();
          baseline = saved.find((b) => b.id === q.baseline) ?? null;
          if (!baseline) throw validation([{ path: ['baseline'], message: 'No such baseline' }]);
        }
        const at = new Date(baseline ? baseline.at : q.at!).toISOString();
        return { at, baseline: structuredClone(baseline), from: q.from, to: q.to, ...compare(at, q.from, q.to) };
      }, [query]),
  };
}
