import { daysBetween, weekdayNames, type CalendarMode, type Campaign, type ComparedCampaign, type RuleViolation, type Ymd } from '@cadence/core';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ghostDay, type Move } from '../move/move-state';
import { beginPointerGesture, elementAt } from '../move/pointer';
import type { MoveController } from '../move/use-move';
import type { AnyCampaign } from '../provider/permissions';
import { DayCell, type CellHandlers } from './DayCell';
import { useClosedDays } from '../provider/working-calendar';
import { moveDay } from './grid-keys';

const EMPTY: readonly AnyCampaign[] = [];

/** 'Mon' … 'Sun': core's date locale names the days and starts the week on Monday (docs/product.md#calendar). */
export const WEEKDAY_HEADERS: readonly string[] = /* @__PURE__ */ weekdayNames();

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
  /** The phone layout: dots instead of chips, and a tap selects the day for the agenda instead of opening it. */
  compact?: boolean;
  /** While comparing with a baseline (docs/adr/0063): by day, the moved or removed campaigns that went live there then. */
  thenByDay?: ReadonlyMap<Ymd, readonly ComparedCampaign[]>;
  /** While comparing: the campaigns added since the baseline (their chips say so). */
  added?: ReadonlySet<string>;
  /** Each campaign's planning-rule violations, for the badges on chips. */
  conflicts?: ReadonlyMap<string, readonly RuleViolation[]>;
}

/** An ARIA grid of days: arrow keys move, Enter or Space opens a day that has campaigns. */
export function CalendarGrid(props: CalendarGridProps): ReactNode {
  const { weeks, buckets, mode, month, today, onFocusDay } = props;
  const first = weeks[0]?.[0] ?? props.focused;
  const last = weeks.at(-1)?.at(-1) ?? props.focused;
  const closedOf = useClosedDays(first, last);
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

  // Parent callbacks through refs, so the handlers below never change and cells stay memoised.
  const latest = useRef(props);
  latest.current = props;
  const bounds = useRef({ first, last });
  bounds.current = { first, last };

  const handlers = useMemo<CellHandlers>(() => {
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
    return {
      register: (day, el) => void (el ? cells.current.set(day, el) : cells.current.delete(day)),
      click: (day, busy) => {
        latest.current.onFocusDay(day);
        if (busy && !latest.current.compact) latest.current.onOpenDay(day);
      },
      keyDown: (e, day) => {
        if (e.target !== e.currentTarget) return;
        if ((e.key === 'Enter' || e.key === ' ') && (latest.current.buckets.get(day)?.length ?? 0) > 0) {
          e.preventDefault();
          latest.current.onOpenDay(day);
          return;
        }
        const next = moveDay(day, e.key, bounds.current.first, bounds.current.last);
        if (next) {
          e.preventDefault();
          keyboard.current = true;
          latest.current.onFocusDay(next);
        }
      },
      edit: (c) => latest.current.onEdit(c),
      canEdit: (c) => latest.current.canEdit(c),
      movable: (c): c is Campaign => mover.movable(c),
      chipPointerDown: (e, c, day) => beginPointerGesture(e, dragFrom(c, day, e.currentTarget)),
      chipKeyDown: (e, c, day) => mover.onKeyDown(e, c, day),
    };
    // The mover's functions are stable; a change of rights (canEdit/movable) renders every cell.
  }, [mover.movable, mover.pickUp, mover.point, mover.drop, mover.cancel, mover.onKeyDown, props.canEdit]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div role="grid" aria-labelledby={props.labelledBy} className={`cad-grid cad-grid--${mode}${props.compact ? ' cad-grid--compact' : ''}`}>
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
            const list = buckets.get(day) ?? EMPTY;
            return (
              <DayCell
                key={day}
                day={day}
                list={list}
                mode={mode}
                outside={mode === 'month' && !day.startsWith(month)}
                today={day === today}
                focused={day === focused}
                ghost={move && day === target ? move : null}
                verdict={move && day === target ? mover.verdict : null}
                {...(props.conflicts ? { conflicts: props.conflicts } : {})}
                carriedId={move && list.some((c) => c.id === move.campaign.id) ? move.campaign.id : null}
                compact={props.compact ?? false}
                closed={closedOf(day)}
                then={props.thenByDay?.get(day)}
                {...(props.added ? { added: props.added } : {})}
                handlers={handlers}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

