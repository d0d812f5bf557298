import { CHANNELS, CadenceApiError, can, createHttpClient, type ApprovalMode, type ApprovalRuleRecord, type Channel } from '@cadence/core';
import { useSession } from '@cadence/widgets';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../../auth/auth-context';

type Step = { name: string; reviewer_ids: string[] };
type User = { id: string; email: string };

const MODES: Array<{ value: ApprovalMode; label: string }> = [
  { value: 'none', label: 'No approval' },
  { value: 'one', label: 'One reviewer of each step' },
  { value: 'every', label: 'Every reviewer of each step' },
];

const messageOf = (err: unknown) =>
  err instanceof CadenceApiError ? [err.message, ...(err.details ?? []).map((d) => `${d.path}: ${d.message}`)].filter((m, i, all) => all.indexOf(m) === i).join(' · ') : err instanceof Error ? err.message : String(err);

/**
 * Settings → Approvals (docs/adr/0056): per channel, no approval, one reviewer or every reviewer of
 * a list, in steps taken in order. Administrators only; the server refuses a reviewer without
 * rights on the channel, naming them.
 */
export function ApprovalsPanel(): ReactNode {
  const { getAccessToken, renewAccessToken } = useAuth();
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'approval');
  const client = useMemo(() => createHttpClient({ apiUrl: window.location.origin, getToken: getAccessToken, refreshToken: renewAccessToken }), [getAccessToken, renewAccessToken]);
  const [rules, setRules] = useState<ApprovalRuleRecord[] | null>(null);
  const [users, setUsers] = useState<User[]>([]);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const reload = useCallback(
    () => Promise.all([client.approvals.rules(), client.users.list()]).then(([r, u]) => (setRules(r), setUsers(u)), (err) => setError(messageOf(err))),
    [client],
  );
  useEffect(() => {
    if (admin) void reload();
  }, [admin, reload]);
  if (!admin) return null;

  return (
    <section className="card approvals-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">Approvals</h2>
      <p className="muted">
        A campaign cannot go live while a channel's approval is missing. Reviewers must be able to see that channel's campaigns; steps are taken in
        order.
      </p>
      {error && <p className="form-error" role="alert">{error}</p>}
      {rules && (
        <ul className="approvals-settings__list">
          {CHANNELS.map((c) => (
            <ChannelRule key={c.value} channel={c.value} label={c.label} rule={rules.find((r) => r.channel === c.value)} users={users}
              save={async (mode, steps) => {
                await client.approvals.setRule(c.value, { mode, steps });
                await reload();
              }} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ChannelRule({ channel, label, rule, users, save }: {
  channel: Channel;
  label: string;
  rule: ApprovalRuleRecord | undefined;
  users: User[];
  save: (mode: ApprovalMode, steps: Step[]) => Promise<void>;
}): ReactNode {
  const id = useId();
  const [mode, setMode] = useState<ApprovalMode>(rule?.mode ?? 'none');
  const [steps, setSteps] = useState<Step[]>(rule?.steps.map((s) => ({ name: s.name, reviewer_ids: [...s.reviewer_ids] })) ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const setStep = (i: number, patch: Partial<Step>) => setSteps((all) => all.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const submit = async () => {
    setProblem(null);
    setSaved('');
    try {
      await save(mode, mode === 'none' ? [] : steps);
      setSaved(`${label}: saved`);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  return (
    <li className="approvals-settings__channel">
      <fieldset>
        <legend>{label}</legend>
        <div className="field">
          <label htmlFor={`${id}-mode`}>Rule</label>
          <select id={`${id}-mode`} value={mode} onChange={(e) => {
            const next = e.target.value as ApprovalMode;
            setMode(next);
            if (next !== 'none' && !steps.length) setSteps([{ name: 'Review', reviewer_ids: [] }]);
          }}>
            {MODES.map((m) => <option key={m.value} value={m.value}>{m.label}</option>)}
          </select>
        </div>
        {mode !== 'none' && steps.map((s, i) => (
          <fieldset key={i} className="approvals-settings__step">
            <legend>Step {i + 1}</legend>
            <div className="field">
              <label htmlFor={`${id}-step-${i}`}>Step name</label>
              <input id={`${id}-step-${i}`} value={s.name} maxLength={60} onChange={(e) => setStep(i, { name: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-reviewers-${i}`}>Reviewers</label>
              <select id={`${id}-reviewers-${i}`} multiple size={Math.min(6, Math.max(2, users.length))} value={s.reviewer_ids}
                onChange={(e) => setStep(i, { reviewer_ids: [...e.target.selectedOptions].map((o) => o.value) })}>
                {users.map((u) => <option key={u.id} value={u.id}>{u.email}</option>)}
              </select>
            </div>
            {steps.length > 1 && (
              <button type="button" className="link-button" onClick={() => setSteps((all) => all.filter((_, k) => k !== i))}>Remove step {i + 1} of {label}</button>
            )}
          </fieldset>
        ))}
        <div className="approvals-settings__actions">
          {mode !== 'none' && steps.length < 5 && (
            <button type="button" className="button" onClick={() => setSteps((all) => [...all, { name: '', reviewer_ids: [] }])}>Add a step</button>
          )}
          <button type="button" className="button button--primary" onClick={() => void submit()} aria-label={`Save the ${label} rule`}>Save</button>
        </div>
        {problem && <p className="form-error" role="alert">{problem}</p>}
        <p className="sr-only" role="status">{saved}</p>
      </fieldset>
    </li>
  );
}
