import { needsRuleCheck, splitCommaList, type Campaign, type PlannedCampaign } from '@cadence/core';
import { useMemo } from 'react';
import { verdictOf, type Verdict } from '../move/verdict';
import { usePlanningRules } from '../provider/planning-rules';
import { formToBody, type CampaignForm } from './form-state';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the planning rules say of the campaign as the form would save it (docs/adr/0062): the same
 * words a drag shows on its target day, judged as the server's gate judges, so the dialog warns
 * before Save rather than after. An edit that changes nothing the rules read (its go-live,
 * channels, audiences, owner, or making it Live) is not judged, as the server does not judge it.
 */
export function useRuleVerdict(form: CampaignForm, base: Campaign | null): Verdict | null {
  const candidate = useMemo((): PlannedCampaign & { status?: string } => {
    const body = formToBody(form);
    return { id: base?.id ?? 'new', live_date: body.live_date, channels: body.channels, audiences: splitCommaList(form.audiences), owner_id: form.owner_id, owner: body.owner ?? null, status: body.status ?? 'planning' };
  }, [form, base]);
  const valid = YMD.test(candidate.live_date);
  const day = valid ? candidate.live_date : '1970-01-01';
  const window = useMemo(() => ({ from: day, to: day }), [day]);
  const rules = usePlanningRules(window, [], true);
  return useMemo(() => {
    if (!valid || !rules.active || !needsRuleCheck(base, candidate)) return null;
    return verdictOf(rules.check(candidate as Campaign));
  }, [valid, rules, base, candidate]);
}
