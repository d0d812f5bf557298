import { useId, type ReactNode } from 'react';

/** A fieldset of checkboxes for a multi-choice list; an error shows below and marks each box invalid. */
export function CheckGroup<T extends string>({ legend, options, value, onToggle, required, error, label = (v) => v }: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onToggle: (v: T) => void;
  required?: boolean;
  error?: string | undefined;
  label?: (v: T) => string;
}): ReactNode {
  const errorId = `${useId()}-error`;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <fieldset className="cad-fieldset cad-fieldset--inline">
      <legend className="cad-field__label">{legend}{required && <span aria-hidden="true"> *</span>}</legend>
      {options.map((o) => (
        <label key={o} className="cad-checkbox">
          <input type="checkbox" checked={value.includes(o)} onChange={() => onToggle(o)} {...invalid} />
          {label(o)}
        </label>
      ))}
      {error && <p id={errorId} className="cad-field__error">{error}</p>}
    </fieldset>
  );
}
