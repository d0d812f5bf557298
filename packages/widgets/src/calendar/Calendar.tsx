import {
  addDays,
  addMonths,
  bucketByDay,
  formatYmd,
  monthGrid,
  todayYmd,
  visibleWindow,
  weekDays,
  weekRangeLabel,
  type CalendarMode,
  type Campaign,
  type Channel,
  type ScheduleView,
  type Ymd,
  type ComparedCampaign,
  type CampaignFilter,
  can,
  isFiltered,
} from '@cadence/core';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useCampaignEditor } from '../campaign-dialog/use-campaign-editor';
import { useMoveController } from '../move/use-move';
import { useCampaignSource } from '../provider/campaign-queries';
import { usePlanningRules } from '../provider/planning-rules';
import { MoveAnywayDialog } from '../move/MoveAnywayDialog';
import { useCadence } from '../provider/context';
import type { AnyCampaign } from '../provider/permissions';
import { useSession } from '../provider/session';
import { LoadError, Segmented } from '../ui/bits';
import { useNarrow } from '../ui/use-narrow';
import { useSyncedState } from '../ui/use-synced-state';
import { useRememberedSwitch } from '../ui/use-remembered';
import { Switches, type SwitchesHost } from '../ui/Switches';
import { LazyLoadStrip, LoadSwitch } from '../load/LoadSwitch';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { Agenda } from './Agenda';
import { CalendarGrid } from './CalendarGrid';
import { DayDialog } from './DayDialog';
import { ChevronLeft, ChevronRight, ICON_SIZE } from '../ui/icons';
import { WidgetStyles } from '../styles/WidgetStyles';
import calendarCss from '../styles/calendar.css?inline';
import printCss from '../styles/print.css?inline';
import { PrintButton } from '../print/PrintButton';
import { preloadable, usePrintLayout } from '../print/use-print';
import { CompareControl, comparisonPrintLine } from '../baselines/CompareControl';
import { useComparison } from '../baselines/use-comparison';

// The print layout loads apart from the widget, preloaded once it has drawn (print/use-print.ts).
export const calendarPrintLayout = preloadable(() => import('../print/CalendarPrint').then((m) => m.CalendarPrint));

export interface CalendarProps extends WidgetProps {
  /** Only this channel's campaigns (the channel dashboard). */
  channel?: Channel;
  /** View shown; default 'planning'. A change of the prop is followed; the user's changes call onViewChange. */
  view?: ScheduleView;
  onViewChange?: (view: ScheduleView) => void;
  /** Mode shown; default 'month'. Followed like `view`. */
  mode?: CalendarMode;
  onModeChange?: (mode: CalendarMode) => void;
  /** Day shown; default today. Followed like `view`; paging calls onDateChange with the new day. */
  date?: Ymd;
  onDateChange?: (date: Ymd) => void;
  /** Only the campaigns (and virtual ones) that pass these filters (docs/adr/0029). */
  filter?: CampaignFilter;
  /** Show live ads and events as read-only campaigns; default: only without a channel. */
  includeVirtual?: boolean;
  /** Called instead of opening the built-in edit dialog. */
  onEditCampaign?: (campaign: Campaign) => void;
  /** Plot these instead of fetching campaigns (e.g. events as read-only campaigns). */
  items?: readonly AnyCampaign[];
  /** Let users who may update a campaign drag it, or move it with the keyboard, to other days; default true. */
  editable?: boolean;
  /** The page's name at the top of a printout, e.g. 'Global Calendar' (docs/adr/0033); default the calendar's title. */
  printTitle?: string;
  /** Who a printout says printed it; default the signed-in user's e-mail, null to leave "by" out. */
  printedBy?: string | null;
  /** Draw the Schedule and range switches in this element of the host's (ui/Switches.tsx); default: in the toolbar. */
  switchesIn?: SwitchesHost;
  /** Open compared with this saved baseline (its id), e.g. from Settings → Baselines (docs/adr/0063). */
  compareBaseline?: string;
}

