import { cellOverflow, formatYmd, barColor, campaignCountLabel, truncateTitle, type CalendarMode, type Campaign, type Ymd } from '@cadence/core';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { isVirtual, type AnyCampaign, type CampaignRights } from '../provider/permissions';
import { moveDay } from './grid-keys';

/** Monday first (spec §2). */
export const WEEKDAY_HEADERS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface CalendarGridProps {
  weeks: Ymd[][];
  buckets: Map<Ymd, AnyCampaign[]>;
  mode: CalendarMode;
  /** 'YYYY-MM' of the month shown; other days are dimmed (month view). */
  month: string;
  today: Ymd;
  labelledBy: string;
  focused: Ymd;
  onFocusDay: (day: Ymd) => void;
  onOpenDay: (day: Ymd) => void;
  onEdit: (c: Campaign) => void;
  rights: (c: AnyCampaign) => CampaignRights;
}

/** An ARIA grid of days: arrow keys move, Enter or Space opens a day that has campaigns. */
export function CalendarGrid(props: CalendarGridProps): ReactNode {
  const { weeks, buckets, mode, month, today, onFocusDay, onOpenDay } = props;
  const first = weeks[0]?.[0] ?? props.focused;
  const last = weeks.at(-1)?.at(-1) ?? props.focused;
  // The roving tab stop stays inside the grid whatever was focused before a change of range.
  const focused = props.focused >= first && props.focused <= last ? props.focused : first;
  const cells = useRef(new Map<Ymd, HTMLElement>());
  const keyboard = useRef(false);

  useEffect(() => {
    if (keyboard.current) cells.current.get(focused)?.focus();
    keyboard.current = false;
  }, [focused]);

  const onKeyDown = (e: KeyboardEvent, day: Ymd) => {
    if (e.target !== e.currentTarget) return;
    if ((e.key === 'Enter' || e.key === ' ') && (buckets.get(day)?.length ?? 0) > 0) {
      e.preventDefault();
      onOpenDay(day);
      return;
    }
    const next = moveDay(day, e.key, first, last);
    if (next) {
      e.preventDefault();
      keyboard.current = true;
      onFocusDay(next);
    }
  };

  return (
    <div role="grid" aria-labelledby={props.labelledBy} className={`cad-grid cad-grid--${mode}`}>
      <div role="row" className="cad-grid__row cad-grid__head">
        {WEEKDAY_HEADERS.map((d) => (
          <div key={d} role="columnheader" className="cad-grid__columnheader">
            {d}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0]} className="cad-grid__row">
          {week.map((day) => {
            const list = buckets.get(day) ?? [];
            const { visible, moreLabel } = cellOverflow(list, mode);
            const outside = mode === 'month' && !day.startsWith(month);
            const classes = ['cad-day', day === today && 'cad-day--today', outside && 'cad-day--outside', list.length > 0 && 'cad-day--busy'];
            return (
              <div
                key={day}
                role="gridcell"
                ref={(el) => void (el ? cells.current.set(day, el) : cells.current.delete(day))}
                tabIndex={day === focused ? 0 : -1}
                aria-current={day === today ? 'date' : undefined}
                aria-label={`${formatYmd(day, 'EEEE, MMMM d, yyyy')}, ${campaignCountLabel(list.length)}`}
                className={classes.filter(Boolean).join(' ')}
                onClick={() => {
                  onFocusDay(day);
                  if (list.length > 0) onOpenDay(day);
                }}
                onKeyDown={(e) => onKeyDown(e, day)}
              >
                <span className="cad-day__number" aria-hidden="true">{Number(day.slice(8))}</span>
                {visible.map((c) => (
                  <Chip key={c.id} campaign={c} mode={mode} editable={props.rights(c).edit} onEdit={props.onEdit} />
                ))}
                {moreLabel && <span className="cad-day__more">{moreLabel}</span>}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function Chip({ campaign: c, mode, editable, onEdit }: { campaign: AnyCampaign; mode: CalendarMode; editable: boolean; onEdit: (c: Campaign) => void }) {
  const style = { borderLeftColor: barColor(c.channels) };
  const text = truncateTitle(c.title, mode);
  if (isVirtual(c) || !editable) {
    return <span className="cad-chip cad-chip--static" style={style} title={c.title}>{text}</span>;
  }
  return (
    <button
      type="button"
      tabIndex={-1}
      className="cad-chip"
      style={style}
      title={c.title}
      onClick={(e) => {
        e.stopPropagation();
        onEdit(c);
      }}
    >
      {text}
    </button>
  );
}
