import { barColor, barColors, barGeometry, barSpan, changeLabel, daysBetween, formatYmd, todayYmd, type Campaign, type ComparedCampaign, type GanttBar, type MoveKind, type ScheduleView, type Ymd, type YmdSpan } from '@cadence/core';
import { memo, useMemo, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { previewed, type Move } from '../move/move-state';
import { conflictText, verdictSentence, type Verdict } from '../move/verdict';
import type { RuleViolation } from '@cadence/core';
import { beginPointerGesture, elementAt } from '../move/pointer';
import type { MoveController } from '../move/use-move';
import { useCadence } from '../provider/context';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import { summaryOf, taskProgressText, TaskProgress } from '../tasks/task-progress';
import { approvalOf, CampaignApproval } from '../approvals/campaign-approval';
import { useRowWindow } from '../ui/row-window';
import { useScrollToToday } from './scroll-to-today';
import { GanttTaskRows, TASK_ROW_PX, type TaskMover } from './GanttTasks';
import { ChevronRight, ICON_SIZE, TriangleAlert } from '../ui/icons';

export interface GanttRow {
  key: string;
  label: ReactNode;
  bars: Array<GanttBar<AnyCampaign>>;
  /** A campaign's own row (not a channel group) whose tasks can be shown beneath it. */
  campaign?: Campaign;
  /** While comparing with a baseline (docs/adr/0063): the campaign then and now; a moved or removed one draws its ghost. */
  compared?: ComparedCampaign;
}

/** The plan at the baseline, outlined beneath today's bar (or alone, for a removed campaign), named in words. */
function Ghost({ compared, view, range, alone }: { compared: ComparedCampaign; view: ScheduleView; range: YmdSpan; alone: boolean }) {
  if (!compared.then || (compared.change !== 'moved' && compared.change !== 'removed')) return null;
  const span = barSpan(compared.then, view);
  const geometry = barGeometry(span, range);
  if (!geometry) return null;
  const label = `${compared.title} at the baseline: ${formatYmd(span.start, 'MMM dd, yyyy')} – ${formatYmd(span.end, 'MMM dd, yyyy')}. ${changeLabel(compared)}`;
  return (
    <span
      className={alone ? 'cad-gantt__ghost cad-gantt__ghost--alone' : 'cad-gantt__ghost'}
      role="img"
      aria-label={label}
      title={label}
      data-ghost={compared.id}
      style={{ left: `${geometry.leftPercent}%`, width: `${geometry.widthPercent}%`, top: alone ? 12 : 38 }}
    />
  );
}

/** How many task sub-rows an expanded row shows: its summary's count (at least one line, for "No tasks"). */
const taskLines = (row: GanttRow) => Math.max(1, row.campaign?.task_summary?.total ?? 0);

/** Rows beyond this count are virtualized. */
export const VIRTUALIZE_ABOVE = 60;
/** Rows drawn beyond each edge of the viewport: enough for a wheel step, few enough that a long jump stays cheap. */
const OVERSCAN = 4;
const BAR_PX = 24;

/** A row's geometry: the lowest row height, a lane's (bar and gap), and the room above the first bar. */
export interface RowMetrics {
  row: number;
  lane: number;
  pad: number;
}
/**
 * Compact on a wide chart, so twelve rows are above the fold on a 1280×800 laptop
 * (docs/adr/0065); roomy on a narrow one, where bars are picked up with a finger.
 */
export const WIDE_ROWS: RowMetrics = { row: 32, lane: 28, pad: 4 };
export const NARROW_ROWS: RowMetrics = { row: 48, lane: 30, pad: 12 };
export const rowHeight = (row: GanttRow, m: RowMetrics = WIDE_ROWS) => Math.max(m.row, m.pad * 2 + row.bars.length * m.lane - (m.lane - BAR_PX));


export interface GanttRowsProps {
  rows: GanttRow[];
  view: ScheduleView;
  /** The range shown: a bar being moved is drawn from its new dates over it. */
  range: YmdSpan;
  gridlines: ReadonlyArray<{ ymd: string; leftPercent: number }>;
  /** Whether a bar opens the editor (the user may update the campaign). */
  canEdit: (c: AnyCampaign) => boolean;
  onEdit: (c: Campaign) => void;
  mover: MoveController;
  /** The month header: inside the scroller, sticky, so it scrolls sideways with the bars on a phone. */
  head?: ReactNode;
  /** Today, and whether the chart is in its phone layout: a narrow chart opens scrolled to today. */
  today: Ymd;
  narrow: boolean;
  /** The campaign rows whose tasks are shown, and how a row's disclosure button toggles them. */
  expanded?: ReadonlySet<string>;
  onToggleTasks?: (campaignId: string) => void;
  taskMover?: TaskMover;
  /** Each campaign's planning-rule violations (docs/adr/0065): a badge on its bar. */
  conflicts?: ReadonlyMap<string, readonly RuleViolation[]>;
}

/** What a bar needs to be dragged, resized and moved by keyboard; stable across a drag, so rows stay memoised. */
interface BarMoves {
  movable: (c: AnyCampaign) => c is Campaign;
  onPointerDown: (e: PointerEvent<HTMLElement>, c: Campaign, kind: MoveKind) => void;
  onKeyDown: (e: KeyboardEvent, c: AnyCampaign) => boolean;
}

interface BarProps {
  bar: GanttBar<AnyCampaign>;
  lane: number;
  view: ScheduleView;
  range: YmdSpan;
  editable: boolean;
  move: Move | undefined;
  moves: BarMoves;
  onEdit: (c: Campaign) => void;
  metrics: RowMetrics;
  /** What the planning rules say of where the carried bar would land. */
  verdict: Verdict | null;
  /** The planning rules the campaign breaks where it is, in words. */
  conflict: string | undefined;
}

function Bar({ bar, lane, view, range, editable, move, moves, onEdit, metrics, verdict, conflict }: BarProps) {
  const carried = move?.campaign.id === bar.campaign.id ? move : undefined;
  const c = carried ? previewed(carried) : bar.campaign;
  const span = carried ? barSpan(c, view) : bar.span;
  const geometry = (carried && barGeometry(span, range)) || bar;
  const top = metrics.pad + lane * metrics.lane;
  const style: CSSProperties = { left: `${geometry.leftPercent}%`, width: `${geometry.widthPercent}%`, top, ...barColors(barColor(c.channels)) };
  const { now } = useCadence();
  const summary = summaryOf(c);
  const tasks = summary ? `, ${taskProgressText(summary, todayYmd(now()))}` : '';
  const approval = approvalOf(c);
  const label = `${c.title}: ${formatYmd(span.start, 'MMM dd, yyyy')} – ${formatYmd(span.end, 'MMM dd, yyyy')}${tasks}${approval ? `, ${approval.name}` : ''}${conflict ? `, conflict: ${conflict}` : ''}`;
  const movable = !isVirtual(c) && moves.movable(c) ? c : null;
  const handle = (kind: MoveKind, side: 'left' | 'right') =>
    movable && (
      <span
        className="cad-gantt__handle"
        style={{ [side]: 0 }}
        aria-hidden="true"
        onPointerDown={(e) => {
          e.stopPropagation();
          moves.onPointerDown(e, movable, kind);
        }}
      />
    );
  return (
    <>
      {editable && !isVirtual(c) ? (
        <button
          type="button"
          className={['cad-gantt__bar', movable && 'cad-gantt__bar--movable', carried && 'cad-gantt__bar--carried'].filter(Boolean).join(' ')}
          style={style}
          aria-label={`Edit ${label}`}
          aria-description={movable ? 'Press Enter to edit, Space to pick up and move' : undefined}
          title={label}
          data-campaign={c.id}
          onClick={() => onEdit(bar.campaign as Campaign)}
          onPointerDown={movable ? (e) => moves.onPointerDown(e, movable, 'move') : undefined}
          onKeyDown={(e) => void moves.onKeyDown(e, bar.campaign)}
          onKeyUp={(e) => movable && e.key === ' ' && e.preventDefault()}
        >
          {handle('resize-start', 'left')}
          {conflict && <TriangleAlert size={11} aria-hidden="true" className="cad-gantt__conflict" />}
          {c.title}
          {summary && <TaskProgress campaign={c} compact drawnOnly />}
          {approval && <CampaignApproval campaign={c} drawnOnly />}
          {handle('resize-end', 'right')}
        </button>
      ) : (
        <span className="cad-gantt__bar cad-gantt__bar--static" style={style} title={label}>
          <span className="cad-sr-only">{label}</span>
          {conflict && <TriangleAlert size={11} aria-hidden="true" className="cad-gantt__conflict" />}
          <span aria-hidden="true">{c.title}</span>
          {summary && <span aria-hidden="true"><TaskProgress campaign={c} compact /></span>}
          {approval && <CampaignApproval campaign={c} drawnOnly />}
        </span>
      )}
      {carried && (carried.via === 'pointer' || verdict) && (
        <span className={`cad-gantt__drag-label${verdict ? ` cad-gantt__drag-label--${verdict.blocked ? 'block' : 'warn'}` : ''}`} style={{ left: `${geometry.leftPercent}%`, top }} data-testid={verdict ? 'move-verdict' : undefined}>
          <span aria-hidden="true">{formatYmd(span.start, 'MMM dd')} – {formatYmd(span.end, 'MMM dd')}</span>
          {verdict && <span className="cad-gantt__verdict">{verdictSentence(verdict)}</span>}
        </span>
      )}
      {view === 'live' && !geometry.clippedStart && (
        <span className="cad-gantt__marker" data-testid="go-live-marker" style={{ left: `${geometry.leftPercent}%`, top: top + 7 }}
          title={`Go-live ${formatYmd(c.live_date, 'MMM dd, yyyy')}`} aria-hidden="true" />
      )}
    </>
  );
}

interface RowProps {
  row: GanttRow;
  view: ScheduleView;
  range: YmdSpan;
  canEdit: (c: AnyCampaign) => boolean;
  onEdit: (c: Campaign) => void;
  /** Only for the row holding the campaign being moved, so no other row renders during a drag. */
  move: Move | undefined;
  /** The planning rules' verdict, for that row only. */
  verdict?: Verdict | null;
  /** Each campaign's planning-rule violations, for the badges on bars. */
  conflicts?: ReadonlyMap<string, readonly RuleViolation[]> | undefined;
  moves: BarMoves;
  /** Offset in the virtual list, or undefined in the plain one. */
  top?: number;
  /** Shown with its tasks beneath (a campaign row only); the task mover only then. */
  expanded: boolean;
  onToggleTasks: ((campaignId: string) => void) | undefined;
  taskMover: TaskMover | undefined;
  today: Ymd;
  metrics: RowMetrics;
}

/**
 * One row: label and bars. Memoised on plain props, so a scroll step only renders the rows
 * that came into view; the month gridlines are drawn once for the whole body (below), not
 * once per row.
 */
const Row = memo(function Row({ row, view, range, canEdit, onEdit, move, verdict = null, conflicts, moves, top, expanded, onToggleTasks, taskMover, today, metrics }: RowProps) {
  const open = expanded && !!row.campaign && !!taskMover;
  const height = rowHeight(row, metrics) + (open ? taskLines(row) * TASK_ROW_PX : 0);
  const style: CSSProperties =
    top === undefined ? { height } : { height, position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` };
  const tasksId = `cad-gantt-tasks-${row.key}`;
  const c = row.campaign;
  const cells = (
    <>
      <div className="cad-gantt__label">
        {c && onToggleTasks && (c.task_summary?.total ?? 0) > 0 && (
          <button type="button" className="cad-icon-button cad-gantt__disclosure" aria-expanded={open} aria-controls={open ? tasksId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} ${c.task_summary!.total === 1 ? 'the task' : `the ${c.task_summary!.total} tasks`} of ${c.title}`} onClick={() => onToggleTasks(c.id)}>
            <ChevronRight size={ICON_SIZE} aria-hidden="true" style={open ? { transform: 'rotate(90deg)' } : undefined} />
          </button>
        )}
        {row.label}
      </div>
      <div className="cad-gantt__track">
        {row.compared && <Ghost compared={row.compared} view={view} range={range} alone={!row.bars.length} />}
        {row.bars.map((bar, lane) => (
          <Bar key={bar.campaign.id} bar={bar} lane={lane} view={view} range={range} editable={canEdit(bar.campaign)} move={move} moves={moves} onEdit={onEdit} metrics={metrics} verdict={move ? verdict : null} conflict={conflictText(conflicts?.get(bar.campaign.id))} />
        ))}
      </div>
    </>
  );
  if (!open) return <div role="listitem" className="cad-gantt__row" style={style}>{cells}</div>;
  return (
    <div role="listitem" className="cad-gantt__item" style={style}>
      <div className="cad-gantt__row" style={{ height: rowHeight(row, metrics) }}>{cells}</div>
      <GanttTaskRows campaign={c!} range={range} today={today} mover={taskMover!} id={tasksId} />
    </div>
  );
});

