import { SAVED_VIEW_NAME_MAX } from '@cadence/core';
import { Dialog, Field, FormActions } from '@cadence/widgets';
import { useEffect, useState, type ReactNode } from 'react';
import { useBusySubmit } from '../ui/use-busy-submit';
import { formErrorOf } from './view-rules';

export interface ViewNameValues {
  name: string;
  shared: boolean;
}

/**
 * The name (and, for those who may, "Share with the team") of a saved view: saving a new one and
 * renaming share it. `onSubmit` rejects with the server's error; a 400 or 409 is shown on the field.
 */
export function ViewNameDialog({ open, onClose, title, description, submitLabel, busyLabel, initialName, showShare, onSubmit }: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  submitLabel: string;
  busyLabel: string;
  initialName: string;
  showShare: boolean;
  onSubmit: (values: ViewNameValues) => Promise<unknown>;
}): ReactNode {
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; form?: string }>({});
  useEffect(() => {
    if (!open) return;
    setName(initialName);
    setShared(false);
    setErrors({});
  }, [open, initialName]);
  const { busy, onSubmit: submit } = useBusySubmit(() => {
    if (!name.trim()) {
      setErrors({ name: 'View name is required' });
      return undefined;
    }
    setErrors({});
    return onSubmit({ name: name.trim(), shared: showShare && shared }).then(onClose, (error: unknown) => setErrors(formErrorOf(error) ?? {}));
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} size="sm" title={title} {...(description ? { description } : {})}>
      <form className="cad-form" onSubmit={submit} noValidate>
        <Field label="Name" error={errors.name}>
          {(control) => (
            <input {...control} className="cad-input" value={name} maxLength={SAVED_VIEW_NAME_MAX} autoComplete="off" onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        {showShare && (
          <label className="check">
            <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
            <span>
              Share with the team
              <span className="hint check__hint">Everyone who can see this dashboard gets it in their side bar.</span>
            </span>
          </label>
        )}
        {errors.form && <p className="cad-field__error" role="alert">{errors.form}</p>}
        <FormActions onCancel={onClose} saving={busy}>{busy ? busyLabel : submitLabel}</FormActions>
      </form>
    </Dialog>
  );
}
