import { barColor, formatYmd, type Campaign, type GanttBar, type ScheduleView } from '@cadence/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import type { AnyCampaign, CampaignRights } from '../provider/permissions';

export interface GanttRow {
  key: string;
  label: ReactNode;
  bars: Array<GanttBar<AnyCampaign>>;
}

/** Rows beyond this count are virtualized. */
export const VIRTUALIZE_ABOVE = 60;
const ROW_PX = 48;
const LANE_PX = 30;
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

function Row({ row, props, style }: { row: GanttRow; props: GanttRowsProps; style?: CSSProperties }) {
  return (
    <div role="listitem" className="cad-gantt__row" style={{ height: rowHeight(row), ...style }}>
      <div className="cad-gantt__label">{row.label}</div>
      <div className="cad-gantt__track">
        {props.gridlines.map((g) => (
          <span key={g.ymd} className="cad-gantt__gridline" style={{ left: `${g.leftPercent}%` }} aria-hidden="true" />
        ))}
        {row.bars.map((bar, lane) => (
          <Bar key={bar.campaign.id} bar={bar} lane={lane} view={props.view} editable={props.rights(bar.campaign).edit} onEdit={props.onEdit} />
        ))}
      </div>
    </div>
  );
}

/** The Gantt body: plain rows, or virtualized ones when there are many. */
export function GanttRows(props: GanttRowsProps): ReactNode {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = props.rows.length > VIRTUALIZE_ABOVE;
  const v = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (props.rows[i] ? rowHeight(props.rows[i]) : ROW_PX),
    overscan: 8,
    enabled: virtual,
  });
  if (!virtual) {
    return (
      <div role="list" aria-label="Campaigns" className="cad-gantt__scroller">
        {props.rows.map((row) => <Row key={row.key} row={row} props={props} />)}
      </div>
    );
  }
  return (
    <div ref={scroller} role="list" aria-label="Campaigns" className="cad-gantt__scroller" style={{ height: 576 }}>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v.getVirtualItems().map((item) => {
          const row = props.rows[item.index];
          return row ? (
            <Row key={row.key} row={row} props={props} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }} />
          ) : null;
        })}
      </div>
    </div>
  );
}
