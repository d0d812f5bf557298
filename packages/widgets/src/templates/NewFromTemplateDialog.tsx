import { CadenceApiError, addDays, can, formatYmd, isYmd, placeTemplate, type CampaignTemplate, type TemplateApplyResult } from '@cadence/core';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useSession } from '../provider/session';
import { useWorkingCalendar } from '../provider/working-calendar';
import { Dialog } from '../ui/Dialog';
import { Field, Select } from '../ui/Field';

export interface NewFromTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The campaign made, with its tasks placed. */
  onCreated?: (result: TemplateApplyResult) => void;
}

interface Person {
  id: string;
  email: string;
}

/**
 * "New campaign from template" (docs/adr/0054): a template, a title, the go-live date and the person
 * for each role; the preview shows where each task lands (core's placeTemplate over the install's
 * working calendar, as the server will place them). One request creates the campaign and every task.
 */
export function NewFromTemplateDialog({ open, onOpenChange, onCreated }: NewFromTemplateDialogProps): ReactNode {
  const { client, toast } = useCadence('NewFromTemplateDialog');
  const session = useSession();
  const [templates, setTemplates] = useState<CampaignTemplate[] | null>(null);
  const [people, setPeople] = useState<Person[]>([]);
  const [templateId, setTemplateId] = useState('');
  const [title, setTitle] = useState('');
  const [liveDate, setLiveDate] = useState('');
  const [roles, setRoles] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFailure(null);
    void client.templates.list().then(
      (list) => {
        setTemplates(list);
        setTemplateId((id) => id || list[0]?.id || '');
      },
      () => setFailure('Templates could not be loaded'),
    );
    // The directory is for administrators; anyone else fills a role with themselves or someone
    // they already see assigned to a task (the server still checks each may see the campaign).
    const directory = can(session.principal, 'administer', 'user') ? client.users.list() : client.tasks.seenAssignees();
    void directory.then((users) => setPeople(users.map((u) => ({ id: u.id, email: u.email }))), () => undefined);
  }, [open, client, session.principal]);

  const template = templates?.find((t) => t.id === templateId);
  const choices: Array<readonly [string, string]> = useMemo(() => {
    const me = session.userId ? [[session.userId, 'Me'] as const] : [];
    return [...me, ...people.filter((p) => p.id !== session.userId).map((p) => [p.id, p.email] as const)];
  }, [people, session.userId]);
  // The days around go-live a template's offsets can reach (a year back, half a year on), closed days included.
  const calendar = useWorkingCalendar(isYmd(liveDate) ? { from: addDays(liveDate, -366), to: addDays(liveDate, 183) } : null);
  const preview = template && isYmd(liveDate) ? placeTemplate(template, liveDate, calendar) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!template) return;
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = 'Campaign title is required';
    if (!isYmd(liveDate)) problems.live_date = 'Choose the go-live date';
    for (const role of template.roles) if (template.tasks.some((t) => t.role === role) && !roles[role]) problems[`roles.${role}`] = `Choose someone for the role "${role}"`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    setFailure(null);
    try {
      const filled = Object.fromEntries(Object.entries(roles).filter(([role, id]) => id && template.roles.includes(role)));
      const result = await client.templates.apply(template.id, { campaigns: [{ title: title.trim(), live_date: liveDate, roles: filled }] });
      toast({ title: 'Campaign created', description: `"${title.trim()}" with ${result.tasks} task${result.tasks === 1 ? '' : 's'} from "${template.name}"` });
      onCreated?.(result);
      onOpenChange(false);
      setTitle('');
      setRoles({});
    } catch (err) {
      if (err instanceof CadenceApiError && err.details.length) {
        setErrors(Object.fromEntries(err.details.map((d) => [d.path.replace(/^campaigns\.0\./, ''), d.message])));
      } else {
        setFailure(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New campaign from template" description="Every task is placed on a working day, counted from go-live." size="md">
      <form className="cad-form" onSubmit={(e) => void submit(e)} noValidate>
        {failure && <p className="cad-field__error" role="alert">{failure}</p>}
        {templates && !templates.length && <p className="cad-muted">No templates yet: an administrator adds them in Settings, or saves a campaign as one.</p>}
        <Field label="Template" required>
          {(p) => (
            <Select {...p} value={templateId} options={(templates ?? []).map((t) => [t.id, t.name] as const)} onChange={(v) => setTemplateId(v)} />
          )}
        </Field>
        <Field label="Campaign title" required error={errors.title}>
          {(p) => <input {...p} className="cad-input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field label="Go-live date" required error={errors.live_date}>
          {(p) => <input {...p} type="date" className="cad-input" value={liveDate} onChange={(e) => setLiveDate(e.target.value)} />}
        </Field>
        {template?.roles.map((role) => (
          <Field key={role} label={role} error={errors[`roles.${role}`]} hint="Who does this role's tasks">
            {(p) => <Select {...p} value={roles[role] ?? ''} placeholder="Choose a person" options={choices} onChange={(v) => setRoles((r) => ({ ...r, [role]: v }))} />}
          </Field>
        ))}
        {template && (
          <section aria-label="Where each task lands" className="cad-template-preview">
            <h3 className="cad-template-preview__title">Tasks</h3>
            {preview && <p className="cad-muted">Planning starts {formatYmd(preview.planning_start_date, 'EEEE, MMMM d, yyyy')}</p>}
            <ol className="cad-template-preview__list">
              {template.tasks.map((t, i) => {
                const due = preview?.tasks[i]?.due_date ?? null;
                return (
                <li key={i}>
                  <span>{t.title}</span>{' '}
                  <span className="cad-muted">
                    {due ? formatYmd(due, 'EEEE, MMMM d, yyyy') : t.offset === null ? 'no due date' : 'choose a go-live date'}
                    {t.role ? ` · ${t.role}` : ''}
                    {t.required ? ' · required' : ''}
                  </span>
                </li>
                );
              })}
            </ol>
          </section>
        )}
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="cad-button cad-button--primary" disabled={saving || !template}>
            {saving ? 'Creating…' : 'Create campaign'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