export const VIEW_OPTIONS = [
  { value: 'planning', label: 'Planning Timeline' },
  { value: 'live', label: 'Live Schedule' },
] as const;
const MODE_OPTIONS = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const;

function CalendarBody(props: CalendarProps): ReactNode {
  const { now } = useCadence();
  const session = useSession();
  const today = todayYmd(now());
  const [view, setView] = useSyncedState<ScheduleView>(props.view, 'planning', props.onViewChange);
  const [mode, setMode] = useSyncedState<CalendarMode>(props.mode, 'month', props.onModeChange);
  const [anchor, setAnchor] = useSyncedState<Ymd>(props.date, today, props.onDateChange);
  const [focused, setFocused] = useState<Ymd>(anchor);
  // A host may move the calendar (a link, back and forward): the focused day goes with it.
  useEffect(() => setFocused(anchor), [anchor]);
  const [openDay, setOpenDay] = useState<Ymd | null>(null);
  const editor = useCampaignEditor(props.onEditCampaign);
  const labelId = useId();
  const editable = props.editable ?? true;
  const { principal } = session;
  const canEdit = useCallback((c: AnyCampaign) => can(principal, 'update', 'campaign', c), [principal]);
  const mayMove = useCallback((c: AnyCampaign) => editable && canEdit(c), [editable, canEdit]);
  const [panel, compact] = useNarrow<HTMLElement>();

  const { from, to } = visibleWindow(anchor, mode);
  const campaigns = useCampaignSource({ from, to, ...props.filter, ...(props.channel ? { channel: props.channel } : {}) }, props.includeVirtual ?? !props.channel, props.items);
  const weeks = useMemo(() => (mode === 'month' ? monthGrid(anchor) : [weekDays(anchor)]), [anchor, mode]);
  const buckets = useMemo(() => bucketByDay(campaigns.all, weeks.flat(), view), [campaigns.all, weeks, view]);
  const comparison = useComparison(from, to, props.compareBaseline);
  // The plan then, on the day each moved or removed campaign went live then (docs/adr/0063).
  const thenByDay = useMemo(() => {
    const byDay = new Map<Ymd, ComparedCampaign[]>();
    for (const c of comparison.result?.campaigns ?? []) {
      if (!c.then || (c.change !== 'moved' && c.change !== 'removed') || (c.now && c.now.live_date === c.then.live_date)) continue;
      byDay.set(c.then.live_date, [...(byDay.get(c.then.live_date) ?? []), c]);
    }
    return byDay;
  }, [comparison.result]);
  // Campaigns added since the baseline: their chips say "Added" in words.
  const added = useMemo<ReadonlySet<string> | undefined>(
    () => (comparison.result ? new Set(comparison.result.campaigns.filter((c) => c.change === 'added').map((c) => c.id)) : undefined),
    [comparison.result],
  );
  const printLine = comparisonPrintLine(comparison);
  // The planning rules judge a move where it would land (docs/adr/0065).
  const rules = usePlanningRules(useMemo(() => ({ from, to }), [from, to]), campaigns.all, isFiltered(props.filter ?? {}) || !!props.channel);
  const mover = useMoveController({ view, surface: 'calendar', mayUpdate: mayMove, ...(rules.active ? { check: rules.check } : {}) });
  const [load, setLoad] = useRememberedSwitch('calendar.load');
  const loadRange = useMemo(() => ({ from: weeks[0]![0]!, to: weeks.at(-1)!.at(-1)! }), [weeks]);

  const step = (dir: 1 | -1) => {
    const next = mode === 'month' ? addMonths(anchor, dir) : addDays(anchor, 7 * dir);
    setAnchor(next);
    setFocused(next);
  };
  const unit = mode === 'month' ? 'month' : 'week';
  const printout = usePrintLayout(calendarPrintLayout);
  const CalendarPrint = calendarPrintLayout.get();
  const title = view === 'planning' ? 'Planning Timeline' : 'Live Campaign Calendar';
  const rangeLabel = mode === 'month' ? formatYmd(anchor, 'MMMM yyyy') : weekRangeLabel(anchor);

  return (
    <>
    <section ref={panel} className={printout.panelOffPaper ? 'cad-panel cad-panel--printing' : 'cad-panel'} aria-busy={campaigns.status === 'loading'}>
      <header className="cad-toolbar">
        <h2 className="cad-panel__title">{title}</h2>
        <Switches into={props.switchesIn}>
          <Segmented label="Schedule" value={view} options={VIEW_OPTIONS} onChange={setView} />
          <Segmented label="Calendar range" value={mode} options={MODE_OPTIONS} onChange={(m) => { setMode(m); setFocused(anchor); }} />
        </Switches>
        {/* In the view's own toolbar, not the switches: carried to the tabs' line it would wrap it (docs/adr/0065). */}
        <LoadSwitch on={load} onChange={setLoad} />
        <div className="cad-toolbar__nav">
          <button type="button" className="cad-icon-button" aria-label={`Previous ${unit}`} onClick={() => step(-1)}><ChevronLeft size={ICON_SIZE} aria-hidden="true" /></button>
          <p id={labelId} className="cad-toolbar__label" aria-live="polite">
            {rangeLabel}
          </p>
          <button type="button" className="cad-icon-button" aria-label={`Next ${unit}`} onClick={() => step(1)}><ChevronRight size={ICON_SIZE} aria-hidden="true" /></button>
        </div>
        <CompareControl comparison={comparison} />
        <PrintButton onPrint={printout.print} loading={campaigns.status === 'loading'} />
      </header>
      {load && campaigns.status === 'success' && <LazyLoadStrip campaigns={campaigns.all} range={loadRange} violations={rules.violations} />}
      {campaigns.status === 'error' ? (
        <LoadError onRetry={campaigns.refetch} />
      ) : (
        <CalendarGrid
          weeks={weeks}
          buckets={buckets}
          mode={mode}
          month={anchor.slice(0, 7)}
          today={today}
          labelledBy={labelId}
          focused={focused}
          onFocusDay={setFocused}
          onOpenDay={setOpenDay}
          onEdit={editor.edit}
          canEdit={canEdit}
          mover={mover}
          compact={compact}
          thenByDay={thenByDay}
          {...(added ? { added } : {})}
          conflicts={rules.byCampaign}
        />
      )}
      {compact && campaigns.status !== 'error' && (
        <Agenda days={mode === 'month' ? [focused] : weeks[0] ?? []} buckets={buckets} view={view} now={now()} canEdit={canEdit} onEdit={editor.edit} onOpenDay={setOpenDay} {...(comparison.result ? { compared: comparison.byId, thenByDay } : {})} />
      )}
      <p className="cad-sr-only" role="status" aria-live="polite">{mover.announcement}</p>
      <DayDialog
        day={openDay}
        view={view}
        campaigns={openDay ? (buckets.get(openDay) ?? []) : []}
        now={now()}
        rights={session.rights}
        onClose={() => setOpenDay(null)}
        onEdit={editor.edit}
      />
      <MoveAnywayDialog mover={mover} />
      {editor.dialog}
    </section>
    {printout.printing && CalendarPrint && (
      <CalendarPrint
        title={`${props.printTitle ? `${props.printTitle} — ` : ''}${title}, ${rangeLabel}`}
        filter={{ ...props.filter, ...(props.channel ? { channel: props.channel } : {}) }}
        weeks={weeks}
        buckets={buckets}
        month={mode === 'month' ? anchor.slice(0, 7) : null}
        now={now()}
        by={props.printedBy === undefined ? session.email : props.printedBy}
        comparison={printLine && added ? { line: printLine, thenByDay, added } : undefined}
      />
    )}
    </>
  );
}

/** Month or week calendar of planning or live campaigns (docs/product.md#calendar). */
export function Calendar(props: CalendarProps): ReactNode {
  return (
    <WidgetRoot name="Calendar" client={props.client} className={props.className}>
      <WidgetStyles css={`${calendarCss}\n${printCss}`} />
      <CalendarBody {...props} />
    </WidgetRoot>
  );
}
