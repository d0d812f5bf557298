import {
  CadenceApiError,
  CHANNELS,
  LOAD_RULE_KINDS,
  can,
  type Channel,
  type PlanningRuleBody,
  type PlanningRuleKind,
  type PlanningRuleRecord,
  type RulePeriod,
  type RuleSeverity,
} from '@cadence/core';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { usePlanningRuleList } from '../provider/planning-rules';
import { useSession } from '../provider/session';
import { Dialog } from '../ui/Dialog';
import { Field, Select } from '../ui/Field';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';

export type PlanningRulesPanelProps = PageWidgetProps;

const KINDS: ReadonlyArray<readonly [PlanningRuleKind, string]> = [
  ['channel_load', 'At most N go-lives per channel'],
  ['audience_load', 'At most N go-lives per audience'],
  ['owner_load', 'At most N go-lives per owner'],
  ['non_working', 'No go-live on non-working days or in a blackout'],
  ['min_gap', 'A minimum gap between campaigns of one channel and audience'],
];
const SEVERITIES: ReadonlyArray<readonly [RuleSeverity, string]> = [['warn', 'Warning (asks before saving)'], ['block', 'Block (refuses the change)']];
const PERIODS: ReadonlyArray<readonly [RulePeriod, string]> = [['week', 'per week'], ['day', 'per day']];
const CHANNEL_OPTIONS = CHANNELS.map((c) => [c.value, c.label] as const);
const severityLabel = (s: RuleSeverity) => (s === 'block' ? 'Block' : 'Warning');
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof CadenceApiError && err.details.length ? Object.fromEntries(err.details.map((d) => [d.path.split('.')[0] || 'form', d.message])) : { form: messageOf(err) };

interface Draft {
  kind: PlanningRuleKind;
  severity: RuleSeverity;
  limit: string;
  period: RulePeriod;
  channel: Channel | '';
  audience: string;
  gap_days: string;
  name: string;
}
const EMPTY: Draft = { kind: 'channel_load', severity: 'warn', limit: '2', period: 'week', channel: '', audience: '', gap_days: '3', name: '' };
const draftOf = (r: PlanningRuleRecord): Draft => ({
  kind: r.kind, severity: r.severity, limit: r.limit === null ? '' : String(r.limit), period: r.period ?? 'week', channel: r.channel ?? '',
  audience: r.audience ?? '', gap_days: r.gap_days === null ? '' : String(r.gap_days), name: r.name ?? '',
});
/** The body the API takes: fields the kind does not use are sent empty and stored as null. */
const bodyOf = (d: Draft): PlanningRuleBody => ({
  kind: d.kind,
  severity: d.severity,
  limit: LOAD_RULE_KINDS.includes(d.kind) ? (d.limit.trim() === '' ? null : Number(d.limit)) : null,
  period: LOAD_RULE_KINDS.includes(d.kind) ? d.period : null,
  channel: d.channel || null,
  audience: d.kind === 'audience_load' || d.kind === 'min_gap' ? d.audience.trim() || null : null,
  gap_days: d.kind === 'min_gap' ? (d.gap_days.trim() === '' ? null : Number(d.gap_days)) : null,
  name: d.name.trim() || null,
});
const bodyOfRecord = (r: PlanningRuleRecord): PlanningRuleBody => bodyOf(draftOf(r));

/**
 * Settings → Planning rules (docs/adr/0062, 0065), for administrators: each rule a warning (a move
 * asks "Move anyway") or a block (a move is refused with the rule's words); add, edit, and delete
 * after confirmation with Undo in its toast. Everyone else sees nothing here.
 */
export function PlanningRulesPanel(props: PlanningRulesPanelProps): ReactNode {
  return (
    <WidgetRoot name="PlanningRulesPanel" client={props.client} className={props.className}>
      <Panel headingLevel={props.headingLevel ?? 2} />
    </WidgetRoot>
  );
}

function RuleForm({ draft, setDraft, errors, submit, label, onCancel }: {
  draft: Draft;
  setDraft: (d: Draft) => void;
  errors: Record<string, string>;
  submit: (e: FormEvent) => void;
  label: string;
  onCancel?: () => void;
}): ReactNode {
  const load = LOAD_RULE_KINDS.includes(draft.kind);
  const audience = draft.kind === 'audience_load' || draft.kind === 'min_gap';
  return (
    <form className="cad-form cad-planning-rules__form" onSubmit={submit} noValidate aria-label={label}>
      {errors.form && <p className="cad-field__error" role="alert">{errors.form}</p>}
      <Field label="Rule" error={errors.kind}>
        {(p) => <Select {...p} value={draft.kind} options={KINDS} onChange={(v) => setDraft({ ...draft, kind: (v || 'channel_load') as PlanningRuleKind })} />}
      </Field>
      {load && (
        <>
          <Field label="Limit (go-lives)" error={errors.limit}>
            {(p) => <input {...p} type="number" min={1} className="cad-input" value={draft.limit} onChange={(e) => setDraft({ ...draft, limit: e.target.value })} />}
          </Field>
          <Field label="Counted" error={errors.period}>
            {(p) => <Select {...p} value={draft.period} options={PERIODS} onChange={(v) => setDraft({ ...draft, period: (v || 'week') as RulePeriod })} />}
          </Field>
        </>
      )}
      {draft.kind === 'min_gap' && (
        <Field label="Minimum gap (days)" error={errors.gap_days}>
          {(p) => <input {...p} type="number" min={1} className="cad-input" value={draft.gap_days} onChange={(e) => setDraft({ ...draft, gap_days: e.target.value })} />}
        </Field>
      )}
      <Field label="Channel" error={errors.channel} hint={draft.kind === 'channel_load' || draft.kind === 'min_gap' ? 'Any: each channel counted on its own' : 'Any channel'}>
        {(p) => <Select {...p} value={draft.channel} placeholder="Any" options={CHANNEL_OPTIONS} onChange={(v) => setDraft({ ...draft, channel: v })} />}
      </Field>
      {audience && (
        <Field label="Audience" error={errors.audience} hint="Empty: each audience counted on its own">
          {(p) => <input {...p} className="cad-input" maxLength={200} value={draft.audience} onChange={(e) => setDraft({ ...draft, audience: e.target.value })} />}
        </Field>
      )}
      <Field label="When broken" error={errors.severity}>
        {(p) => <Select {...p} value={draft.severity} options={SEVERITIES} onChange={(v) => setDraft({ ...draft, severity: (v || 'warn') as RuleSeverity })} />}
      </Field>
      <Field label="Name (optional)" error={errors.name}>
        {(p) => <input {...p} className="cad-input" maxLength={120} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />}
      </Field>
      <div className="cad-dialog__footer">
        {onCancel && <button type="button" className="cad-button" onClick={onCancel}>Cancel</button>}
        <button type="submit" className="cad-button cad-button--primary">{label}</button>
      </div>
    </form>
  );
}

