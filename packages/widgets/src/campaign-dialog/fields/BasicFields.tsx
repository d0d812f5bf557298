import { CAMPAIGN_STATUSES, can, statusLabel, type FieldErrors } from '@cadence/core';
import { useId, useMemo, type ReactNode } from 'react';
import { useUsers } from '../../provider/resources';
import { useSession } from '../../provider/session';
import type { CampaignForm } from '../form-state';
import { Field, Select } from '../../ui/Field';

const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((s) => [s, statusLabel(s)] as const);

export interface SectionProps {
  form: CampaignForm;
  set: (patch: Partial<CampaignForm>) => void;
  errors?: FieldErrors;
}

/**
 * The owner: free text, with the install's users suggested by e-mail as one types (a native
 * combobox: an input with a datalist). Text that is a user's e-mail (ignoring case) makes that
 * user the owner (`owner_id`); any other text is an owner outside the install. Administrators are
 * offered every user; everyone else themselves (the users list is an administrator's).
 */
function OwnerField({ form, set }: Pick<SectionProps, 'form' | 'set'>): ReactNode {
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'user');
  const users = useUsers(admin);
  const listId = useId();
  const people = useMemo(() => {
    const all = admin ? (users.data ?? []) : session.userId && session.email ? [{ id: session.userId, email: session.email }] : [];
    return [...all].sort((a, b) => a.email.localeCompare(b.email));
  }, [admin, users.data, session.userId, session.email]);
  const owner = people.find((u) => u.id === form.owner_id);
  const choose = (text: string) => {
    const match = people.find((u) => u.email.toLowerCase() === text.trim().toLowerCase());
    // A user's e-mail typed or picked: that user. Other text keeps a known owner only while it is still theirs.
    set({ owner: text, owner_id: match ? match.id : owner && owner.email.toLowerCase() === text.trim().toLowerCase() ? owner.id : null });
  };
  return (
    <Field label="Campaign Owner" hint={form.owner_id ? 'A user of Cadence' : people.length ? 'Type a name, or pick a user by e-mail' : undefined}>
      {(p) => (
        <>
          <input className="cad-input" value={form.owner} list={people.length ? listId : undefined} autoComplete="off"
            onChange={(e) => choose(e.target.value)} {...p} />
          {people.length > 0 && (
            <datalist id={listId}>
              {people.map((u) => <option key={u.id} value={u.email} />)}
            </datalist>
          )}
        </>
      )}
    </Field>
  );
}

export function BasicFields({ form, set, errors = {} }: SectionProps): ReactNode {
  return (
    <>
      <Field label="Campaign Title" required error={errors.title}>
        {(p) => <input className="cad-input" required value={form.title} onChange={(e) => set({ title: e.target.value })} {...p} />}
      </Field>
      <Field label="Description">
        {(p) => <textarea className="cad-input" rows={3} value={form.description} onChange={(e) => set({ description: e.target.value })} {...p} />}
      </Field>
      <div className="cad-form-row">
        <Field label="Status">{(p) => <Select options={STATUS_OPTIONS} value={form.status} onChange={(v) => v && set({ status: v })} {...p} />}</Field>
        <OwnerField form={form} set={set} />
      </div>
      <div className="cad-form-row cad-form-row--3">
        <Field label="Planning Start Date" required error={errors.planning_start_date}>
          {(p) => (
            <input type="date" className="cad-input" required value={form.planning_start_date}
              onChange={(e) => e.target.value && set({ planning_start_date: e.target.value })} {...p} />
          )}
        </Field>
        <Field label="Live Date" required error={errors.live_date}>
          {(p) => (
            <input type="date" className="cad-input" required value={form.live_date}
              onChange={(e) => e.target.value && set({ live_date: e.target.value })} {...p} />
          )}
        </Field>
        <Field label="End Date" hint="Leave blank for ongoing campaigns">
          {(p) => (
            <div className="cad-inline">
              <input type="date" className="cad-input" value={form.end_date ?? ''} onChange={(e) => set({ end_date: e.target.value || null })} {...p} />
              {form.end_date ? (
                <button type="button" className="cad-button cad-button--ghost" onClick={() => set({ end_date: null })}>
                  Clear end date
                </button>
              ) : (
                <span className="cad-badge cad-badge--outline">Ongoing</span>
              )}
            </div>
          )}
        </Field>
      </div>
    </>
  );
}
