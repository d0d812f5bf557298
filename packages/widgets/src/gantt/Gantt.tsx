import { useClosedDays } from '../provider/working-calendar';
import { ClosedDaysNote, GanttClosedDays } from './GanttClosedDays';
import {
  DEFAULT_GANTT_RANGE,
  ganttRange,
  groupByChannel,
  layoutGantt,
  monthGridlines,
  stepRange,
  todayYmd,
  type Campaign,
  type Channel,
  type GanttRange,
  type ScheduleView,
  type Ymd,
  type CampaignFilter,
  can,
  isFiltered,
} from '@cadence/core';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { VIEW_OPTIONS } from '../calendar/Calendar';
import { useCampaignEditor } from '../campaign-dialog/use-campaign-editor';
import { useMoveController } from '../move/use-move';
import { useCampaignSource } from '../provider/campaign-queries';
import { usePlanningRules } from '../provider/planning-rules';
import { MoveAnywayDialog } from '../move/MoveAnywayDialog';
import { useCadence } from '../provider/context';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import { useSession } from '../provider/session';
import { EmptyState, LoadError, Segmented } from '../ui/bits';
import { useNarrow } from '../ui/use-narrow';
import { useSyncedState } from '../ui/use-synced-state';
import { useRememberedSwitch } from '../ui/use-remembered';
import { Switches, type SwitchesHost } from '../ui/Switches';
import { LazyLoadStrip, LoadSwitch } from '../load/LoadSwitch';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { GanttRows, type GanttRow } from './GanttRows';
import { useTaskMover } from './GanttTasks';
import { ChevronLeft, ChevronRight, ICON_SIZE } from '../ui/icons';
import { WidgetStyles } from '../styles/WidgetStyles';
import ganttCss from '../styles/gantt.css?inline';
import printCss from '../styles/print.css?inline';
import { PrintButton } from '../print/PrintButton';
import { CompareControl, comparisonPrintLine } from '../baselines/CompareControl';
import { ChangeMark } from '../baselines/ChangeMark';
import { useComparison } from '../baselines/use-comparison';
import { preloadable, usePrintLayout } from '../print/use-print';

// The print layout loads apart from the widget, preloaded once it has drawn (print/use-print.ts).
export const ganttPrintLayout = preloadable(() => import('../print/GanttPrint').then((m) => m.GanttPrint));

export interface GanttProps extends WidgetProps {
  channel?: Channel;
  /** View shown; default 'planning'. A change of the prop is followed; the user's changes call onViewChange. */
  view?: ScheduleView;
  onViewChange?: (view: ScheduleView) => void;
  /** Range shown; default 'quarter'. Followed like `view`. */
  range?: GanttRange;
  onRangeChange?: (range: GanttRange) => void;
  /** A day inside the range shown; default today. Followed like `view`; paging calls onDateChange. */
  date?: Ymd;
  onDateChange?: (date: Ymd) => void;
  /** Only the campaigns (and virtual ones) that pass these filters (docs/adr/0029). */
  filter?: CampaignFilter;
  /** Offer 'Group by Channel' (only when channel info is shown); default true. */
  showChannels?: boolean;
  includeVirtual?: boolean;
  onEditCampaign?: (campaign: Campaign) => void;
  /** Plot these instead of fetching campaigns (e.g. events as read-only campaigns). */
  items?: readonly AnyCampaign[];
  /** Let users who may update a campaign drag, resize and keyboard-move its bar; default true. */
  editable?: boolean;
  /** The page's name at the top of a printout, e.g. 'Global Calendar' (docs/adr/0033); default the chart's title. */
  printTitle?: string;
  /** Who a printout says printed it; default the signed-in user's e-mail, null to leave "by" out. */
  printedBy?: string | null;
  /** Draw the Schedule and range switches in this element of the host's (ui/Switches.tsx); default: in the toolbar. */
  switchesIn?: SwitchesHost;
  /** Open compared with this saved baseline (its id), e.g. from Settings → Baselines (docs/adr/0063). */
  compareBaseline?: string;
}

const RANGE_OPTIONS = [
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'year', label: 'Year' },
] as const;

