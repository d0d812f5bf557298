import { addDays, campaignHref, formatYmd, isYmd, todayYmd, type Conflict, type ConflictsList, type PlanningRuleRecord } from '@cadence/core';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { usePlanningRuleList } from '../provider/planning-rules';
import { useQuery, useQueryKey } from '../provider/use-query';
import { downloadText } from '../ui/download';
import { Field } from '../ui/Field';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';

export type ConflictsPanelProps = PageWidgetProps & {
  /** The first range shown (default: today and the 90 days after it). */
  from?: string;
  to?: string;
};

/** The widest range the server lists (GET /api/conflicts). */
const MAX_DAYS = 366;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Where a conflict happens, in words: a day, or the week it counts (its Monday). */
export function conflictWhen(c: Pick<Conflict, 'date' | 'rule_id'>, rules: readonly PlanningRuleRecord[]): string {
  const rule = rules.find((r) => r.id === c.rule_id);
  const day = formatYmd(c.date, 'MMM dd, yyyy');
  return rule?.period === 'week' ? `Week of ${day}` : day;
}

/** Why a range cannot be asked for, in words (null: it can). */
function rangeProblem(from: string, to: string): string | null {
  if (!isYmd(from)) return 'Choose the first day';
  if (!isYmd(to)) return 'Choose the last day';
  if (to < from) return 'The last day must not be before the first';
  if (to > addDays(from, MAX_DAYS - 1)) return `At most ${MAX_DAYS} days`;
  return null;
}

/**
 * The conflicts list (issue 34, docs/adr/0062): every planning-rule conflict with a go-live in a
 * range, judged over the whole plan as the server judges it, each with its rule in words, where it
 * happens and the campaigns, linked; "Download CSV" saves the server's own CSV of the same range.
 * Everyone who may read the rules sees it; a campaign they may not read is counted, not named.
 */
export function ConflictsPanel(props: ConflictsPanelProps): ReactNode {
  return (
    <WidgetRoot name="ConflictsPanel" client={props.client} className={props.className}>
      <Panel headingLevel={props.headingLevel ?? 2} from={props.from} to={props.to} />
    </WidgetRoot>
  );
}

function Panel({ headingLevel, from: firstFrom, to: firstTo }: { headingLevel: 1 | 2; from?: string | undefined; to?: string | undefined }): ReactNode {
  const { client, toast, now } = useCadence('ConflictsPanel');
  const id = useId();
  const start = firstFrom ?? todayYmd(now());
  const [from, setFrom] = useState(start);
  const [to, setTo] = useState(firstTo ?? addDays(start, 90));
  const [downloading, setDownloading] = useState(false);
  const problem = rangeProblem(from, to);
  const key = useQueryKey(problem ? null : (['conflicts', { from, to }] as const));
  const fetcher = useCallback(() => client.planningRules.conflicts({ from, to }), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback(() => {}, []);
  const list = useQuery<ConflictsList>(key, fetcher, onError);
  const rules = usePlanningRuleList().data ?? [];
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const conflicts = list.data?.conflicts ?? [];

  const download = async () => {
    setDownloading(true);
    try {
      downloadText(`conflicts-${from}-${to}.csv`, await client.planningRules.conflictsCsv({ from, to }));
    } catch (err) {
      toast({ title: 'Could not download the conflicts', description: messageOf(err), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="cad-card cad-conflicts" aria-labelledby={`${id}-title`} aria-busy={!problem && list.status === 'loading'}>
      <Heading id={`${id}-title`} className="cad-card__title">Conflicts</Heading>
      <p className="cad-muted">Where the plan breaks a planning rule, with the campaigns involved.</p>
      <div className="cad-conflicts__range" role="group" aria-label="Range">
        <Field label="From" error={problem && !isYmd(from) ? problem : undefined}>
          {(p) => <input {...p} type="date" className="cad-input" value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field label="To" error={problem && isYmd(from) ? problem : undefined}>
          {(p) => <input {...p} type="date" className="cad-input" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <button type="button" className="cad-button" disabled={!!problem || downloading || list.status !== 'success'} onClick={() => void download()}>
          Download CSV
        </button>
      </div>
      <div role="status" aria-live="polite">
        {!problem && list.status === 'loading' && <p className="cad-muted">Loading the conflicts…</p>}
        {!problem && list.status === 'success' && (
          <p className="cad-muted">{conflicts.length ? `${conflicts.length} ${conflicts.length === 1 ? 'conflict' : 'conflicts'} in this range` : 'No conflicts in this range'}</p>
        )}
      </div>
      {!problem && list.status === 'error' && (
        <div role="alert">
          <p className="cad-field__error">Could not load the conflicts: {messageOf(list.error)}</p>
          <button type="button" className="cad-button" onClick={() => void list.refetch()}>Try again</button>
        </div>
      )}
      {!problem && conflicts.length > 0 && (
        <ul className="cad-templates__list cad-conflicts__list" aria-label="Conflicts">
          {conflicts.map((c) => (
            <li key={`${c.rule_id}:${c.date}:${c.campaign_ids.join(',')}`} className="cad-templates__row cad-conflicts__row">
              <div>
                <strong>{c.message}</strong>
                <div className="cad-muted">
                  {conflictWhen(c, rules)} · {c.severity === 'block' ? 'Block' : 'Warning'} · {c.rule}
                </div>
                <ul className="cad-conflicts__campaigns" aria-label="Campaigns">
                  {c.campaign_ids.map((cid, i) => (
                    <li key={cid}>{c.campaign_titles[i] ? <a href={campaignHref(cid)}>{c.campaign_titles[i]}</a> : <span className="cad-muted">A campaign you may not see</span>}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
