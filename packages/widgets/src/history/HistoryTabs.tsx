import type { HistoryResource } from '@cadence/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import pagesCss from '../styles/pages.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { TabPanel, Tabs } from '../ui/Tabs';

type Row = Record<string, unknown> & { id: string; version?: number };

// Loaded when History is first opened: an entry holding the calendar or the Gantt (whose edit
// dialog has this tab) pays for the timeline only when someone looks at it.
const HistoryTimeline = lazy(() => import('./HistoryTimeline').then((m) => ({ default: m.HistoryTimeline })));

export interface HistoryTabsProps<T extends Row> {
  resource: HistoryResource;
  /** The row being edited; without one (a new row) only the form shows. */
  row: T | null | undefined;
  /** The form, given the row as it is now: after a revert, the row the revert wrote. */
  children: (row: T | null | undefined) => ReactNode;
  /** After a revert deleted the row (reverting its creation). */
  onGone?: () => void;
  /** Tabs between Details and History (a campaign's Tasks), drawn only while selected. */
  extraTabs?: ReadonlyArray<{ value: string; label: string; render: (row: T) => ReactNode }>;
  /** The tab shown first (a link to a campaign's Tasks or Review, docs/adr/0060); Details unless said. */
  initialTab?: string;
}

/**
 * An edit dialog's Details and History tabs (docs/adr/0028). The form stays mounted while History
 * shows, so unsaved edits survive a look at the log; a revert refills it with the reverted row.
 * Dialogs that use it pass `initialFocus={1}` so focus still starts in the first field.
 */
export function HistoryTabs<T extends Row>({ resource, row, children, onGone, extraTabs = [], initialTab }: HistoryTabsProps<T>): ReactNode {
  const [tab, setTab] = useState<string>(initialTab && (initialTab === 'history' || extraTabs.some((x) => x.value === initialTab)) ? initialTab : 'details');
  const [current, setCurrent] = useState<{ row: T; n: number } | null>(null);
  if (!row) return children(row);
  const shown = current?.row ?? row;
  const idBase = `cad-${resource}-${row.id}`;
  return (
    <>
      <WidgetStyles css={pagesCss} />
      <Tabs label="Record" idBase={idBase} value={tab} tabs={[{ value: 'details', label: 'Details' }, ...extraTabs.map(({ value, label }) => ({ value, label })), { value: 'history', label: 'History' }]} onChange={setTab} />
      <div hidden={tab !== 'details'} key={current?.n ?? 0}>
        <TabPanel idBase={idBase} value="details">{children(shown)}</TabPanel>
      </div>
      {extraTabs.map((x) => tab === x.value && (
        <TabPanel key={x.value} idBase={idBase} value={x.value}>{x.render(shown)}</TabPanel>
      ))}
      {tab === 'history' && (
        <TabPanel idBase={idBase} value="history">
          <Suspense fallback={<p className="cad-hint" role="status">Loading history…</p>}>
            <HistoryTimeline
              source={{ resource, id: row.id }}
              row={shown}
              onReverted={(next) => (next ? setCurrent((c) => ({ row: next as T, n: (c?.n ?? 0) + 1 })) : onGone?.())}
            />
          </Suspense>
        </TabPanel>
      )}
    </>
  );
}
