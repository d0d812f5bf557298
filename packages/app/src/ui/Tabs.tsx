import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<T extends string> {
  value: T;
  label: string;
}

/** An ARIA tab list; arrow keys move between tabs. The panel is rendered by the caller inside `TabPanel`. */
export function Tabs<T extends string>({ label, tabs, value, onChange, idBase }: {
  label: string;
  tabs: ReadonlyArray<TabDef<T>>;
  value: T;
  onChange: (value: T) => void;
  idBase: string;
}): ReactNode {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.value === value);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step || i < 0) return;
    e.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.value);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${idBase}-tab-${next.value}`)}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs" ref={list} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          id={`${idBase}-tab-${t.value}`}
          aria-selected={t.value === value}
          aria-controls={`${idBase}-panel`}
          tabIndex={t.value === value ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(t.value)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ idBase, value, children }: { idBase: string; value: string; children: ReactNode }): ReactNode {
  return (
    <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${value}`} className="tabs__panel">
      {children}
    </div>
  );
}

export const useTabsId = () => useId().replace(/:/g, '');
