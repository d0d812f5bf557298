import { barColor, formatYmd, type Campaign, type GanttBar, type ScheduleView } from '@cadence/core';
import { memo, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { AnyCampaign, CampaignRights } from '../provider/permissions';
import { useRowWindow } from './row-window';

export interface GanttRow {
  key: string;
  label: ReactNode;
  bars: Array<GanttBar<AnyCampaign>>;
}

/** Rows beyond this count are virtualized. */
export const VIRTUALIZE_ABOVE = 60;
const ROW_PX = 48;
const LANE_PX = 30;
/** Rows drawn beyond each edge of the viewport: enough for a wheel step, few enough that a long jump stays cheap. */
const OVERSCAN = 4;
export const rowHeight = (row: GanttRow) => Math.max(ROW_PX, row.bars.length * LANE_PX + 18);


export interface GanttRowsProps {
  rows: GanttRow[];
  view: ScheduleView;
  gridlines: ReadonlyArray<{ ymd: string; leftPercent: number }>;
  rights: (c: AnyCampaign) => CampaignRights;
  onEdit: (c: Campaign) => void;
}

function Bar({ bar, lane, view, editable, onEdit }: { bar: GanttBar<AnyCampaign>; lane: number; view: ScheduleView; editable: boolean; onEdit: (c: Campaign) => void }) {
  const c = bar.campaign;
  const top = 12 + lane * LANE_PX;
  const style: CSSProperties = { left: `${bar.leftPercent}%`, width: `${bar.widthPercent}%`, top, background: barColor(c.channels) };
  const label = `${c.title}: ${formatYmd(bar.span.start, 'MMM dd, yyyy')} – ${formatYmd(bar.span.end, 'MMM dd, yyyy')}`;
  return (
    <>
      {editable && !('virtual' in c) ? (
        <button type="button" className="cad-gantt__bar" style={style} aria-label={`Edit ${label}`} title={label} onClick={() => onEdit(c)}>
          {c.title}
        </button>
      ) : (
        <span className="cad-gantt__bar cad-gantt__bar--static" style={style} title={label}>
          <span className="cad-sr-only">{label}</span>
          <span aria-hidden="true">{c.title}</span>
        </span>
      )}
      {view === 'live' && !bar.clippedStart && (
        <span className="cad-gantt__marker" data-testid="go-live-marker" style={{ left: `${bar.leftPercent}%`, top: top + 7 }}
          title={`Go-live ${formatYmd(c.live_date, 'MMM dd, yyyy')}`} aria-hidden="true" />
      )}
    </>
  );
}

interface RowProps {
  row: GanttRow;
  view: ScheduleView;
  rights: (c: AnyCampaign) => CampaignRights;
  onEdit: (c: Campaign) => void;
  /** Offset in the virtual list, or undefined in the plain one. */
  top?: number;
}

/**
 * One row: label and bars. Memoised on plain props, so a scroll step only renders the rows
 * that came into view; the month gridlines are drawn once for the whole body (below), not
 * once per row.
 */
const Row = memo(function Row({ row, view, rights, onEdit, top }: RowProps) {
  const style: CSSProperties =
    top === undefined
      ? { height: rowHeight(row) }
      : { height: rowHeight(row), position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` };
  return (
    <div role="listitem" className="cad-gantt__row" style={style}>
      <div className="cad-gantt__label">{row.label}</div>
      <div className="cad-gantt__track">
        {row.bars.map((bar, lane) => (
          <Bar key={bar.campaign.id} bar={bar} lane={lane} view={view} editable={rights(bar.campaign).edit} onEdit={onEdit} />
        ))}
      </div>
    </div>
  );
});

/** Where the track column starts: the label column of `.cad-gantt__row` is 14rem wide. */
const TRACK_LEFT = '14rem';
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
  const { rows, view, rights, onEdit } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const heights = useMemo(() => rows.map(rowHeight), [rows]);
  const w = useRowWindow(scroller, heights, OVERSCAN, virtual);
  if (!virtual) {
    return (
      <div role="list" aria-label="Campaigns" className="cad-gantt__scroller">
        <div style={{ position: 'relative' }}>
          <Gridlines gridlines={props.gridlines} />
          {rows.map((row) => <Row key={row.key} row={row} view={view} rights={rights} onEdit={onEdit} />)}
        </div>
      </div>
    );
  }
  return (
    <div ref={scroller} role="list" aria-label="Campaigns" className="cad-gantt__scroller" style={{ height: 576 }}>
      <div style={{ height: w.offsets[rows.length], position: 'relative' }}>
        <Gridlines gridlines={props.gridlines} />
        {rows.slice(w.start, w.end).map((row, i) => (
          <Row key={row.key} row={row} view={view} rights={rights} onEdit={onEdit} top={w.offsets[w.start + i]} />
        ))}
      </div>
    </div>
  );
}
