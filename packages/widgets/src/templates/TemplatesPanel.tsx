import { CadenceApiError, can, type CampaignTemplate, type TemplateAnchor, type TemplateCreate } from '@cadence/core';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useSession } from '../provider/session';
import { useQuery } from '../provider/use-query';
import { Dialog } from '../ui/Dialog';
import { Field, Select } from '../ui/Field';
import { SaveAsTemplateDialog } from './SaveAsTemplateDialog';

export interface TemplatesPanelProps {
  /** The panel's heading level (1 on its own page). */
  headingLevel?: 1 | 2;
}

interface TaskDraft {
  title: string;
  offset: string;
  anchor: TemplateAnchor;
  role: string;
  required: boolean;
  note: string | null;
  assignee_id: string | null;
}

interface Draft {
  id: string | null;
  version: number | null;
  name: string;
  description: string;
  planning_offset: string;
  roles: string;
  tasks: TaskDraft[];
  defaults: CampaignTemplate['defaults'];
}

const EMPTY: Draft = { id: null, version: null, name: '', description: '', planning_offset: '10', roles: '', tasks: [], defaults: {} };
const draftOf = (t: CampaignTemplate): Draft => ({
  id: t.id,
  version: t.version,
  name: t.name,
  description: t.description ?? '',
  planning_offset: String(t.planning_offset),
  roles: t.roles.join(', '),
  defaults: t.defaults,
  tasks: t.tasks.map((x) => ({ title: x.title, offset: x.offset === null ? '' : String(x.offset), anchor: x.anchor, role: x.role ?? '', required: x.required, note: x.note, assignee_id: x.assignee_id })),
});
const bodyOf = (d: Draft): TemplateCreate => {
  const roles = d.roles.split(',').map((r) => r.trim()).filter(Boolean);
  return {
    name: d.name,
    description: d.description || null,
    defaults: d.defaults,
    planning_offset: Number(d.planning_offset),
    roles,
    tasks: d.tasks.map((t) => ({
      title: t.title,
      offset: t.offset.trim() === '' ? null : Number(t.offset),
      anchor: t.anchor,
      role: t.role || null,
      assignee_id: t.role ? null : t.assignee_id,
      required: t.required,
      note: t.note,
    })),
  };
};
const whenOf = (t: { offset: number | null; anchor: TemplateAnchor }) => {
  if (t.offset === null) return 'no due date';
  const from = t.anchor === 'live' ? 'go-live' : 'planning start';
  if (t.offset === 0) return `on ${from}`;
  return `${Math.abs(t.offset)} working day${Math.abs(t.offset) === 1 ? '' : 's'} ${t.offset < 0 ? 'before' : 'after'} ${from}`;
};

/**
 * Settings → Templates (docs/adr/0054), for administrators: the templates with their tasks, an
 * editor for the name, planning start, roles and tasks (offsets in working days, a role, required),
 * and a delete that asks first and can be undone from its toast (the delete's history entry is reverted).
 */
