import { cellOverflow, formatYmd, barColor, barSpan, campaignCountLabel, daysBetween, truncateTitle, type CalendarMode, type Campaign, type Ymd } from '@cadence/core';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { ghostDay, previewed, type Move } from '../move/move-state';
import { beginPointerGesture, elementAt } from '../move/pointer';
import type { MoveController } from '../move/use-move';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import { moveDay } from './grid-keys';

/** Monday first (docs/product.md#calendar). */
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
  /** Whether a chip opens the editor (the user may update the campaign). */
  canEdit: (c: AnyCampaign) => boolean;
  /** Drag and keyboard moves; chips of campaigns it says are movable can be picked up. */
  mover: MoveController;
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
  const { mover } = props;
  const move = mover.move;
  const target = move ? ghostDay(move) : null;
  // After a keyboard drop the chip is drawn in other cells: focus follows it there.
  const refocus = useRef<{ id: string; day: Ymd } | null>(null);
  const carried = useRef<Move | null>(null);

  useEffect(() => {
    if (keyboard.current) cells.current.get(focused)?.focus();
    keyboard.current = false;
  }, [focused]);

  useEffect(() => {
    const before = carried.current;
    carried.current = move;
    if (before && !move && before.via === 'keyboard') {
      const day = ghostDay(before);
      if (day && day >= first && day <= last) {
        refocus.current = { id: before.campaign.id, day };
        onFocusDay(day);
      }
    }
  }, [move, first, last, onFocusDay]);

  useEffect(() => {
    const want = refocus.current;
    if (!want) return;
    const chip = cells.current.get(want.day)?.querySelector<HTMLElement>(`[data-campaign="${want.id}"]`);
    if (chip) {
      refocus.current = null;
      chip.focus();
    }
  });

  /** Pointer drags of a chip picked up from `day`: the ghost follows the day cell under the pointer. */
  const dragFrom = (c: Campaign, day: Ymd, chip: HTMLElement) => {
    const dayUnder = (x: number, y: number): Ymd | null => {
      const cell = elementAt(chip, x, y)?.closest<HTMLElement>('[data-day]');
      const d = cell?.dataset.day;
      return d && cells.current.get(d) === cell ? d : null;
    };
    return {
      start: () => mover.pickUp(c, 'pointer', day),
      move: (x: number, y: number) => {
        const over = dayUnder(x, y);
        mover.point('move', over ? daysBetween(day, over) : 0);
      },
      drop: (x: number, y: number) => {
        const over = dayUnder(x, y);
        if (!over) return mover.cancel(); // dropped outside the grid
        mover.point('move', daysBetween(day, over));
        mover.drop();
      },
      cancel: () => mover.cancel(),
    };
  };

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
            const classes = [
              'cad-day', day === today && 'cad-day--today', outside && 'cad-day--outside', list.length > 0 && 'cad-day--busy',
              day === target && 'cad-day--drop-target',
            ];
            return (
              <div
                key={day}
                data-day={day}
                role="gridcell"
                ref={(el) => void (el ? cells.current.set(day, el) : cells.current.delete(day))}
                tabIndex={day === focused ? 0 : -1}
                aria-current={day === today ? 'date' : undefined}
                className={classes.filter(Boolean).join(' ')}
                onClick={() => {
                  onFocusDay(day);
                  if (list.length > 0) onOpenDay(day);
                }}
                onKeyDown={(e) => onKeyDown(e, day)}
              >
                {/* The cell is named by its content: the full date and count, then its campaigns' titles. */}
                <span className="cad-sr-only">{`${formatYmd(day, 'EEEE, MMMM d, yyyy')}, ${campaignCountLabel(list.length)}`}</span>
                <span className="cad-day__number" aria-hidden="true">{Number(day.slice(8))}</span>
                {visible.map((c) => {
                  const movable = mover.movable(c);
                  return (
                    <Chip
                      key={c.id}
                      campaign={c}
                      mode={mode}
                      editable={props.canEdit(c)}
                      tabbable={day === focused}
                      carried={move?.campaign.id === c.id}
                      onEdit={props.onEdit}
                      {...(movable
                        ? {
                            onPointerDown: (e) => beginPointerGesture(e, dragFrom(c, day, e.currentTarget)),
                            onMoveKey: (e) => mover.onKeyDown(e, c, day),
                          }
                        : {})}
                    />
                  );
                })}
                {move && day === target && <Ghost move={move} mode={mode} />}
                {moreLabel && <span className="cad-day__more">{moreLabel}</span>}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

interface ChipProps {
  campaign: AnyCampaign;
  mode: CalendarMode;
  editable: boolean;
  /** In the focused day cell: reachable with Tab from it. */
  tabbable: boolean;
  /** Being moved: drawn faded where it was. */
  carried: boolean;
  onEdit: (c: Campaign) => void;
  /** Present when the chip can be picked up. */
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onMoveKey?: (e: KeyboardEvent) => boolean;
}

function Chip({ campaign: c, mode, editable, tabbable, carried, onEdit, onPointerDown, onMoveKey }: ChipProps) {
  const style = { borderLeftColor: barColor(c.channels) };
  const text = truncateTitle(c.title, mode);
  if (isVirtual(c) || !editable) {
    return <span className="cad-chip cad-chip--static" style={style} title={c.title}>{text}</span>;
  }
  const classes = ['cad-chip', onPointerDown && 'cad-chip--movable', carried && 'cad-chip--carried'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      data-campaign={c.id}
      className={classes}
      style={style}
      title={c.title}
      aria-label={c.title}
      aria-description={onPointerDown ? 'Press Enter to edit, Space to pick up and move' : undefined}
      onPointerDown={onPointerDown}
      onKeyDown={(e) => void onMoveKey?.(e)}
      // A button clicks on Space's keyup; Space belongs to moving here.
      onKeyUp={(e) => onMoveKey && e.key === ' ' && e.preventDefault()}
      onClick={(e) => {
        e.stopPropagation();
        onEdit(c);
      }}
    >
      {text}
    </button>
  );
}

/** Where the carried campaign would land: its title and new dates, in the target cell. */
function Ghost({ move, mode }: { move: Move; mode: CalendarMode }) {
  const c = previewed(move);
  const span = barSpan(c, move.view);
  // Drawn with generated content: the live region says where it would land, and the cell's name stays its own.
  return (
    <span
      className="cad-chip cad-chip--ghost"
      style={{ borderLeftColor: barColor(c.channels) }}
      data-title={truncateTitle(c.title, mode)}
      data-dates={`${formatYmd(span.start, 'MMM dd')} – ${formatYmd(span.end, 'MMM dd')}`}
      aria-hidden="true"
    />
  );
}
