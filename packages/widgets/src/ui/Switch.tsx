import { useId, type ReactNode } from 'react';

/** A labelled on/off switch; `srLabel` names it fully when the visible text is short ('View'). */
export function Switch({ label, srLabel, checked, onChange, disabled }: {
  label: string;
  srLabel?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}): ReactNode {
  const id = useId();
  return (
    <label className="cad-switch" htmlFor={id}>
      <input id={id} type="checkbox" role="switch" checked={checked} disabled={disabled} aria-label={srLabel}
        onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
