import { addDays, addWeeks, endOfWeek, startOfWeek, type Ymd } from '@cadence/core';

const STEPS: Record<string, (day: Ymd) => Ymd> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addWeeks(d, -1),
  ArrowDown: (d) => addWeeks(d, 1),
  Home: startOfWeek,
  End: endOfWeek,
};

/**
 * The day an arrow key (or Home/End: start/end of the week) moves to, or null when the key
 * is not a move. `first`/`last` are the grid's first and last days; moves stop at the edges.
 */
export function moveDay(day: Ymd, key: string, first: Ymd, last: Ymd): Ymd | null {
  const step = STEPS[key];
  if (!step) return null;
  const next = step(day);
  return next < first || next > last ? day : next;
}
