import { AD_STATUSES, AD_STATUS_LABELS, type Ad, type AdCreate, type Publication } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field, Select } from '../ui/Field';
import { useAdTypes } from '../provider/resources';
import { Dialog } from '../ui/Dialog';
import { adBody, adFormFrom, adTypeOption, emptyAdForm, type AdForm } from './ad-rules';

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
  const [f, setF] = useState<AdForm>(() => (ad ? adFormFrom(ad) : emptyAdForm()));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const types = useAdTypes(f.publication_id || null);
  const set = (patch: Partial<AdForm>) => setF((x) => ({ ...x, ...patch }));
  const typeList = f.publication_id ? (types.data ?? []).filter((t) => t.publication_id === f.publication_id) : [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = adBody(f);
    if ('error' in r) return setError(r.error);
    setError(null);
    setSaving(true);
    try {
      await onSave(r.body);
      onOpenChange(false);
    } catch {
      setSaving(false);
    }
  };
  const text = (key: 'content' | 'region' | 'audience' | 'industry' | 'copy_images_link', type = 'text') => (p: object) => (
    <input type={type} className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />
  );
  return (
    <form className="cad-dialog__body cad-form" onSubmit={(e) => void submit(e)} noValidate>
      {error && <p className="cad-field__error" role="alert">{error}</p>}
      <div className="cad-form-row">
        <Field label="Publication" required>
          {(p) => <Select id={(p as { id: string }).id} value={f.publication_id} placeholder="Select publication"
            options={publications.map((x) => [x.id, x.name] as const)} onChange={(v) => set({ publication_id: v, ad_type_id: '' })} />}
        </Field>
        <Field label="Ad Type" required>
          {(p) => (
            <select id={(p as { id: string }).id} className="cad-input" value={f.ad_type_id} disabled={!f.publication_id} onChange={(e) => set({ ad_type_id: e.target.value })}>
              <option value="">{f.publication_id && types.status === 'success' && typeList.length === 0 ? NO_AD_TYPES : 'Select ad type'}</option>
              {typeList.map((t) => <option key={t.id} value={t.id}>{adTypeOption(t)}</option>)}
            </select>
          )}
        </Field>
      </div>
      <div className="cad-form-row cad-form-row--3">
        <Field label="Due Date" required>{(p) => <input type="date" className="cad-input" value={f.due_date} onChange={(e) => set({ due_date: e.target.value })} {...p} />}</Field>
        <Field label="Live Date" required>{(p) => <input type="date" className="cad-input" value={f.live_date} onChange={(e) => set({ live_date: e.target.value })} {...p} />}</Field>
        <Field label="Status">{(p) => <Select id={(p as { id: string }).id} options={STATUS_OPTIONS} value={f.status} onChange={(v) => v && set({ status: v })} />}</Field>
      </div>
      <Field label="Content">{text('content')}</Field>
      <Field label="Copy & Images Link">{text('copy_images_link', 'url')}</Field>
      <div className="cad-form-row cad-form-row--3">
        <Field label="Region">{text('region')}</Field>
        <Field label="Audience">{text('audience')}</Field>
        <Field label="Industry">{text('industry')}</Field>
      </div>
      <Field label="Notes">{(p) => <textarea className="cad-input" rows={2} value={f.notes} onChange={(e) => set({ notes: e.target.value })} {...p} />}</Field>
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary" disabled={saving}>{ad ? 'Save Changes' : 'Add Ad Campaign'}</button>
      </div>
    </form>
  );
}

/** Add or edit an ad campaign (spec §2 Ads by Status, §5 ad creation). */
export function AdDialog(props: AdDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} size="lg" title={props.ad ? 'Edit Ad Campaign' : 'Add Ad Campaign'}>
      {props.open && <AdFormBody key={props.ad?.id ?? 'new'} {...props} />}
    </Dialog>
  );
}
