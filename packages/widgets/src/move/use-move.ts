import {
  undoDueDates,
  type ReplanReport,
  changedDates,
  describeDates,
  formatYmd,
  isConflict,
  movedMessage,
  movedToDate,
  type Campaign,
  type CampaignDates,
  type MoveKind,
  type ScheduleView,
  type Ymd,
} from '@cadence/core';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useCampaignActions, type CampaignActions } from '../provider/campaign-actions';
import { useCadence } from '../provider/context';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import { TOASTS } from '../messages';
import { describeOtherChanges } from './conflict-text';
import { moveKey } from './keys';
import { hasMoved, pointMove, startMove, stepMove, type Move } from './move-state';
import { forgetMove, rememberMove } from './undo';

export interface MoveController {
  move: Move | null;
  /** The polite live region's text: each step of a keyboard move, and the result. */
  announcement: string;
  /** Whether this campaign may be picked up here (the user may update it; not virtual; moving is on). */
  movable(c: AnyCampaign): c is Campaign;
  pickUp(c: Campaign, via: Move['via'], fromDay?: Ymd | null): void;
  /** Pointer: the campaign is `days` away from where it was picked up. */
  point(kind: MoveKind, days: number): void;
  drop(): void;
  cancel(): void;
  /** Space, arrows and Escape on a chip or bar; true when the key was used. */
  onKeyDown(e: KeyboardEvent, c: AnyCampaign, fromDay?: Ymd | null): boolean;
}

const HELP = {
  calendar: 'Arrow keys move it a day, Up and Down a week, Shift with Left or Right changes its end, Space drops it, Escape cancels.',
  gantt: 'Left and Right move it a day, Shift with Left or Right changes its end, Alt and Shift with Left or Right its start, Space drops it, Escape cancels.',
} as const;

const day = (ymd: string) => formatYmd(ymd, 'MMM dd');

/** Saves a move as one If-Match PATCH of the changed dates, with Undo in its toast and on Ctrl/Cmd+Z. */
function useSaveMove(actions: CampaignActions, announce: (text: string) => void) {
  const { toast } = useCadence();
  const refused = useCallback(
    (mine: Campaign, error: unknown) => {
      if (!isConflict(error)) return; // other failures got the spec's 'Error updating campaign' toast
      const current = error.current as Campaign | undefined;
      const what = current ? describeOtherChanges(mine, current) : 'Reload to see the current version.';
      toast({ title: 'Not moved: someone else changed this campaign', description: what, variant: 'destructive' });
      announce(`Not moved: someone else changed ${mine.title}. ${what}`);
    },
    [toast, announce],
  );

  return useCallback(
    async (m: Move) => {
      const { campaign: c } = m;
      // A new go-live re-plans the campaign's open tasks (docs/adr/0053); Undo puts each back on its exact date.
      let replanned: ReplanReport | null = null;
      const send = async (from: Campaign, to: CampaignDates, description: string, action?: { label: string; onSelect: () => void }, taskDates?: Record<string, string>) =>
        actions.update(from, { ...changedDates(from, to), ...(taskDates ? { task_due_dates: taskDates } : {}) }, {
          onConflict: 'throw',
          success: { ...TOASTS.updated, description, ...(action ? { action } : {}) },
          onReplan: (report) => void (replanned ??= report),
        });
      try {
        const saved = await send(c, m.dates, movedMessage(c.title, movedToDate(m.dates, m.view, m.kind)), { label: 'Undo', onSelect: () => undo() });
        announce(`Saved. ${describeDates(c.title, m.dates, m.view)}`);
        let done = false;
        const undo = () => {
          if (done) return;
          done = true;
          forgetMove(undo);
          const back = replanned?.moved.length ? undoDueDates(replanned) : undefined;
          send(saved, m.origin, `"${c.title}" moved back to ${day(movedToDate(m.origin, m.view, m.kind))}`, undefined, back)
            .then(() => announce(`Move undone. ${describeDates(c.title, m.origin, m.view)}`))
            .catch((e) => refused(saved, e));
        };
        rememberMove(undo);
      } catch (error) {
        refused(c, error);
        if (!isConflict(error)) announce(`Not moved: ${c.title} could not be saved.`);
      }
    },
    [actions, announce, refused],
  );
}

/** Picking up, moving, dropping and cancelling a campaign by pointer or keyboard, for one calendar or Gantt. */
export function useMoveController(options: {
  view: ScheduleView;
  surface: 'calendar' | 'gantt';
  /** The widget's `editable` prop and the user's right to update each campaign. */
  mayUpdate: (c: AnyCampaign) => boolean;
}): MoveController {
  const { view, surface, mayUpdate } = options;
  const actions = useCampaignActions();
  const [move, setMove] = useState<Move | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const current = useRef<Move | null>(null);
  current.current = move;
  const save = useSaveMove(actions, setAnnouncement);

  // A change of view (planning/live) ends any move in progress.
  useEffect(() => setMove(null), [view]);

  const movable = useCallback((c: AnyCampaign): c is Campaign => !isVirtual(c) && mayUpdate(c), [mayUpdate]);

  const pickUp = useCallback(
    (c: Campaign, via: Move['via'], fromDay: Ymd | null = null) => {
      const m = startMove(c, view, via, fromDay);
      setMove(m);
      if (via === 'keyboard') setAnnouncement(`Picked up ${c.title}. ${describeDates(c.title, m.dates, view)}. ${HELP[surface]}`);
    },
    [view, surface],
  );

  const update = useCallback((next: (m: Move) => Move, say: boolean) => {
    const m = current.current;
    if (!m) return;
    const moved = next(m);
    if (moved.dates === m.dates || JSON.stringify(moved.dates) === JSON.stringify(m.dates)) {
      if (moved.kind !== m.kind) setMove(moved);
      return;
    }
    current.current = moved;
    setMove(moved);
    if (say) setAnnouncement(describeDates(m.campaign.title, moved.dates, m.view));
  }, []);

  const point = useCallback((kind: MoveKind, days: number) => update((m) => pointMove(m, kind, days), false), [update]);

  const drop = useCallback(() => {
    const m = current.current;
    if (!m) return;
    current.current = null;
    setMove(null);
    if (!hasMoved(m)) {
      setAnnouncement(`Dropped ${m.campaign.title} where it was.`);
      return;
    }
    void save(m);
  }, [save]);

  const cancel = useCallback(() => {
    const m = current.current;
    if (!m) return;
    current.current = null;
    setMove(null);
    setAnnouncement(`Move cancelled. ${describeDates(m.campaign.title, m.origin, m.view)}`);
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent, c: AnyCampaign, fromDay: Ymd | null = null) => {
      const carrying = current.current?.campaign.id === c.id;
      const key = moveKey(e, carrying, surface);
      if (!key || !movable(c)) return false;
      e.preventDefault();
      e.stopPropagation();
      if (key.type === 'pick-up') {
        if (current.current) drop();
        pickUp(c, 'keyboard', fromDay);
      } else if (key.type === 'drop') drop();
      else if (key.type === 'cancel') cancel();
      else update((m) => stepMove(m, key.kind, key.days), true);
      return true;
    },
    [surface, movable, pickUp, drop, cancel, update],
  );

  return { move, announcement, movable, pickUp, point, drop, cancel, onKeyDown };
}
