import {
  checkPlacement,
  conflictsIn,
  planningIndex,
  rulesWindow,
  workingCalendar,
  type Campaign,
  type PlannedCampaign,
  type PlanningRuleRecord,
  type RuleViolation,
  type RulesCalendar,
  type Weekday,
  type WorkingCalendarData,
  type Ymd,
} from '@cadence/core';
import { useCallback, useMemo } from 'react';
import { useCampaigns } from './campaign-queries';
import { useCadence } from './context';
import { isVirtual, type AnyCampaign } from './permissions';
import { useQuery, useQueryKey } from './use-query';

/** The install's planning rules (docs/adr/0062): everyone reads them; none when the server has none (or predates them). */
export function usePlanningRuleList(enabled = true) {
  const { client } = useCadence();
  const key = useQueryKey(enabled ? (['planningRules'] as const) : null);
  const fetcher = useCallback(() => client.planningRules.list(), [client]);
  const onError = useCallback(() => {}, []);
  return useQuery<PlanningRuleRecord[]>(key, fetcher, onError);
}

/** What the rules judge a plan with near a window: the rules, the working calendar (closed days named), and a check. */
export interface PlanningRulesView {
  /** Whether any rule applies: with none, nothing is checked, badged or announced. */
  active: boolean;
  /** What placing `candidate` (on its live date) would break, among the other campaigns around it. */
  check: (candidate: Campaign) => RuleViolation[];
  /** Each campaign's violations in the window, for badges. */
  byCampaign: ReadonlyMap<string, RuleViolation[]>;
  /** Every violation with a go-live in the window, by date. */
  violations: readonly RuleViolation[];
}

const NONE: PlanningRulesView = { active: false, check: () => [], byCampaign: new Map(), violations: [] };

function rulesCalendar(data: WorkingCalendarData | undefined): RulesCalendar {
  const base = workingCalendar((data?.closed_days ?? []).map((d) => d.day), (data?.weekend ?? [6, 7]) as Weekday[]);
  return { ...base, labels: new Map((data?.closed_days ?? []).map((d) => [d.day, d.label])) };
}

/**
 * The planning rules over a calendar's or Gantt's window (docs/adr/0065): judged in the browser
 * with core's functions, among every campaign the user may read around the window, not only the
 * filtered ones shown (a filter hides campaigns, not their load). `shown` is reused when nothing
 * is filtered out.
 */
export function usePlanningRules(window: { from: Ymd; to: Ymd }, shown: readonly AnyCampaign[], filtered: boolean): PlanningRulesView {
  const { client } = useCadence();
  const rules = usePlanningRuleList().data;
  const active = !!rules?.length;
  const wide = useMemo(() => (rules?.length ? rulesWindow(rules, window) : window), [rules, window.from, window.to]); // eslint-disable-line react-hooks/exhaustive-deps
  const widened = wide.from !== window.from || wide.to !== window.to;
  const all = useCampaigns({ from: wide.from, to: wide.to }, active && (filtered || widened));
  const calKey = useQueryKey(active ? (['workingCalendar', wide] as const) : null);
  const calFetch = useCallback(() => client.workingCalendar.get(wide), [client, calKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const calError = useCallback(() => {}, []);
  const cal = useQuery<WorkingCalendarData>(calKey, calFetch, calError).data;
  const pool = filtered || widened ? all.data : shown;
  return useMemo(() => {
    if (!active || !rules || !pool) return NONE;
    const planned = pool.filter((c): c is Campaign => !isVirtual(c)) as PlannedCampaign[];
    const index = planningIndex(planned);
    const calendar = rulesCalendar(cal);
    const violations = conflictsIn(planned, rules, calendar, window);
    const byCampaign = new Map<string, RuleViolation[]>();
    for (const v of violations) {
      for (const id of v.campaign_ids) byCampaign.set(id, [...(byCampaign.get(id) ?? []), v]);
    }
    return { active, check: (candidate: Campaign) => checkPlacement(candidate, index, rules, calendar), byCampaign, violations };
  }, [active, rules, pool, cal, window.from, window.to]); // eslint-disable-line react-hooks/exhaustive-deps
}
