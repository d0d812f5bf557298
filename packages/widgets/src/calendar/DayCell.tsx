import { barColor, barSpan, campaignCountLabel, cellOverflow, changeLabel, formatYmd, truncateTitle, type CalendarMode, type Campaign, type ComparedCampaign, type Ymd } from '@cadence/core';
import { memo, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { previewed, type Move } from '../move/move-state';
import { conflictText, verdictSentence, type Verdict } from '../move/verdict';
import { TriangleAlert } from '../ui/icons';
import type { RuleViolation } from '@cadence/core';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import { summaryOf, TaskProgress } from '../tasks/task-progress';
import { approvalOf, CampaignApproval } from '../approvals/campaign-approval';
import type { ClosedDayInfo } from '../provider/working-calendar';

/** What every cell does, from the grid: stable across renders, so a cell renders only when its own props change. */
export interface CellHandlers {
  register(day: Ymd, el: HTMLElement | null): void;
  click(day: Ymd, busy: boolean): void;
  keyDown(e: KeyboardEvent, day: Ymd): void;
  edit(c: Campaign): void;
  canEdit(c: AnyCampaign): boolean;
  movable(c: AnyCampaign): c is Campaign;
  chipPointerDown(e: PointerEvent<HTMLElement>, c: Campaign, day: Ymd): void;
  chipKeyDown(e: KeyboardEvent, c: Campaign, day: Ymd): boolean;
}

export interface DayCellProps {
  day: Ymd;
  list: readonly AnyCampaign[];
  mode: CalendarMode;
  outside: boolean;
  today: boolean;
  /** The roving tab stop: the cell, and its chips, are reachable with Tab. */
  focused: boolean;
  /** The move in progress when this cell is its target (the ghost is drawn here), else null. */
  ghost: Move | null;
  /** What the planning rules say of a drop here (the target cell only), in words. */
  verdict?: Verdict | null;
  /** The planning rules each campaign breaks where it is (docs/adr/0065): a badge on its chip. */
  conflicts?: ReadonlyMap<string, readonly RuleViolation[]>;
  /** The id of the campaign being moved when this cell holds it, else null. */
  carriedId: string | null;
  /** The phone layout: a dot per campaign instead of chips; the agenda below lists them. */
  compact: boolean;
  /** A non-working day of the working calendar (docs/adr/0052): shaded, and a closed day says why. */
  closed?: ClosedDayInfo | null;
  /** While comparing with a baseline (docs/adr/0063): campaigns that went live on this day then and have moved or gone since. */
  then?: readonly ComparedCampaign[] | undefined;
  /** While comparing: the campaigns added since the baseline, whose chips say "Added" (one set for the grid, so cells stay memoised). */
  added?: ReadonlySet<string> | undefined;
  handlers: CellHandlers;
}

/** Dots a compact cell draws before it says '+N'. */
const COMPACT_DOTS = 3;

/**
 * One day of the grid. Memoised: during a drag only the cells whose target or carried state
 * changes render again, so the ghost keeps up with the pointer at 1,000 campaigns.
 */
export const DayCell = memo(function DayCell({ day, list, mode, outside, today, focused, ghost, verdict, conflicts, carriedId, compact, closed, then, added, handlers }: DayCellProps): ReactNode {
  const { visible, moreLabel } = cellOverflow(list, mode);
  // A weekend day is named by its weekday already; a closed day says what closes it, in words.
  const closedLabel = closed && closed.kind !== 'weekend' ? closed.label : null;
  const classes = ['cad-day', today && 'cad-day--today', closed && (closedLabel ? 'cad-day--closed' : 'cad-day--weekend'), outside && 'cad-day--outside', list.length > 0 && 'cad-day--busy', ghost && 'cad-day--drop-target', compact && focused && 'cad-day--selected'];
  return (
    <div
      data-day={day}
      role="gridcell"
      ref={(el) => handlers.register(day, el)}
      tabIndex={focused ? 0 : -1}
      aria-current={today ? 'date' : undefined}
      aria-selected={compact ? focused : undefined}
      className={classes.filter(Boolean).join(' ')}
      onClick={() => handlers.click(day, list.length > 0)}
      onKeyDown={(e) => handlers.keyDown(e, day)}
    >
      {/* The cell is named by its content: the full date and count, then its campaigns' titles. */}
      <span className="cad-sr-only">{`${formatYmd(day, 'EEEE, MMMM d, yyyy')}, ${closedLabel ? `Closed: ${closedLabel}, ` : ''}${campaignCountLabel(list.length)}`}</span>
      <span className="cad-day__number" aria-hidden="true">{Number(day.slice(8))}</span>
      {closedLabel && !compact ? (
        <span className="cad-day__closed" aria-hidden="true" title={`Closed: ${closedLabel}`}>
          {closedLabel}
        </span>
      ) : null}
      {compact ? <Dots list={list} /> : visible.map((c) => {
        const movable = handlers.movable(c);
        return (
          <Chip
            key={c.id}
            campaign={c}
            mode={mode}
            editable={handlers.canEdit(c)}
            tabbable={focused}
            carried={carriedId === c.id}
            conflict={conflictText(conflicts?.get(c.id))}
            added={added?.has(c.id) ?? false}
            onEdit={handlers.edit}
            {...(movable
              ? {
                  onPointerDown: (e: PointerEvent<HTMLElement>) => handlers.chipPointerDown(e, c, day),
                  onMoveKey: (e: KeyboardEvent) => handlers.chipKeyDown(e, c, day),
                }
              : {})}
          />
        );
      })}
      {!compact && then?.map((c) => (
        <span key={`then-${c.id}`} className="cad-chip cad-chip--then" role="img" aria-label={`${c.title} went live here at the baseline. ${changeLabel(c)}`} title={changeLabel(c)}>
          Was: {c.title}
        </span>
      ))}
      {ghost && !compact && <Ghost move={ghost} mode={mode} />}
      {ghost && verdict && (
        <span className={`cad-day__verdict${verdict.blocked ? ' cad-day__verdict--block' : ''}`} data-testid="move-verdict">
          {verdictSentence(verdict)}
        </span>
      )}
      {moreLabel && !compact && <span className="cad-day__more">{moreLabel}</span>}
    </div>
  );
});

/** A dot in each campaign's channel colour; the count is in the cell's name, the titles in the agenda. */
function Dots({ list }: { list: readonly AnyCampaign[] }) {
  if (list.length === 0) return null;
  const extra = list.length - COMPACT_DOTS;
  return (
    <span className="cad-day__dots" aria-hidden="true">
      {list.slice(0, COMPACT_DOTS).map((c) => (
        <span key={c.id} className="cad-dot" style={{ background: barColor(c.channels) }} />
      ))}
      {extra > 0 && <span className="cad-day__extra">+{extra}</span>}
    </span>
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
  /** The planning rules it breaks, in words; undefined when none. */
  conflict?: string | undefined;
  /** Added since the baseline compared with (docs/adr/0063): marked in words, not colour alone. */
  added?: boolean;
  onEdit: (c: Campaign) => void;
  /** Present when the chip can be picked up. */
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onMoveKey?: (e: KeyboardEvent) => boolean;
}

/** The badge of a campaign that breaks a planning rule: a mark, and its words for screen readers and on hover. */
export function ConflictBadge({ text }: { text: string }): ReactNode {
  return (
    <span className="cad-conflict" title={`Conflict: ${text}`}>
      <TriangleAlert size={11} aria-hidden="true" />
      <span className="cad-sr-only">, conflict: {text}</span>
    </span>
  );
}

function Chip({ campaign: c, mode, editable, tabbable, carried, conflict, added, onEdit, onPointerDown, onMoveKey }: ChipProps) {
  const style = { borderLeftColor: barColor(c.channels) };
  const text = truncateTitle(c.title, mode);
  // "4/7" after the title, which gives way to it (chips stay one line, even on a phone).
  // Its approval's mark beside it (docs/adr/0056): the chip's name says it in words.
  const marks =
    summaryOf(c) || approvalOf(c) || conflict || added ? (
      <>
        {added && <span className="cad-compare-mark cad-compare-mark--added" data-change="added" title="Added since the baseline">Added</span>}
        {conflict && <ConflictBadge text={conflict} />}
        {summaryOf(c) && <TaskProgress campaign={c} compact />}
        {approvalOf(c) && <CampaignApproval campaign={c} compact />}
      </>
    ) : null;
  const progress = marks;
  if (isVirtual(c) || !editable) {
    return (
      <span className={`cad-chip cad-chip--static${progress ? ' cad-chip--tasks' : ''}`} style={style} title={c.title}>
        {progress ? <span className="cad-chip__text">{text}</span> : text}
        {progress}
      </span>
    );
  }
  const classes = ['cad-chip', progress && 'cad-chip--tasks', onPointerDown && 'cad-chip--movable', carried && 'cad-chip--carried'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      data-campaign={c.id}
      className={classes}
      style={style}
      title={c.title}
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
      {text === c.title ? (
        progress ? <span className="cad-chip__text">{text}</span> : text
      ) : (
        // The visible text is the cut title; its name is the whole one, without a label that would hide the text.
        <>
          <span aria-hidden="true" className={progress ? 'cad-chip__text' : undefined}>{text}</span>
          <span className="cad-sr-only">{c.title}</span>
        </>
      )}
      {progress}
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