function Panel({ headingLevel }: { headingLevel: 1 | 2 }): ReactNode {
  const { client, toast, store } = useCadence('PlanningRulesPanel');
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'planning_rule');
  const id = useId();
  const rules = usePlanningRuleList(admin);
  const [add, setAdd] = useState<Draft>(EMPTY);
  const [addErrors, setAddErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<{ rule: PlanningRuleRecord; draft: Draft } | null>(null);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<PlanningRuleRecord | null>(null);
  const reload = useCallback(() => store.invalidate('planningRules'), [store]);

  if (!session.ready || !admin) return null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setAddErrors({});
    try {
      const made = await client.planningRules.create(bodyOf(add));
      toast({ title: 'Rule added', description: `${made.description} (${severityLabel(made.severity)})` });
      setAdd(EMPTY);
      reload();
    } catch (err) {
      setAddErrors(fieldErrors(err));
    }
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    setEditErrors({});
    try {
      const saved = await client.planningRules.update(editing.rule.id, bodyOf(editing.draft), { version: editing.rule.version });
      toast({ title: 'Rule saved', description: `${saved.description} (${severityLabel(saved.severity)})` });
      setEditing(null);
      reload();
    } catch (err) {
      setEditErrors(fieldErrors(err));
    }
  };
  const remove = async (r: PlanningRuleRecord) => {
    try {
      await client.planningRules.remove(r.id, { version: r.version });
      reload();
      toast({
        title: 'Rule deleted',
        description: r.description,
        action: {
          label: 'Undo',
          onSelect: () => void client.planningRules.create(bodyOfRecord(r)).then(reload, (err) => toast({ title: 'Could not add the rule again', description: messageOf(err), variant: 'destructive' })),
        },
      });
    } catch (err) {
      toast({ title: 'Could not delete the rule', description: messageOf(err), variant: 'destructive' });
    }
  };

  const list = rules.data ?? [];
  return (
    <section className="cad-card cad-planning-rules" aria-labelledby={`${id}-title`} aria-busy={!rules.data}>
      <Heading id={`${id}-title`} className="cad-card__title">Planning rules</Heading>
      <p className="cad-muted">Limits on how go-lives are spread. A warning asks before a change is saved; a block refuses it, on the plan and in every import.</p>
      {!rules.data && <p className="cad-muted" role="status">Loading the planning rules…</p>}
      {rules.data && !list.length && <p className="cad-muted">No planning rules yet.</p>}
      {list.length > 0 && (
        <ul className="cad-templates__list" aria-label="Planning rules">
          {list.map((r) => (
            <li key={r.id} className="cad-templates__row">
              <div>
                <strong>{r.description}</strong>
                <div className="cad-muted">{severityLabel(r.severity)}</div>
              </div>
              <div className="cad-card__actions">
                <button type="button" className="cad-button" aria-label={`Edit ${r.description}`} onClick={() => { setEditErrors({}); setEditing({ rule: r, draft: draftOf(r) }); }}>Edit</button>
                <button type="button" className="cad-button cad-button--danger" aria-label={`Delete ${r.description}`} onClick={() => setDeleting(r)}>Delete</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3 className="cad-card__title">Add a rule</h3>
      <RuleForm draft={add} setDraft={setAdd} errors={addErrors} submit={(e) => void create(e)} label="Add rule" />
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)} title="Edit planning rule" size="sm">
        {editing && (
          <RuleForm draft={editing.draft} setDraft={(draft) => setEditing({ ...editing, draft })} errors={editErrors} submit={(e) => void save(e)} label="Save rule" onCancel={() => setEditing(null)} />
        )}
      </Dialog>
      <Dialog open={!!deleting} onOpenChange={(open) => !open && setDeleting(null)} role="alertdialog" size="sm" title="Delete planning rule"
        description={deleting ? `Delete "${deleting.description}"? Moves will no longer be checked against it.` : ''}>
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={() => setDeleting(null)}>Cancel</button>
          <button type="button" className="cad-button cad-button--danger" onClick={() => { const r = deleting; setDeleting(null); if (r) void remove(r); }}>Delete rule</button>
        </div>
      </Dialog>
    </section>
  );
}
