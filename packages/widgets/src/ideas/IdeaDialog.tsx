import type { Idea } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../ui/Field';
import { Dialog } from '../ui/Dialog';
import { trimmedOrNull } from './idea-rules';

export interface IdeaDialogProps {
  open: boolean;
  idea: Idea | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves when saved; the dialog stays open when it rejects. */
  onSave: (values: { title: string; description: string | null }) => Promise<unknown>;
}

function IdeaForm({ idea, onOpenChange, onSave }: Omit<IdeaDialogProps, 'open'>): ReactNode {
  const [title, setTitle] = useState(idea?.title ?? '');
  const [description, setDescription] = useState(idea?.description ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const t = trimmedOrNull(title);
    if (!t) return;
    setSaving(true);
    try {
      await onSave({ title: t, description: trimmedOrNull(description) });
      onOpenChange(false);
    } catch {
      setSaving(false);
    }
  };
  return (
    <form className="cad-dialog__body cad-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Title *">
        {(p) => <input className="cad-input" required value={title} onChange={(e) => setTitle(e.target.value)} {...p} />}
      </Field>
      <Field label="Description">
        {(p) => <textarea className="cad-input" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} {...p} />}
      </Field>
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary" disabled={saving || !title.trim()}>{idea ? 'Update Idea' : 'Create Idea'}</button>
      </div>
    </form>
  );
}

/** 'New Campaign Idea' / 'Edit Campaign Idea' (spec §2 /ideas). */
export function IdeaDialog(props: IdeaDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.idea ? 'Edit Campaign Idea' : 'New Campaign Idea'}>
      {props.open && <IdeaForm key={props.idea?.id ?? 'new'} {...props} />}
    </Dialog>
  );
}
