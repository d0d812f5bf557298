import {
  PROSPECTIVE_TEMPLATE_COLUMNS,
  PROSPECTIVE_TEMPLATE_FILENAME,
  emptyProspectiveForm,
  prospectiveBody,
  prospectiveTemplateCsv,
  type ProspectiveCreate,
  type ProspectiveForm,
} from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { useCadence } from '../provider/context';
import { Dialog } from '../ui/Dialog';
import { downloadText } from '../ui/download';
import { Field, type ControlProps } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';

const FIELDS: Array<[keyof ProspectiveForm, string, string?]> = [
  ['name', 'Publication Name'], ['region', 'Region'], ['industry', 'Industry'], ['audience', 'Audience'],
  ['website', 'Website', 'url'], ['media_kit_link', 'Media Kit Link', 'url'],
];

function ProspectiveFormBody({ onClose, onSave }: { onClose: () => void; onSave: (b: ProspectiveCreate) => Promise<unknown> }): ReactNode {
  const { form: f, set, errors, saving, onSubmit } = useFormSubmit({ initial: emptyProspectiveForm, check: prospectiveBody, save: onSave, onSaved: onClose });
  const area = (key: 'contacts' | 'notes') => (p: ControlProps) => (
    <textarea className="cad-input" rows={2} value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />
  );
  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      {FIELDS.map(([key, label, type]) => (
        <Field key={key} label={label} required={key === 'name'} error={errors[key]}>
          {(p) => <input type={type ?? 'text'} className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />}
        </Field>
      ))}
      <Field label="Contacts" hint="Names and e-mail addresses">{area('contacts')}</Field>
      <Field label="Notes">{area('notes')}</Field>
      <FormActions onCancel={onClose} saving={saving}>Add Prospective Pub</FormActions>
    </form>
  );
}

export function ProspectiveDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (b: ProspectiveCreate) => Promise<unknown> }): ReactNode {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Add Prospective Pub">
      {open && <ProspectiveFormBody onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}

/** Bulk upload: the template download and a CSV or .xlsx file sent to the server's import (docs/product.md#bulk-upload). */
export function BulkUploadDialog({ open, onClose, onUpload }: { open: boolean; onClose: () => void; onUpload: (file: File) => Promise<unknown> }): ReactNode {
  const { toast } = useCadence();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      await onUpload(file);
      setFile(null);
      onClose();
    } catch {
      // The toast says why; the dialog stays for another file.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Upload Excel"
      description={`Columns by position: ${PROSPECTIVE_TEMPLATE_COLUMNS.join(', ')}. The first row is a header.`}>
      <div className="cad-dialog__body cad-form">
        <button type="button" className="cad-button" onClick={() => { downloadText(PROSPECTIVE_TEMPLATE_FILENAME, prospectiveTemplateCsv()); toast(AD_TOASTS.templateDownloaded); }}>
          Download Template
        </button>
        <Field label="File (.csv, .xlsx, .xls)">
          {(p) => <input type="file" accept=".csv,.xlsx,.xls" className="cad-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} {...p} />}
        </Field>
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={onClose}>Cancel</button>
          <button type="button" className="cad-button cad-button--primary" disabled={!file || busy} onClick={() => void upload()}>{busy ? 'Uploading...' : 'Upload'}</button>
        </div>
      </div>
    </Dialog>
  );
}
