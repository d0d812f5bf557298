import { useId, type ReactNode } from 'react';

/** What a control needs to be labelled and described: spread it onto the input. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface FieldProps {
  label: string;
  hint?: string;
  /** Shown beside the control instead of the hint, and marks the control invalid. */
  error?: string | undefined;
  required?: boolean;
  children: (props: ControlProps) => ReactNode;
}

/** A label, the control, and its hint or error, wired together for screen readers. */
export function Field({ label, hint, error, required, children }: FieldProps): ReactNode {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className="cad-field">
      <label htmlFor={id} className="cad-field__label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({ id, ...(note ? { 'aria-describedby': noteId } : {}), ...(error ? { 'aria-invalid': true } : {}) })}
      {note && (
        <p id={noteId} className={error ? 'cad-field__error' : 'cad-field__hint'}>
          {note}
        </p>
      )}
    </div>
  );
}

export function Select<T extends string>({ options, value, onChange, placeholder, ...rest }: ControlProps & {
  value: T | '';
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (v: T | '') => void;
  placeholder?: string;
}): ReactNode {
  return (
    <select className="cad-input" value={value} onChange={(e) => onChange(e.target.value as T | '')} {...rest}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}