function GanttBody(props: GanttProps): ReactNode {
  const { now } = useCadence();
  const session = useSession();
  const [view, setView] = useSyncedState<ScheduleView>(props.view, 'planning', props.onViewChange);
  const [range, setRange] = useSyncedState<GanttRange>(props.range, DEFAULT_GANTT_RANGE, props.onRangeChange);
  const [anchor, setAnchor] = useSyncedState<Ymd>(props.date, todayYmd(now()), props.onDateChange);
  const [grouped, setGrouped] = useState(false);
  const editor = useCampaignEditor(props.onEditCampaign);
  const groupId = useId();
  const editable = props.editable ?? true;
  const { principal } = session;
  const canEdit = useCallback((c: AnyCampaign) => can(principal, 'update', 'campaign', c), [principal]);
  const mayMove = useCallback((c: AnyCampaign) => editable && canEdit(c), [editable, canEdit]);
  // A campaign row's tasks, shown beneath it on demand (its disclosure button), each due date movable.
  const taskMover = useTaskMover(principal, editable);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggleTasks = useCallback((id: string) => setExpanded((open) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const [panel, narrow] = useNarrow<HTMLElement>();
  const span = useMemo(() => ganttRange(anchor, range), [anchor, range]);
  const campaigns = useCampaignSource(
    { from: span.start, to: span.end, ...props.filter, ...(props.channel ? { channel: props.channel } : {}) },
    props.includeVirtual ?? !props.channel,
    props.items,
  );
  const showChannels = props.showChannels ?? true;
  // The planning rules judge a move where it would land (docs/adr/0065).
  const rules = usePlanningRules(useMemo(() => ({ from: span.start, to: span.end }), [span.start, span.end]), campaigns.all, isFiltered(props.filter ?? {}) || !!props.channel);
  const [load, setLoad] = useRememberedSwitch('gantt.load');
  const loadRange = useMemo(() => ({ from: span.start, to: span.end }), [span.start, span.end]);
  const mover = useMoveController({ view, surface: 'gantt', mayUpdate: mayMove, ...(rules.active ? { check: rules.check } : {}) });
  const gridlines = useMemo(() => monthGridlines(span), [span.start, span.end]); // eslint-disable-line react-hooks/exhaustive-deps
  const closedOf = useClosedDays(span.start, span.end);
  const comparison = useComparison(span.start, span.end, props.compareBaseline);

  const allBars = useMemo(() => layoutGantt(campaigns.all, span, view), [campaigns.all, span.start, span.end, view]); // eslint-disable-line react-hooks/exhaustive-deps
  const printout = usePrintLayout(ganttPrintLayout);
  const GanttPrint = ganttPrintLayout.get();
  const rows = useMemo<GanttRow[]>(() => {
    const bars = allBars;
    if (!(grouped && showChannels)) {
      const { byId, removed } = comparison;
      const own = bars.map((b): GanttRow => {
        const compared = byId.get(b.campaign.id);
        return {
          key: b.campaign.id,
          label: compared ? <>{b.campaign.title} <ChangeMark compared={compared} /></> : b.campaign.title,
          bars: [b],
          ...(isVirtual(b.campaign) ? {} : { campaign: b.campaign }),
          ...(compared ? { compared } : {}),
        };
      });
      // Removed since the baseline: a row of their own, with the ghost alone.
      return [...own, ...removed.map((r): GanttRow => ({ key: `removed-${r.id}`, label: <>{r.title} <ChangeMark compared={r} /></>, bars: [], compared: r }))];
    }
    return groupByChannel(bars.map((b) => ({ ...b, channels: b.campaign.channels }))).map((r) => ({
      key: r.channel,
      label: (
        <>
          <span className="cad-dot" style={{ background: r.color }} aria-hidden="true" />
          {r.label}
        </>
      ),
      bars: r.campaigns,
    }));
  }, [allBars, grouped, showChannels, comparison.byId, comparison.removed]);

  // The comparison goes on paper too: its line, the "Was:" words and the outlines (docs/adr/0063).
  const printLine = comparisonPrintLine(comparison);
  const printedComparison = printLine ? { line: printLine, byId: comparison.byId, removed: comparison.removed, view, range: span } : undefined;
  const unit = range;
  const title = view === 'planning' ? 'Planning Gantt Chart' : 'Live Campaign Timeline';
  return (
    <>
    <section ref={panel} className={printout.panelOffPaper ? 'cad-panel cad-panel--printing' : 'cad-panel'} aria-busy={campaigns.status === 'loading'}>
      <header className="cad-toolbar">
        <h2 className="cad-panel__title">{title}</h2>
        <Switches into={props.switchesIn}>
          <Segmented label="Schedule" value={view} options={VIEW_OPTIONS} onChange={setView} />
          <Segmented label="Time range" value={range} options={RANGE_OPTIONS} onChange={setRange} />
        </Switches>
        {/* Beside Group by Channel, not among the switches: carried to the tabs' line it would wrap it (docs/adr/0065). */}
        <LoadSwitch on={load} onChange={setLoad} />
        {showChannels && (
          <label className="cad-switch" htmlFor={groupId}>
            <input id={groupId} type="checkbox" role="switch" checked={grouped} onChange={(e) => setGrouped(e.target.checked)} />
            Group by Channel
          </label>
        )}
        <div className="cad-toolbar__nav">
          <button type="button" className="cad-icon-button" aria-label={`Previous ${unit}`} onClick={() => setAnchor(stepRange(anchor, range, -1))}><ChevronLeft size={ICON_SIZE} aria-hidden="true" /></button>
          <p className="cad-toolbar__label" aria-live="polite">{span.label}</p>
          <button type="button" className="cad-icon-button" aria-label={`Next ${unit}`} onClick={() => setAnchor(stepRange(anchor, range, 1))}><ChevronRight size={ICON_SIZE} aria-hidden="true" /></button>
        </div>
        <CompareControl comparison={comparison} />
        <PrintButton onPrint={printout.print} loading={campaigns.status === 'loading'} />
      </header>
      {load && campaigns.status === 'success' && <LazyLoadStrip campaigns={campaigns.all} range={loadRange} violations={rules.violations} alignToDays={!narrow} />}
      {campaigns.status === 'error' ? (
        <LoadError onRetry={campaigns.refetch} />
      ) : campaigns.status === 'success' && rows.length === 0 ? (
        <EmptyState title="No campaigns in this time range" text="Try adjusting the time range or filters to see campaigns." />
      ) : (
        <div className={narrow ? 'cad-gantt cad-gantt--narrow' : 'cad-gantt'}>
          <GanttRows
            rows={rows}
            view={view}
            range={span}
            gridlines={gridlines}
            canEdit={canEdit}
            onEdit={editor.edit}
            mover={mover}
            today={todayYmd(now())}
            narrow={narrow}
            expanded={expanded}
            onToggleTasks={props.items ? undefined : toggleTasks}
            taskMover={taskMover}
            conflicts={rules.byCampaign}
            head={
              <div className="cad-gantt__row cad-gantt__head" aria-hidden="true">
                <div className="cad-gantt__label">{grouped && showChannels ? 'Channel' : 'Campaign'}</div>
                <div className="cad-gantt__track">
                  <GanttClosedDays range={span} closedOf={closedOf} weekends={range === 'month'} />
                  {gridlines.map((g) => (
                    <span key={g.ymd} className="cad-gantt__month" style={{ left: `${g.leftPercent}%` }}>{g.label}</span>
                  ))}
                </div>
              </div>
            }
          />
        </div>
      )}
      <ClosedDaysNote range={span} closedOf={closedOf} />
      <p className="cad-sr-only" role="status" aria-live="polite">{mover.announcement}</p>
      <p className="cad-sr-only" role="status" aria-live="polite">{taskMover.announcement}</p>
      <p className="cad-hint">Single-channel campaigns show their channel colour; multi-channel campaigns show light blue.</p>
      <MoveAnywayDialog mover={mover} />
      {editor.dialog}
    </section>
    {printout.printing && GanttPrint && (
      <GanttPrint
        title={`${props.printTitle ? `${props.printTitle} — ` : ''}${title}, ${span.label}`}
        filter={{ ...props.filter, ...(props.channel ? { channel: props.channel } : {}) }}
        bars={allBars}
        grouped={grouped && showChannels}
        gridlines={gridlines}
        now={now()}
        by={props.printedBy === undefined ? session.email : props.printedBy}
        comparison={printedComparison}
      />
    )}
    </>
  );
}

/** Planning or live bars over a month, quarter or year (docs/product.md#gantt). */
export function Gantt(props: GanttProps): ReactNode {
  return (
    <WidgetRoot name="Gantt" client={props.client} className={props.className}>
      <WidgetStyles css={`${ganttCss}\n${printCss}`} />
      <GanttBody {...props} />
    </WidgetRoot>
  );
}
