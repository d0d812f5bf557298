import type { ReactNode } from 'react';

/** A fieldset of checkboxes for a multi-choice list. */
export function CheckGroup<T extends string>({ legend, options, value, onToggle, required, label = (v) => v }: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onToggle: (v: T) => void;
  required?: boolean;
  label?: (v: T) => string;
}): ReactNode {
  return (
    <fieldset className="cad-fieldset cad-fieldset--inline">
      <legend className="cad-field__label">{legend}{required && <span aria-hidden="true"> *</span>}</legend>
      {options.map((o) => (
        <label key={o} className="cad-checkbox">
          <input type="checkbox" checked={value.includes(o)} onChange={() => onToggle(o)} />
          {label(o)}
        </label>
      ))}
    </fieldset>
  );
}
