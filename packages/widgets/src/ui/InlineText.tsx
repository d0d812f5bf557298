import { useState, type ReactNode } from 'react';

/** Text shown as a button; a click edits it in place and leaving the field saves a change (docs/product.md#ads-by-status). */
export function InlineText({ value, label, onSave, disabled, multiline }: {
  value: string | null;
  label: string;
  onSave: (value: string | null) => void;
  disabled?: boolean;
  multiline?: boolean;
}): ReactNode {
  const [draft, setDraft] = useState<string | null>(null);
  if (disabled) return <span>{value ?? ''}</span>;
  if (draft === null) {
    return (
      <button type="button" className="cad-inline-edit" aria-label={`${label}: ${value || 'Click to add'}`} onClick={() => setDraft(value ?? '')}>
        {value || <span className="cad-hint">Click to add</span>}
      </button>
    );
  }
  const commit = () => {
    const next = draft.trim() === '' ? null : draft.trim();
    setDraft(null);
    if (next !== (value ?? null)) onSave(next);
  };
  const common = {
    className: 'cad-input', 'aria-label': label, autoFocus: true, value: draft, onBlur: commit,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onKeyDown: (e: { key: string }) => e.key === 'Escape' && setDraft(null),
  };
  return multiline ? <textarea rows={2} {...common} /> : <input {...common} />;
}
