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
  type RuleViolation,
  type ScheduleView,
  type Ymd,
  needsRuleCheck,
} from '@cadence/core';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCampaignActions, type CampaignActions } from '../provider/campaign-actions';
import { useCadence } from '../provider/context';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import { TOASTS } from '../messages';
import { describeOtherChanges } from './conflict-text';
import { moveKey } from './keys';
import { hasMoved, pointMove, previewed, startMove, stepMove, type Move } from './move-state';
import { forgetMove, rememberMove } from './undo';
import { verdictOf, verdictSentence, type Verdict } from './verdict';

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
  /** What the planning rules say of where the carried campaign would land now (null: nothing, or no move). */
  verdict: Verdict | null;
  /** A drop that breaks a rule that only warns, waiting for "Move anyway" (docs/adr/0065). */
  pending: { move: Move; text: string } | null;
  confirmPending(): void;
  dismissPending(): void;
}

const HELP = {
  calendar: 'Arrow keys move it a day, Up and Down a week, Shift with Left or Right changes its end, Space drops it, Escape cancels.',
  gantt: 'Left and Right move it a day, Shift with Left or Right changes its end, Alt and Shift with Left or Right its start, Space drops it, Escape cancels.',
} as const;

const day = (ymd: string) => formatYmd(ymd, 'MMM dd');

/** A 409 `rule_blocked`'s words (the rule the server refused the write for), else null. */
export function ruleBlock(error: unknown): string | null {
  const e = error as { status?: number; code?: string; message?: string } | null;
  return e && e.status === 409 && e.code === 'rule_blocked' && e.message ? e.message : null;
}

/** Saves a move as one If-Match PATCH of the changed dates, with Undo in its toast and on Ctrl/Cmd+Z. */
function useSaveMove(actions: CampaignActions, announce: (text: string) => void) {
  const { toast } = useCadence();
  const refused = useCallback(
    (mine: Campaign, error: unknown) => {
      if (ruleBlock(error)) {
        // The server's own verdict (another user's campaign may have moved meanwhile): its words.
        toast({ title: 'Not moved', description: ruleBlock(error)!, variant: 'destructive' });
        announce(`Not moved: ${ruleBlock(error)}`);
        return;
      }
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
        if (!isConflict(error) && !ruleBlock(error)) announce(`Not moved: ${c.title} could not be saved.`);
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
  /** The planning rules' check of a campaign where it would land (provider/planning-rules.ts); none: no rules. */
  check?: (candidate: Campaign) => RuleViolation[];
}): MoveController {
  const { view, surface, mayUpdate, check } = options;
  const { toast } = useCadence();
  const checkRef = useRef(check);
  checkRef.current = check;
  // Only a new go-live (or channels, owner…) is judged: a campaign is never refused for a conflict it was already in.
  const judge = useCallback((m: Move): Verdict | null => {
    const candidate = previewed(m);
    return checkRef.current && needsRuleCheck(m.campaign, candidate) ? verdictOf(checkRef.current(candidate)) : null;
  }, []);
  const [pending, setPendingState] = useState<{ move: Move; text: string } | null>(null);
  const pendingRef = useRef(pending);
  const setPending = useCallback((p: { move: Move; text: string } | null) => {
    pendingRef.current = p;
    setPendingState(p);
  }, []);
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
    const now = judge(moved);
    const before = judge(m);
    if (say) setAnnouncement(`${describeDates(m.campaign.title, moved.dates, m.view)}${now ? `. ${verdictSentence(now)}` : ''}`);
    // A pointer's target speaks only when what the rules say changes.
    else if (now && now.text !== before?.text) setAnnouncement(verdictSentence(now));
  }, [judge]);

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
    const verdict = judge(m);
    if (verdict?.blocked) {
      // Refused with the rule's words; nothing is sent.
      toast({ title: 'Not moved', description: verdict.text, variant: 'destructive' });
      setAnnouncement(`Not moved: ${verdict.text}`);
      return;
    }
    if (verdict) {
      setPending({ move: m, text: verdict.text });
      setAnnouncement(`${verdictSentence(verdict)}. Move anyway?`);
      return;
    }
    void save(m);
  }, [save, judge, toast, setPending]);

  const confirmPending = useCallback(() => {
    const p = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (p) void save(p.move);
  }, [save, setPending]);
  const dismissPending = useCallback(() => {
    const p = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (p) setAnnouncement(`Move cancelled. ${describeDates(p.move.campaign.title, p.move.origin, p.move.view)}`);
  }, [setPending]);
  const verdict = useMemo(() => (move ? judge(move) : null), [move?.campaign, move?.dates.live_date, move?.dates.planning_start_date, judge]); // eslint-disable-line react-hooks/exhaustive-deps

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

  return { move, announcement, movable, pickUp, point, drop, cancel, onKeyDown, verdict, pending, confirmPending, dismissPending };
}
