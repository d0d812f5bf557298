import type { Publication, PublicationCreate } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../ui/Field';
import { Dialog } from '../ui/Dialog';
import { publicationBody, publicationForm, type PublicationForm } from './publication-rules';

export interface PublicationDialogProps {
  open: boolean;
  publication: Publication | null;
  onOpenChange: (open: boolean) => void;
  onSave: (body: PublicationCreate) => Promise<unknown>;
}

const FIELDS: Array<[keyof PublicationForm, string, boolean]> = [
  ['name', 'Publication Name', true], ['category', 'Category', true], ['target_audience', 'Target Audience', true], ['region', 'Region', true],
  ['industry_tags', 'Industry Tags (comma-separated)', false],
];

function PublicationFormBody({ publication, onOpenChange, onSave }: Omit<PublicationDialogProps, 'open'>): ReactNode {
  const [f, setF] = useState<PublicationForm>(() => publicationForm(publication));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = publicationBody(f);
    if ('error' in r) return setError(r.error);
    setSaving(true);
    try {
      await onSave(r.body);
      onOpenChange(false);
    } catch {
      setSaving(false);
    }
  };
  const area = (key: 'description' | 'notes', label: string) => (
    <Field label={label}>{(p) => <textarea className="cad-input" rows={2} value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...p} />}</Field>
  );
  return (
    <form className="cad-dialog__body cad-form" onSubmit={(e) => void submit(e)} noValidate>
      {FIELDS.map(([key, label, required]) => (
        <Field key={key} label={label} required={required} error={key === 'name' ? (error ?? undefined) : undefined}>
          {(p) => <input className="cad-input" value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...p} />}
        </Field>
      ))}
      {area('description', 'Description')}
      {area('notes', 'Notes')}
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary" disabled={saving}>{publication ? 'Save Changes' : 'Add Publication'}</button>
      </div>
    </form>
  );
}

/** Add or edit a publication; only the name is enforced (spec §5). */
export function PublicationDialog(props: PublicationDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.publication ? 'Edit Publication' : 'Add Publication'}>
      {props.open && <PublicationFormBody key={props.publication?.id ?? 'new'} {...props} />}
    </Dialog>
  );
}
