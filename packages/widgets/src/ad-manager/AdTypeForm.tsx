import { MESSAGES, type AdType, type AdTypeCreate } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../ui/Field';
import { AD_TOASTS } from '../messages';
import { useCadence } from '../provider/context';
import { adTypeBody, adTypeForm, imageProblem, type AdTypeForm } from './publication-rules';

const TEXTS: Array<[keyof AdTypeForm, string]> = [['specifications', 'Specifications'], ['copy_needs', 'Copy Needs'], ['image_needs', 'Image Needs'], ['where_shows', 'Where it Shows']];

/** The ad type form in add or edit mode; an example image is a link or an upload, never both. */
export function AdTypeFormView({ publicationId, adType, onCancel, onSave }: {
  publicationId: string;
  adType: AdType | null;
  onCancel: () => void;
  /** `uploadFailed`: the save goes on with the old link and the upload's failure toast stays shown. */
  onSave: (body: AdTypeCreate, uploadFailed: boolean) => Promise<unknown>;
}): ReactNode {
  const { upload, toast } = useCadence();
  const [f, setF] = useState<AdTypeForm>(() => adTypeForm(adType));
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const pickFile = (picked: File | null) => {
    const problem = picked && imageProblem(picked);
    setError(problem || null);
    setFile(problem ? null : picked);
    if (problem) setFileKey((k) => k + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let url = f.example_image_url.trim() || null;
    let uploadFailed = false;
    if (!f.ad_type.trim()) return setError(MESSAGES.adTypeNameRequired);
    if (file) {
      setBusy('uploading');
      try {
        if (!upload) throw new Error('[Cadence] No uploader: give CadenceProvider an apiUrl or uploadAdTypeExample.');
        url = (await upload(publicationId, file)).public_url;
      } catch (err) {
        console.error('[Cadence] upload failed', err);
        toast(AD_TOASTS.uploadError);
        uploadFailed = true;
        url = adType?.example_image_url ?? null;
      }
    }
    const r = adTypeBody(f, url);
    if ('error' in r) return setError(r.error);
    setBusy('saving');
    try {
      await onSave(r.body, uploadFailed);
    } catch {
      setBusy('idle');
    }
  };
  return (
    <form className="cad-dialog__body cad-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="cad-form-section__title">{adType ? 'Edit Ad Type' : 'Add Ad Type'}</h3>
      {error && <p className="cad-field__error" role="alert">{error}</p>}
      <Field label="Ad Type Name" required>{(p) => <input className="cad-input" value={f.ad_type} onChange={(e) => setF({ ...f, ad_type: e.target.value })} {...p} />}</Field>
      <Field label="Cost ($)">{(p) => <input type="number" step="0.01" min="0" className="cad-input" value={f.cost} onChange={(e) => setF({ ...f, cost: e.target.value })} {...p} />}</Field>
      {TEXTS.map(([key, label]) => (
        <Field key={key} label={label}>{(p) => <textarea className="cad-input" rows={2} value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...p} />}</Field>
      ))}
      <Field label="Example Image Link">
        {(p) => <input type="url" className="cad-input" value={f.example_image_url} {...p}
          onChange={(e) => { setF({ ...f, example_image_url: e.target.value }); if (e.target.value) { setFile(null); setFileKey((k) => k + 1); } }} />}
      </Field>
      <Field label="Or Upload Example Image" hint="PNG, JPEG, GIF or WebP, less than 5MB">
        {(p) => <input key={fileKey} type="file" accept="image/*" className="cad-input" disabled={!!f.example_image_url.trim()} {...p}
          onChange={(e) => pickFile(e.target.files?.[0] ?? null)} />}
      </Field>
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={onCancel}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary" disabled={busy !== 'idle'}>
          {busy === 'uploading' ? 'Uploading...' : adType ? 'Update Ad Type' : 'Add Ad Type'}
        </button>
      </div>
    </form>
  );
}