/** Where the track column starts: the label column of `.cad-gantt__row` is 14rem wide. */
// The name column's width, from the stylesheet (narrower on a phone).
const TRACK_LEFT = 'var(--cad-gantt-label, 14rem)';
const GRID_LAYER: CSSProperties = { position: 'absolute', top: 0, bottom: 0, left: TRACK_LEFT, right: 0, pointerEvents: 'none' };

/** The month gridlines over the whole height of the rows, behind the bars. */
function Gridlines({ gridlines }: { gridlines: GanttRowsProps['gridlines'] }) {
  return (
    <div style={GRID_LAYER} aria-hidden="true">
      {gridlines.map((g) => (
        <span key={g.ymd} className="cad-gantt__gridline" style={{ left: `${g.leftPercent}%` }} />
      ))}
    </div>
  );
}

/** The Gantt body: plain rows, or virtualized ones when there are many. */
export function GanttRows(props: GanttRowsProps): ReactNode {
  const { rows, view, range, canEdit, onEdit, mover } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const { expanded, onToggleTasks, taskMover } = props;
  const isOpen = (row: GanttRow) => !!row.campaign && !!expanded?.has(row.campaign.id);
  const metrics = props.narrow ? NARROW_ROWS : WIDE_ROWS;
  const heights = useMemo(() => rows.map((r) => rowHeight(r, metrics) + (isOpen(r) && taskMover ? taskLines(r) * TASK_ROW_PX : 0)), [rows, expanded, taskMover, metrics]); // eslint-disable-line react-hooks/exhaustive-deps
  const w = useRowWindow(scroller, heights, OVERSCAN, virtual);
  useScrollToToday(scroller, range, props.today, props.narrow);
  const { movable, pickUp, point, drop, cancel, onKeyDown } = mover;
  const moves = useMemo<BarMoves>(() => {
    const days = daysBetween(range.start, range.end) + 1;
    return {
      movable,
      onKeyDown,
      onPointerDown: (e, c, kind) => {
        const bar = e.currentTarget;
        const track = bar.closest('.cad-gantt__track') ?? bar;
        const x0 = e.clientX;
        const dayPx = track.getBoundingClientRect().width / days;
        const offset = (x: number) => Math.round((x - x0) / dayPx);
        beginPointerGesture(e, {
          start: () => pickUp(c, 'pointer'),
          move: (x) => point(kind, offset(x)),
          drop: (x, y) => {
            if (!elementAt(bar, x, y)?.closest('.cad-gantt')) return cancel(); // dropped outside the chart
            point(kind, offset(x));
            drop();
          },
          cancel,
        });
      },
    };
  }, [range.start, range.end, movable, pickUp, point, drop, cancel, onKeyDown]);
  const moving = mover.move?.campaign.id;
  // Only an expanded row gets the task mover (whose identity changes during a move), so the others stay memoised.
  const taskProps = (row: GanttRow) => ({ expanded: isOpen(row), onToggleTasks, taskMover: isOpen(row) ? taskMover : undefined, today: props.today, metrics, conflicts: props.conflicts });
  const moveFor = (row: GanttRow) => (moving && row.bars.some((b) => b.campaign.id === moving) ? mover.move ?? undefined : undefined);
  if (!virtual) {
    return (
      <div ref={scroller} role="list" aria-label="Campaigns" className="cad-gantt__scroller" tabIndex={0}>
        {props.head}
        <div className="cad-gantt__body" style={{ position: 'relative' }}>
          <Gridlines gridlines={props.gridlines} />
          {rows.map((row) => <Row key={row.key} {...taskProps(row)} row={row} view={view} range={range} canEdit={canEdit} onEdit={onEdit} move={moveFor(row)} verdict={moveFor(row) ? mover.verdict : null} moves={moves} />)}
        </div>
      </div>
    );
  }
  return (
    <div ref={scroller} role="list" aria-label="Campaigns" className="cad-gantt__scroller" tabIndex={0} style={{ height: 576 }}>
      {props.head}
      <div className="cad-gantt__body" style={{ height: w.offsets[rows.length], position: 'relative' }}>
        <Gridlines gridlines={props.gridlines} />
        {rows.slice(w.start, w.end).map((row, i) => (
          <Row key={row.key} {...taskProps(row)} row={row} view={view} range={range} canEdit={canEdit} onEdit={onEdit} move={moveFor(row)} verdict={moveFor(row) ? mover.verdict : null} moves={moves} top={w.offsets[w.start + i]} />
        ))}
      </div>
    </div>
  );
}
