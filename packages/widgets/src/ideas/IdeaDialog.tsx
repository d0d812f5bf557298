import { ideaBody, type Idea } from '@cadence/core';
import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';
import { HistoryTabs } from '../history/HistoryTabs';
import { Field } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';

export interface IdeaDialogProps {
  open: boolean;
  idea: Idea | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves when saved; the dialog stays open when it rejects. */
  onSave: (values: { title: string; description: string | null }) => Promise<unknown>;
}

function IdeaForm({ idea, onOpenChange, onSave }: Omit<IdeaDialogProps, 'open'>): ReactNode {
  const { form, set, saving, onSubmit } = useFormSubmit({
    initial: () => ({ title: idea?.title ?? '', description: idea?.description ?? '' }),
    check: ideaBody,
    save: onSave,
    onSaved: () => onOpenChange(false),
  });
  const { title, description } = form;
  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      <Field label="Title *">
        {(p) => <input className="cad-input" required value={title} onChange={(e) => set({ title: e.target.value })} {...p} />}
      </Field>
      <Field label="Description">
        {(p) => <textarea className="cad-input" rows={4} value={description} onChange={(e) => set({ description: e.target.value })} {...p} />}
      </Field>
      <FormActions onCancel={() => onOpenChange(false)} saving={saving} blocked={!title.trim()}>{idea ? 'Update Idea' : 'Create Idea'}</FormActions>
    </form>
  );
}

/** 'New Campaign Idea' / 'Edit Campaign Idea' (docs/product.md#ideas). */
export function IdeaDialog(props: IdeaDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.idea ? 'Edit Campaign Idea' : 'New Campaign Idea'} {...(props.idea ? { initialFocus: 1 } : {})}>
      {props.open && (
        <HistoryTabs key={props.idea?.id ?? 'new'} resource="ideas" row={props.idea as (Idea & Record<string, unknown>) | null} onGone={() => props.onOpenChange(false)}>
          {(row) => <IdeaForm key={props.idea?.id ?? 'new'} {...props} idea={row ?? null} />}
        </HistoryTabs>
      )}
    </Dialog>
  );
}
