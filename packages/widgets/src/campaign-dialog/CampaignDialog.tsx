import { checkCampaignCreate, checkCampaignUpdate, isConflict, todayYmd, type Campaign, type CampaignCreate } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useCampaignActions } from '../provider/campaign-actions';
import { useCadence } from '../provider/context';
import { Dialog } from '../ui/Dialog';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { ConflictNotice } from './ConflictNotice';
import { BasicFields } from './fields/BasicFields';
import { BriefFields } from './fields/BriefFields';
import { ChannelConfigFields } from './fields/ChannelConfigFields';
import { ScopeFields } from './fields/ScopeFields';
import { changedFields, emptyForm, formFromCampaign, formToBody, type CampaignForm, type ConfigForm } from './form-state';

export type CampaignFormValues = Partial<CampaignForm>;

export interface CampaignDialogProps extends WidgetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this campaign; without it the dialog creates one. */
  campaign?: Campaign | null;
  /** Prefilled values for a new campaign (e.g. an idea being converted). */
  initialValues?: CampaignFormValues;
  onSaved?: (campaign: Campaign) => void;
  /** Creates the campaign instead of the built-in create (with its own toasts), e.g. converting an idea. */
  onCreate?: (body: CampaignCreate) => Promise<Campaign>;
}

type Errors = Record<string, string>;
const errorsOf = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors =>
  Object.fromEntries(issues.map((i) => [String(i.path[0] ?? 'form'), i.message]));

function CampaignFormBody({ campaign, initialValues, onOpenChange, onSaved, onCreate }: CampaignDialogProps): ReactNode {
  const { now } = useCadence();
  const actions = useCampaignActions();
  const [base, setBase] = useState<Campaign | null>(campaign ?? null);
  const [form, setForm] = useState<CampaignForm>(() => (campaign ? formFromCampaign(campaign) : emptyForm(todayYmd(now()), initialValues)));
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<Campaign | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<CampaignForm>) => setForm((f) => ({ ...f, ...patch }));
  const setConfig = <C extends keyof ConfigForm>(ch: C, patch: Partial<ConfigForm[C]>) =>
    setForm((f) => ({ ...f, config: { ...f.config, [ch]: { ...f.config[ch], ...patch } } }));

  const save = async () => {
    const body = formToBody(form);
    const patch = base ? changedFields(base, form) : null;
    // The same checks as the server's schemas without zod in the browser bundle (core/rules/campaign-checks).
    const issues = patch ? checkCampaignUpdate(patch) : checkCampaignCreate(body);
    const scopeMissing = body.scope === 'channel' && !body.primary_channel;
    if (issues.length || scopeMissing) {
      setErrors({ ...errorsOf(issues), ...(scopeMissing ? { primary_channel: 'A channel campaign needs a primary channel' } : {}) });
      return;
    }
    setErrors({});
    if (base && patch && Object.keys(patch).length === 0) return onOpenChange(false);
    setSaving(true);
    try {
      const row = base && patch ? await actions.update(base, patch, { onConflict: 'throw' }) : await (onCreate ?? actions.create)(body);
      onSaved?.(row);
      onOpenChange(false);
    } catch (error) {
      if (isConflict(error) && error.current) setConflict(error.current as Campaign);
      else if (error && typeof error === 'object' && 'details' in error) setErrors(errorsOf((error as { details: Array<{ path: string; message: string }> }).details.map((d) => ({ path: [d.path], message: d.message }))));
      setSaving(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      {conflict && (
        <ConflictNotice
          current={conflict}
          onLoadLatest={() => {
            setBase(conflict);
            setForm(formFromCampaign(conflict));
            setConflict(null);
          }}
          onKeepMine={() => {
            setBase(conflict);
            setConflict(null);
          }}
        />
      )}
      <BasicFields form={form} set={set} errors={errors} />
      <ScopeFields form={form} set={set} replace={setForm} errors={errors} />
      <ChannelConfigFields form={form} setConfig={setConfig} />
      <BriefFields form={form} set={set} />
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>
          Cancel
        </button>
        <button type="submit" className="cad-button cad-button--primary" disabled={saving || !!conflict} aria-busy={saving}>
          {campaign ? 'Save Changes' : 'Create Campaign'}
        </button>
      </div>
    </form>
  );
}

/** The inner dialog, for widgets that already have a root. */
export function CampaignDialogView(props: CampaignDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} size="lg" title={props.campaign ? 'Edit Campaign' : 'Create New Campaign'}>
      {props.open && <CampaignFormBody key={props.campaign?.id ?? 'new'} {...props} />}
    </Dialog>
  );
}

/** Create or edit a campaign with every field of spec §2, the channel configuration and the creative brief. */
export function CampaignDialog(props: CampaignDialogProps): ReactNode {
  return (
    <WidgetRoot name="CampaignDialog" client={props.client} className={props.className}>
      <CampaignDialogView {...props} />
    </WidgetRoot>
  );
}
