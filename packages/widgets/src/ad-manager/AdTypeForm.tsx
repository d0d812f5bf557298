import { adTypeBody, adTypeForm, imageProblem, type AdType, type AdTypeCreate, type AdTypeForm } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { useCadence } from '../provider/context';
import { Field } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';

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
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const pickFile = (picked: File | null) => {
    const problem = picked && imageProblem(picked);
    setFileError(problem || null);
    setFile(problem ? null : picked);
    if (problem) setFileKey((k) => k + 1);
  };
  /** The uploaded image's link; on failure the toast says so and the old link stays. */
  const uploadExample = async (picked: File): Promise<{ url: string | null; failed: boolean }> => {
    setUploading(true);
    try {
      if (!upload) throw new Error('[Cadence] No uploader: give CadenceProvider an apiUrl or uploadAdTypeExample.');
      return { url: (await upload(publicationId, picked)).public_url, failed: false };
    } catch (err) {
      console.error('[Cadence] upload failed', err);
      toast(AD_TOASTS.uploadError);
      return { url: adType?.example_image_url ?? null, failed: true };
    } finally {
      setUploading(false);
    }
  };
  const { form: f, set, errors, saving, onSubmit } = useFormSubmit({
    initial: () => adTypeForm(adType),
    check: (form: AdTypeForm) => adTypeBody(form, form.example_image_url.trim() || null),
    save: async (body: AdTypeCreate) => {
      if (!file) return onSave(body, false);
      const { url, failed } = await uploadExample(file);
      return onSave({ ...body, example_image_url: url }, failed);
    },
    // The list of ad types takes over once saved.
    onSaved: () => {},
  });
  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      <h3 className="cad-form-section__title">{adType ? 'Edit Ad Type' : 'Add Ad Type'}</h3>
      <Field label="Ad Type Name" required error={errors.ad_type}>{(p) => <input className="cad-input" value={f.ad_type} onChange={(e) => set({ ad_type: e.target.value })} {...p} />}</Field>
      <Field label="Cost ($)">{(p) => <input type="number" step="0.01" min="0" className="cad-input" value={f.cost} onChange={(e) => set({ cost: e.target.value })} {...p} />}</Field>
      {TEXTS.map(([key, label]) => (
        <Field key={key} label={label}>{(p) => <textarea className="cad-input" rows={2} value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />}</Field>
      ))}
      <Field label="Example Image Link">
        {(p) => <input type="url" className="cad-input" value={f.example_image_url} {...p}
          onChange={(e) => { set({ example_image_url: e.target.value }); if (e.target.value) { setFile(null); setFileKey((k) => k + 1); } }} />}
      </Field>
      <Field label="Or Upload Example Image" hint="PNG, JPEG, GIF or WebP, less than 5MB" error={fileError ?? undefined}>
        {(p) => <input key={fileKey} type="file" accept="image/*" className="cad-input" disabled={!!f.example_image_url.trim()} {...p}
          onChange={(e) => pickFile(e.target.files?.[0] ?? null)} />}
      </Field>
      <FormActions onCancel={onCancel} saving={saving}>{uploading ? 'Uploading...' : adType ? 'Update Ad Type' : 'Add Ad Type'}</FormActions>
    </form>
  );
}