export function TemplatesPanel({ headingLevel = 2 }: TemplatesPanelProps): ReactNode {
  const { client, toast } = useCadence('TemplatesPanel');
  const session = useSession();
  const admin = session.ready && can(session.principal, 'update', 'template');
  const id = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<CampaignTemplate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [savingAs, setSavingAs] = useState(false);

  // In the provider's cache: a change on the `templates` topic (another administrator's edit) refreshes it.
  const listFetcher = useCallback(() => client.templates.list(), [client]);
  const query = useQuery<CampaignTemplate[]>(admin ? ['templates'] : null, listFetcher, () => setFailure('Templates could not be loaded'));
  const templates = query.data ?? null;
  const reload = async () => query.refetch();
  if (!session.ready) return null;
  if (!admin) return <p className="cad-muted">Only administrators manage templates.</p>;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setErrors({});
    try {
      const body = bodyOf(draft);
      if (draft.id) await client.templates.update(draft.id, body, draft.version !== null ? { version: draft.version } : {});
      else await client.templates.create(body);
      toast({ title: 'Template saved', description: `"${body.name}"` });
      setDraft(null);
      await reload();
    } catch (err) {
      if (err instanceof CadenceApiError && err.details.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      else setErrors({ form: err instanceof Error ? err.message : String(err) });
    }
  };
  const remove = async (t: CampaignTemplate) => {
    try {
      await client.templates.remove(t.id, { version: t.version });
      await reload();
      toast({
        title: 'Template deleted',
        description: `"${t.name}"`,
        action: {
          label: 'Undo',
          onSelect: () =>
            void (async () => {
              const page = await client.history.forRow('templates', t.id, { limit: 1 });
              const entry = page.entries.find((x) => x.action === 'delete');
              if (entry) await client.history.revert(entry.id);
              await reload();
            })(),
        },
      });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };
  const setTask = (i: number, patch: Partial<TaskDraft>) => {
    setDraft((d) => d && { ...d, tasks: d.tasks.map((t, k) => (k === i ? { ...t, ...patch } : t)) });
    // A changed task's refusal is stale: its hint (where it lands) comes back.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`tasks.${i}.`))));
  };
  const roleOptions = (d: Draft) => d.roles.split(',').map((r) => r.trim()).filter(Boolean).map((r) => [r, r] as const);

  return (
    <section className="cad-card cad-templates" aria-labelledby={`${id}-title`}>
      <div className="cad-templates__row">
        <Heading id={`${id}-title`} className="cad-card__title">Templates</Heading>
        <button type="button" className="cad-button cad-button--primary" onClick={() => { setErrors({}); setDraft({ ...EMPTY }); }}>
          New template
        </button>
      </div>
      <p>
        <button type="button" className="cad-button" onClick={() => setSavingAs(true)}>
          Save a campaign as template
        </button>
      </p>
      <p className="cad-muted">A template fills in a new campaign and places its tasks a number of working days from go-live (or from the planning start).</p>
      {failure && <p className="cad-field__error" role="alert">{failure}</p>}
      {templates && !templates.length && <p className="cad-muted">No templates yet.</p>}
      <ul className="cad-templates__list" aria-label="Templates">
        {templates?.map((t) => (
          <li key={t.id} className="cad-templates__row">
            <div>
              <strong>{t.name}</strong>
              <div className="cad-muted">
                {t.tasks.length} task{t.tasks.length === 1 ? '' : 's'} · planning starts {t.planning_offset} working days before go-live
                {t.roles.length ? ` · roles: ${t.roles.join(', ')}` : ''}
              </div>
            </div>
            <div>
              <button type="button" className="cad-button" onClick={() => { setErrors({}); setDraft(draftOf(t)); }} aria-label={`Edit ${t.name}`}>
                Edit
              </button>{' '}
              <button type="button" className="cad-button cad-button--danger" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>

      <Dialog open={!!draft} onOpenChange={(o) => !o && setDraft(null)} title={draft?.id ? 'Edit template' : 'New template'} size="lg">
        {draft && (
          <form className="cad-form" onSubmit={(e) => void save(e)} noValidate>
            {errors.form && <p className="cad-field__error" role="alert">{errors.form}</p>}
            <Field label="Name" required error={errors.name}>
              {(p) => <input {...p} className="cad-input" value={draft.name} maxLength={120} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />}
            </Field>
            <Field label="Description" error={errors.description}>
              {(p) => <input {...p} className="cad-input" value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />}
            </Field>
            <Field label="Planning starts (working days before go-live)" required error={errors.planning_offset}>
              {(p) => <input {...p} type="number" min={0} max={260} className="cad-input" value={draft.planning_offset} onChange={(e) => setDraft({ ...draft, planning_offset: e.target.value })} />}
            </Field>
            <Field label="Roles" hint="Comma-separated, e.g. Designer, Copywriter: filled with people when a campaign is made" error={errors.roles ?? Object.entries(errors).find(([k]) => k.startsWith('roles.'))?.[1]}>
              {(p) => <input {...p} className="cad-input" value={draft.roles} onChange={(e) => setDraft({ ...draft, roles: e.target.value })} />}
            </Field>
            <fieldset className="cad-templates__tasks">
              <legend>Tasks</legend>
              {draft.tasks.map((t, i) => (
                <div key={i} className="cad-templates__task" role="group" aria-label={`Task ${i + 1}`}>
                  <Field label="Title" required error={errors[`tasks.${i}.title`]}>
                    {(p) => <input {...p} className="cad-input" value={t.title} onChange={(e) => setTask(i, { title: e.target.value })} />}
                  </Field>
                  <Field label="Working days" hint={whenOf({ offset: t.offset.trim() === '' ? null : Number(t.offset), anchor: t.anchor })} error={errors[`tasks.${i}.offset`]}>
                    {(p) => <input {...p} type="number" className="cad-input" value={t.offset} onChange={(e) => setTask(i, { offset: e.target.value })} />}
                  </Field>
                  <Field label="From">
                    {(p) => <Select {...p} value={t.anchor} options={[['live', 'Go-live'], ['planning_start', 'Planning start']]} onChange={(v) => setTask(i, { anchor: (v || 'live') as TemplateAnchor })} />}
                  </Field>
                  <Field label="Role" error={errors[`tasks.${i}.role`]}>
                    {(p) => <Select {...p} value={t.role} placeholder="No role" options={roleOptions(draft)} onChange={(v) => setTask(i, { role: v })} />}
                  </Field>
                  <label className="cad-check">
                    <input type="checkbox" checked={t.required} onChange={(e) => setTask(i, { required: e.target.checked })} /> Required
                  </label>
                  <button type="button" className="cad-button" aria-label={`Remove task ${i + 1}`} onClick={() => setDraft({ ...draft, tasks: draft.tasks.filter((_, k) => k !== i) })}>
                    Remove
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="cad-button"
                onClick={() => setDraft({ ...draft, tasks: [...draft.tasks, { title: '', offset: '0', anchor: 'live', role: '', required: false, note: null, assignee_id: null }] })}
              >
                Add task
              </button>
            </fieldset>
            <div className="cad-dialog__footer">
              <button type="button" className="cad-button" onClick={() => setDraft(null)}>
                Cancel
              </button>
              <button type="submit" className="cad-button cad-button--primary">
                Save template
              </button>
            </div>
          </form>
        )}
      </Dialog>

      <SaveAsTemplateDialog open={savingAs} onOpenChange={setSavingAs} onSaved={() => void reload()} />

      <Dialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        role="alertdialog"
        size="sm"
        title="Delete template"
        description={deleting ? `Delete "${deleting.name}"? Campaigns made from it keep their tasks. You can undo this from the message that follows.` : ''}
      >
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={() => setDeleting(null)}>
            Cancel
          </button>
          <button
            type="button"
            className="cad-button cad-button--danger"
            onClick={() => {
              const t = deleting;
              setDeleting(null);
              if (t) void remove(t);
            }}
          >
            Delete template
          </button>
        </div>
      </Dialog>
    </section>
  );
}
