import { CadenceApiError, type Campaign, type CampaignTemplate, type Task } from '@cadence/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { Dialog } from '../ui/Dialog';
import { Field, Select } from '../ui/Field';

export interface SaveAsTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Save this campaign (its Tasks tab); without it the dialog asks which (Settings → Templates). */
  campaign?: Pick<Campaign, 'id' | 'title'> | null;
  onSaved?: (template: CampaignTemplate) => void;
}

interface State {
  campaigns: Campaign[] | null;
  campaignId: string;
  name: string;
  tasks: Task[] | null;
  roles: Record<string, string>;
}

const nameFor = (title: string) => `${title} template`;

/**
 * "Save as template" (docs/adr/0054): a campaign's tasks become working-day offsets from its
 * go-live, and the people on them can become roles. Opened from a campaign's Tasks tab, or from
 * Settings → Templates with a campaign to pick.
 */
export function SaveAsTemplateDialog({ open, onOpenChange, campaign, onSaved }: SaveAsTemplateDialogProps): ReactNode {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={campaign ? `Save "${campaign.title}" as template` : 'Save a campaign as template'} description="Its tasks' due dates become working days from go-live; people can become roles." size="md">
      {open && <SaveAsTemplateForm campaign={campaign ?? null} onDone={(t) => { onOpenChange(false); if (t) onSaved?.(t); }} />}
    </Dialog>
  );
}

function SaveAsTemplateForm({ campaign, onDone }: { campaign: Pick<Campaign, 'id' | 'title'> | null; onDone: (t: CampaignTemplate | null) => void }): ReactNode {
  const { client, toast } = useCadence('SaveAsTemplateDialog');
  const [s, setS] = useState<State>({ campaigns: null, campaignId: campaign?.id ?? '', name: campaign ? nameFor(campaign.title) : '', tasks: null, roles: {} });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (campaign) return;
    let live = true;
    client.campaigns.list().then((campaigns) => live && setS((x) => ({ ...x, campaigns })), () => live && setErrors({ form: 'Campaigns could not be loaded' }));
    return () => void (live = false);
  }, [client, campaign]);

  useEffect(() => {
    if (!s.campaignId) return;
    let live = true;
    client.tasks.list(s.campaignId).then(
      (tasks) => live && setS((x) => (x.campaignId === s.campaignId ? { ...x, tasks } : x)),
      () => live && setErrors({ form: 'Its tasks could not be loaded' }),
    );
    return () => void (live = false);
  }, [client, s.campaignId]);

  const pick = (campaignId: string) => {
    const title = s.campaigns?.find((c) => c.id === campaignId)?.title;
    setS((x) => ({ ...x, campaignId, tasks: null, roles: {}, name: x.name || (title ? nameFor(title) : '') }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setSaving(true);
    try {
      const roles = Object.fromEntries(Object.entries(s.roles).map(([id, r]) => [id, r.trim()] as const).filter(([, r]) => r));
      const made = await client.templates.fromCampaign({ campaign_id: s.campaignId, name: s.name, roles });
      toast({ title: 'Template saved', description: `"${made.name}": ${made.tasks.length} task${made.tasks.length === 1 ? '' : 's'}` });
      onDone(made);
    } catch (err) {
      if (err instanceof CadenceApiError && err.details.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      else setErrors({ form: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  };

  const people = [...new Map((s.tasks ?? []).filter((t) => t.assignee_id).map((t) => [t.assignee_id!, t.assignee_email ?? t.assignee_id!])).entries()];
  return (
    <form className="cad-form" onSubmit={(e) => void submit(e)} noValidate>
      {errors.form && <p className="cad-field__error" role="alert">{errors.form}</p>}
      {!campaign && (
        <Field label="Campaign" required error={errors.campaign_id}>
          {(p) =>
            s.campaigns ? (
              <Select {...p} value={s.campaignId} placeholder="Choose a campaign" options={s.campaigns.map((c) => [c.id, `${c.title} (${c.live_date})`] as const)} onChange={pick} />
            ) : (
              <p className="cad-hint" role="status">Loading campaigns…</p>
            )
          }
        </Field>
      )}
      <Field label="Template name" required error={errors.name}>
        {(p) => <input {...p} className="cad-input" value={s.name} maxLength={120} onChange={(e) => setS({ ...s, name: e.target.value })} />}
      </Field>
      {people.map(([userId, email]) => (
        <Field key={userId} label={`Role for ${email}`} hint="Leave empty to keep this person on the tasks" error={errors[`roles.${userId}`]}>
          {(p) => <input {...p} className="cad-input" value={s.roles[userId] ?? ''} onChange={(e) => setS({ ...s, roles: { ...s.roles, [userId]: e.target.value } })} />}
        </Field>
      ))}
      {s.campaignId && (s.tasks ? <p className="cad-muted">{s.tasks.length} task{s.tasks.length === 1 ? '' : 's'} will be saved.</p> : <p className="cad-hint" role="status">Loading its tasks…</p>)}
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => onDone(null)}>
          Cancel
        </button>
        <button type="submit" className="cad-button cad-button--primary" disabled={!s.campaignId || !s.tasks || saving}>
          {saving ? 'Saving…' : 'Save template'}
        </button>
      </div>
    </form>
  );
}
