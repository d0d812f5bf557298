import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

const tabId = (base: string, v: string) => `${base}-tab-${v.replace(/[^a-z0-9_-]/gi, '_')}`;
const panelId = (base: string, v: string) => `${base}-panel-${v.replace(/[^a-z0-9_-]/gi, '_')}`;

/**
 * An ARIA tab list: arrow keys, Home and End move and select (automatic activation). The widgets'
 * and the app's: `className` names the list, and its tabs are `${className}__tab`, so a page
 * outside a widget's styles (the app's dashboard, its sign-in card) gives them its own look.
 */
export function Tabs<T extends string>({ label, idBase, value, tabs, onChange, className = 'cad-tabs' }: {
  label: string;
  idBase: string;
  value: T;
  tabs: ReadonlyArray<TabItem<T>>;
  onChange: (value: T) => void;
  className?: string;
}): ReactNode {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = tabs.findIndex((t) => t.value === value);
  // In a tab list that scrolls sideways (a phone), the selected tab is never left out of sight.
  useEffect(() => {
    refs.current[selected]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const last = tabs.length - 1;
    const next = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1)
      : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t, i) => (
        <button
          key={t.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={tabId(idBase, t.value)}
          type="button"
          role="tab"
          aria-selected={t.value === value}
          aria-controls={panelId(idBase, t.value)}
          tabIndex={t.value === value ? 0 : -1}
          className={`${className}__tab`}
          onClick={() => onChange(t.value)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the selected tab; `className` as the list's (its class is `${className}__panel`). */
export function TabPanel({ idBase, value, children, className = 'cad-tabs' }: { idBase: string; value: string; children: ReactNode; className?: string }): ReactNode {
  return (
    <div role="tabpanel" id={panelId(idBase, value)} aria-labelledby={tabId(idBase, value)} className={`${className}__panel`}>
      {children}
    </div>
  );
}
