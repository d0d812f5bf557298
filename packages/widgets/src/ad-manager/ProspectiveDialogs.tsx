import { PROSPECTIVE_TEMPLATE_COLUMNS, PROSPECTIVE_TEMPLATE_FILENAME, prospectiveTemplateCsv, type ProspectiveCreate } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../ui/Field';
import { AD_TOASTS } from '../messages';
import { useCadence } from '../provider/context';
import { Dialog } from '../ui/Dialog';
import { downloadText } from '../ui/download';
import { emptyProspectiveForm, prospectiveBody, type ProspectiveForm } from './prospective-rules';

const FIELDS: Array<[keyof ProspectiveForm, string, string?]> = [
  ['name', 'Publication Name'], ['region', 'Region'], ['industry', 'Industry'], ['audience', 'Audience'],
  ['website', 'Website', 'url'], ['media_kit_link', 'Media Kit Link', 'url'],
];

function ProspectiveFormBody({ onClose, onSave }: { onClose: () => void; onSave: (b: ProspectiveCreate) => Promise<unknown> }): ReactNode {
  const [f, setF] = useState<ProspectiveForm>(emptyProspectiveForm);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = prospectiveBody(f);
    if ('error' in r) return setError(r.error);
    setSaving(true);
    try {
      await onSave(r.body);
      onClose();
    } catch {
      setSaving(false);
    }
  };
  return (
    <form className="cad-dialog__body cad-form" onSubmit={(e) => void submit(e)} noValidate>
      {error && <p className="cad-field__error" role="alert">{error}</p>}
      {FIELDS.map(([key, label, type]) => (
        <Field key={key} label={label} required={key === 'name'}>
          {(p) => <input type={type ?? 'text'} className="cad-input" value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...p} />}
        </Field>
      ))}
      <Field label="Contacts" hint="Names and e-mail addresses">{(p) => <textarea className="cad-input" rows={2} value={f.contacts} onChange={(e) => setF({ ...f, contacts: e.target.value })} {...p} />}</Field>
      <Field label="Notes">{(p) => <textarea className="cad-input" rows={2} value={f.notes} onChange={(e) => setF({ ...f, notes: e.target.value })} {...p} />}</Field>
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={onClose}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary" disabled={saving}>Add Prospective Pub</button>
      </div>
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

/** Bulk upload: the template download and a CSV or .xlsx file sent to the server's import (spec §5). */
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
