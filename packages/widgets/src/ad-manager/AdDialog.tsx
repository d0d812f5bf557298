import { AD_STATUSES, AD_STATUS_LABELS, adBody, adFormFrom, emptyAdForm, type Ad, type AdCreate, type AdForm, type Publication } from '@cadence/core';
import type { ReactNode } from 'react';
import { useAdTypes } from '../provider/resources';
import { Dialog } from '../ui/Dialog';
import { HistoryTabs } from '../history/HistoryTabs';
import { Field, Select, type ControlProps } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';
import { adTypeOption } from './ad-rules';

export interface AdDialogProps {
  open: boolean;
  ad: Ad | null;
  publications: readonly Publication[];
  onOpenChange: (open: boolean) => void;
  onSave: (body: AdCreate) => Promise<unknown>;
}

const STATUS_OPTIONS = AD_STATUSES.map((s) => [s, AD_STATUS_LABELS[s]] as const);
export const NO_AD_TYPES = 'No ad types available - Add them in Publications tab';

function AdFormBody({ ad, publications, onOpenChange, onSave }: Omit<AdDialogProps, 'open'>): ReactNode {
  const { form: f, set, errors, saving, onSubmit } = useFormSubmit({
    initial: (): AdForm => (ad ? adFormFrom(ad) : emptyAdForm()),
    check: adBody,
    save: onSave,
    onSaved: () => onOpenChange(false),
  });
  const types = useAdTypes(f.publication_id || null);
  const typeList = f.publication_id ? (types.data ?? []).filter((t) => t.publication_id === f.publication_id) : [];
  const text = (key: 'content' | 'region' | 'audience' | 'industry' | 'copy_images_link', type = 'text') => (p: ControlProps) => (
    <input type={type} className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />
  );
  const date = (key: 'due_date' | 'live_date') => (p: ControlProps) => (
    <input type="date" className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />
  );
  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      <div className="cad-form-row">
        <Field label="Publication" required error={errors.publication_id}>
          {(p) => <Select {...p} value={f.publication_id} placeholder="Select publication"
            options={publications.map((x) => [x.id, x.name] as const)} onChange={(v) => set({ publication_id: v, ad_type_id: '' })} />}
        </Field>
        <Field label="Ad Type" required error={errors.ad_type_id}>
          {(p) => (
            <select {...p} className="cad-input" value={f.ad_type_id} disabled={!f.publication_id} onChange={(e) => set({ ad_type_id: e.target.value })}>
              <option value="">{f.publication_id && types.status === 'success' && typeList.length === 0 ? NO_AD_TYPES : 'Select ad type'}</option>
              {typeList.map((t) => <option key={t.id} value={t.id}>{adTypeOption(t)}</option>)}
            </select>
          )}
        </Field>
      </div>
      <div className="cad-form-row cad-form-row--3">
        <Field label="Due Date" required error={errors.due_date}>{date('due_date')}</Field>
        <Field label="Live Date" required error={errors.live_date}>{date('live_date')}</Field>
        <Field label="Status">{(p) => <Select {...p} options={STATUS_OPTIONS} value={f.status} onChange={(v) => v && set({ status: v })} />}</Field>
      </div>
      <Field label="Content">{text('content')}</Field>
      <Field label="Copy & Images Link" error={errors.copy_images_link}>{text('copy_images_link', 'url')}</Field>
      <div className="cad-form-row cad-form-row--3">
        <Field label="Region">{text('region')}</Field>
        <Field label="Audience">{text('audience')}</Field>
        <Field label="Industry">{text('industry')}</Field>
      </div>
      <Field label="Notes">{(p) => <textarea className="cad-input" rows={2} value={f.notes} onChange={(e) => set({ notes: e.target.value })} {...p} />}</Field>
      <FormActions onCancel={() => onOpenChange(false)} saving={saving}>{ad ? 'Save Changes' : 'Add Ad Campaign'}</FormActions>
    </form>
  );
}

/** Add or edit an ad campaign (docs/product.md#ads-by-status, docs/product.md#validation-ads). */
export function AdDialog(props: AdDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} size="lg" title={props.ad ? 'Edit Ad Campaign' : 'Add Ad Campaign'} {...(props.ad ? { initialFocus: 1 } : {})}>
      {props.open && (
        <HistoryTabs key={props.ad?.id ?? 'new'} resource="ads" row={props.ad as (Ad & Record<string, unknown>) | null} onGone={() => props.onOpenChange(false)}>
          {(row) => <AdFormBody key={props.ad?.id ?? 'new'} {...props} ad={row ?? null} />}
        </HistoryTabs>
      )}
    </Dialog>
  );
}
