import { AD_STATUSES, AD_STATUS_LABELS, articleBody, emptyArticleForm, type ArticleCreate, type ArticleForm } from '@cadence/core';
import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';
import { Field, Select, type ControlProps } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';

const STATUS_OPTIONS = AD_STATUSES.map((s) => [s, AD_STATUS_LABELS[s]] as const);
const TEXTS: Array<[keyof ArticleForm, string]> = [['website_examples', 'Website Examples'], ['copy_needs', 'Copy Needs'], ['website_focus_notes', 'Website Focus'], ['image_needs', 'Image Needs'], ['objective', 'Objective']];

function ArticleFormBody({ onClose, onSave }: { onClose: () => void; onSave: (b: ArticleCreate) => Promise<unknown> }): ReactNode {
  const { form: f, set, errors, saving, onSubmit } = useFormSubmit({ initial: emptyArticleForm, check: articleBody, save: onSave, onSaved: onClose });
  const input = (key: keyof ArticleForm, type = 'text') => (p: ControlProps) => <input type={type} className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />;
  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      <Field label="Title" required error={errors.title}>{input('title')}</Field>
      <div className="cad-form-row">
        <Field label="Publication">{input('publication_name')}</Field>
        <Field label="Status">{(p) => <Select {...p} options={STATUS_OPTIONS} value={f.status} onChange={(v) => v && set({ status: v })} />}</Field>
      </div>
      <div className="cad-form-row">
        <Field label="Due Date" required error={errors.due_date}>{input('due_date', 'date')}</Field>
        <Field label="Live Date" required error={errors.live_date}>{input('live_date', 'date')}</Field>
      </div>
      {TEXTS.map(([key, label]) => <Field key={key} label={label}>{(p) => <textarea className="cad-input" rows={2} value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />}</Field>)}
      <FormActions onCancel={onClose} saving={saving}>Add Article</FormActions>
    </form>
  );
}

export function ArticleDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (b: ArticleCreate) => Promise<unknown> }): ReactNode {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} size="lg" title="Add New Article">
      {open && <ArticleFormBody onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}
