import { publicationBody, publicationForm, type Publication, type PublicationCreate, type PublicationForm } from '@cadence/core';
import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';
import { HistoryTabs } from '../history/HistoryTabs';
import { Field } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';

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
  const { form: f, set, errors, saving, onSubmit } = useFormSubmit({
    initial: () => publicationForm(publication),
    check: publicationBody,
    save: onSave,
    onSaved: () => onOpenChange(false),
  });
  const area = (key: 'description' | 'notes', label: string) => (
    <Field label={label}>{(p) => <textarea className="cad-input" rows={2} value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />}</Field>
  );
  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      {FIELDS.map(([key, label, required]) => (
        <Field key={key} label={label} required={required} error={errors[key]}>
          {(p) => <input className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />}
        </Field>
      ))}
      {area('description', 'Description')}
      {area('notes', 'Notes')}
      <FormActions onCancel={() => onOpenChange(false)} saving={saving}>{publication ? 'Save Changes' : 'Add Publication'}</FormActions>
    </form>
  );
}

/** Add or edit a publication; only the name is enforced (docs/product.md#validation-publications). */
export function PublicationDialog(props: PublicationDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.publication ? 'Edit Publication' : 'Add Publication'} {...(props.publication ? { initialFocus: 1 } : {})}>
      {props.open && (
        <HistoryTabs key={props.publication?.id ?? 'new'} resource="publications" row={props.publication as (Publication & Record<string, unknown>) | null} onGone={() => props.onOpenChange(false)}>
          {(row) => <PublicationFormBody key={props.publication?.id ?? 'new'} {...props} publication={row ?? null} />}
        </HistoryTabs>
      )}
    </Dialog>
  );
}
