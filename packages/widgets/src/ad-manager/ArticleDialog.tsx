import { AD_STATUSES, AD_STATUS_LABELS, MESSAGES, type AdStatus, type ArticleCreate } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field, Select } from '../ui/Field';
import { Dialog } from '../ui/Dialog';

type Form = Record<'title' | 'publication_name' | 'due_date' | 'live_date' | 'website_examples' | 'copy_needs' | 'website_focus_notes' | 'image_needs' | 'objective', string> & { status: AdStatus };
const EMPTY: Form = { title: '', publication_name: '', status: 'new', due_date: '', live_date: '', website_examples: '', copy_needs: '', website_focus_notes: '', image_needs: '', objective: '' };
const STATUS_OPTIONS = AD_STATUSES.map((s) => [s, AD_STATUS_LABELS[s]] as const);
const TEXTS: Array<[keyof Form, string]> = [['website_examples', 'Website Examples'], ['copy_needs', 'Copy Needs'], ['website_focus_notes', 'Website Focus'], ['image_needs', 'Image Needs'], ['objective', 'Objective']];
const text = (s: string) => (s.trim() === '' ? null : s.trim());

/** Spec §5 article: title and both dates required; optional fields saved as null. */
export function articleBody(f: Form): { error: string } | { body: ArticleCreate } {
  if (!f.title.trim() || !f.due_date || !f.live_date) return { error: MESSAGES.requiredFields };
  return {
    body: {
      title: f.title.trim(), publication_name: text(f.publication_name), status: f.status, due_date: f.due_date, live_date: f.live_date,
      website_examples: text(f.website_examples), copy_needs: text(f.copy_needs), website_focus_notes: text(f.website_focus_notes),
      image_needs: text(f.image_needs), objective: text(f.objective),
    },
  };
}

function ArticleForm({ onClose, onSave }: { onClose: () => void; onSave: (b: ArticleCreate) => Promise<unknown> }): ReactNode {
  const [f, setF] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = articleBody(f);
    if ('error' in r) return setError(r.error);
    setSaving(true);
    try {
      await onSave(r.body);
      onClose();
    } catch {
      setSaving(false);
    }
  };
  const input = (key: keyof Form, type = 'text') => (p: object) => <input type={type} className="cad-input" value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...p} />;
  return (
    <form className="cad-dialog__body cad-form" onSubmit={(e) => void submit(e)} noValidate>
      {error && <p className="cad-field__error" role="alert">{error}</p>}
      <Field label="Title" required>{input('title')}</Field>
      <div className="cad-form-row">
        <Field label="Publication">{input('publication_name')}</Field>
        <Field label="Status">{(p) => <Select id={(p as { id: string }).id} options={STATUS_OPTIONS} value={f.status} onChange={(v) => v && setF({ ...f, status: v })} />}</Field>
      </div>
      <div className="cad-form-row">
        <Field label="Due Date" required>{input('due_date', 'date')}</Field>
        <Field label="Live Date" required>{input('live_date', 'date')}</Field>
      </div>
      {TEXTS.map(([key, label]) => <Field key={key} label={label}>{(p) => <textarea className="cad-input" rows={2} value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...p} />}</Field>)}
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={onClose}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary" disabled={saving}>Add Article</button>
      </div>
    </form>
  );
}

export function ArticleDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (b: ArticleCreate) => Promise<unknown> }): ReactNode {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} size="lg" title="Add New Article">
      {open && <ArticleForm onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}
