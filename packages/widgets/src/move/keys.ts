import type { MoveKind } from '@cadence/core';

/** What a key does to a picked-up campaign. */
export type MoveKey =
  | { type: 'pick-up' }
  | { type: 'drop' }
  | { type: 'cancel' }
  | { type: 'step'; kind: MoveKind; days: number };

/**
 * The keys, the same in the calendar and the Gantt: Space picks up and drops, Escape cancels,
 * ArrowLeft/Right move a day (ArrowUp/Down a week in the calendar), Shift+ArrowLeft/Right
 * resize the end edge, and on the Gantt Alt+Shift+ArrowLeft/Right resize the start edge.
 */
export function moveKey(e: { key: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }, carrying: boolean, surface: 'calendar' | 'gantt'): MoveKey | null {
  if (e.ctrlKey || e.metaKey) return null;
  if (e.key === ' ' || e.key === 'Spacebar') return carrying ? { type: 'drop' } : { type: 'pick-up' };
  if (!carrying) return null;
  if (e.key === 'Escape') return { type: 'cancel' };
  const horizontal = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
  if (horizontal) {
    if (e.shiftKey && e.altKey && surface === 'gantt') return { type: 'step', kind: 'resize-start', days: horizontal };
    if (e.shiftKey && !e.altKey) return { type: 'step', kind: 'resize-end', days: horizontal };
    if (!e.shiftKey && !e.altKey) return { type: 'step', kind: 'move', days: horizontal };
    return null;
  }
  if (surface === 'calendar' && !e.shiftKey && !e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
    return { type: 'step', kind: 'move', days: e.key === 'ArrowUp' ? -7 : 7 };
  }
  return null;
}
