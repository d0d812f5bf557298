import { CadenceApiError, type FieldErrors, type FormCheck } from '@cadence/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface FormSubmitOptions<Form, Body> {
  initial: Form | (() => Form);
  /** Core's check of the form: the body to send, or a message per field. */
  check: (form: Form) => FormCheck<Body>;
  /** Sends the body. Its writer toasts a failure (docs/product.md#messages); a rejection keeps the form open. */
  save: (body: Body) => Promise<unknown>;
  /** After a successful save, typically closing the dialog. */
  onSaved: (result: unknown) => void;
  /** After a failed save, for what the form does beyond showing the server's field errors. */
  onFailed?: (error: unknown) => void;
}

export interface FormSubmit<Form> {
  form: Form;
  setForm: (next: Form | ((form: Form) => Form)) => void;
  set: (patch: Partial<Form>) => void;
  /** Per-field messages, shown beside their fields. */
  errors: FieldErrors;
  saving: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}

/** The server's per-field messages (a 400's details), keyed like the form's own. */
const serverErrors = (error: unknown): FieldErrors =>
  error instanceof CadenceApiError ? Object.fromEntries(error.details.map((d) => [d.path, d.message])) : {};

/**
 * A dialog form's state and submit: check, then save once at a time; errors go beside their
 * fields and the first invalid field takes focus, so a screen reader reads its message.
 */
export function useFormSubmit<Form, Body>({ initial, check, save, onSaved, onFailed }: FormSubmitOptions<Form, Body>): FormSubmit<Form> {
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [rejected, setRejected] = useState(0);
  const formEl = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (rejected) formEl.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [rejected]);

  const submit = async () => {
    const checked = check(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setRejected((n) => n + 1);
      return;
    }
    setErrors({});
    setSaving(true);
    let result: unknown;
    try {
      result = await save(checked.body);
    } catch (error) {
      setErrors(serverErrors(error));
      setSaving(false);
      onFailed?.(error);
      return;
    }
    onSaved(result);
  };

  return {
    form,
    setForm,
    set: (patch) => setForm((f) => ({ ...f, ...patch })),
    errors,
    saving,
    onSubmit: (e) => {
      e.preventDefault();
      formEl.current = e.currentTarget;
      if (!saving) void submit();
    },
  };
}
