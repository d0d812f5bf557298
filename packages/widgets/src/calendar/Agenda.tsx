import { barColor, campaignCountLabel, changeLabel, deriveDisplayStatus, formatYmd, type Campaign, type ComparedCampaign, type ScheduleView, type Ymd } from '@cadence/core';
import { useId, type ReactNode } from 'react';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import { ChangeMark } from '../baselines/ChangeMark';
import { Badge, EmptyState, PriorityDot, StatusBadge } from '../ui/bits';

export interface AgendaProps {
  /** The selected day (month view) or the days of the week shown (week view). */
  days: readonly Ymd[];
  buckets: Map<Ymd, AnyCampaign[]>;
  view: ScheduleView;
  now: Date;
  canEdit: (c: AnyCampaign) => boolean;
  onEdit: (c: Campaign) => void;
  /** Opens the spec's day dialog (full cards, status actions, delete). */
  onOpenDay: (day: Ymd) => void;
  /** While comparing with a baseline (docs/adr/0063): each compared campaign by id, marked "Moved +3d" or "Added" in its row. */
  compared?: ReadonlyMap<string, ComparedCampaign>;
  /** While comparing: campaigns that went live on a day then and have moved or gone since, listed under it as "Was:". */
  thenByDay?: ReadonlyMap<Ymd, readonly ComparedCampaign[]>;
}

/**
 * The phone calendar's list under the compact month: every campaign of the selected day (or of
 * each busy day of the week) with its whole title, dates and status, because a 50-pixel cell
 * cannot hold a readable chip. A row opens the editor; "Open day" opens the day dialog.
 */
export function Agenda({ days, buckets, view, now, canEdit, onEdit, onOpenDay, compared, thenByDay }: AgendaProps): ReactNode {
  const ids = useId();
  const busy = days.length === 1 ? days : days.filter((d) => (buckets.get(d)?.length ?? 0) > 0 || (thenByDay?.get(d)?.length ?? 0) > 0);
  const empty = <EmptyState title="No campaigns scheduled for this day" text={view === 'planning' ? 'No planning activities' : 'No live campaigns'} />;
  if (busy.length === 0) return <div className="cad-agenda">{empty}</div>;
  return (
    <div className="cad-agenda">
      {busy.map((day) => {
        const list = buckets.get(day) ?? [];
        const then = thenByDay?.get(day) ?? [];
        const heading = `${ids}-${day}`;
        return (
          <section key={day} className="cad-agenda__day" aria-labelledby={heading}>
            <header className="cad-agenda__head">
              <h3 id={heading} className="cad-agenda__date">{formatYmd(day, 'EEEE, MMMM d, yyyy')}</h3>
              <Badge tone="accent">{campaignCountLabel(list.length)}</Badge>
              {list.length > 0 && (
                <button type="button" className="cad-button cad-button--small" onClick={() => onOpenDay(day)}>
                  Open day
                </button>
              )}
            </header>
            {list.length === 0 && then.length === 0 ? (
              empty
            ) : (
              <ul className="cad-agenda__list">
                {list.map((c) => (
                  <li key={c.id}>
                    <AgendaRow campaign={c} now={now} editable={canEdit(c)} onEdit={onEdit} compared={compared?.get(c.id)} />
                  </li>
                ))}
                {then.map((c) => (
                  <li key={`then-${c.id}`}>
                    <div className="cad-agenda__row cad-agenda__row--then">
                      <span className="cad-agenda__title">Was: {c.title}</span>
                      <span className="cad-agenda__meta">{changeLabel(c)}</span>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function AgendaRow({ campaign: c, now, editable, onEdit, compared }: { campaign: AnyCampaign; now: Date; editable: boolean; onEdit: (c: Campaign) => void; compared?: ComparedCampaign | undefined }) {
  const row = isVirtual(c) || !editable ? null : c;
  return (
    <div className="cad-agenda__row" style={{ borderLeftColor: barColor(c.channels) }}>
      <span className="cad-agenda__title">
        <PriorityDot priority={c.priority} />
        {/* The button's name is the title alone; dates and status follow it as text. */}
        {row ? (
          <button type="button" className="cad-agenda__open" onClick={() => onEdit(row)}>{c.title}</button>
        ) : (
          <span>{c.title}</span>
        )}
      </span>
      <span className="cad-agenda__meta">
        <span>Planning: {formatYmd(c.planning_start_date, 'MMM dd')}</span>
        <span>Live: {formatYmd(c.live_date, 'MMM dd')}</span>
        <StatusBadge status={deriveDisplayStatus(c, now)} />
        {isVirtual(c) && <Badge tone="outline">Read-only</Badge>}
        {compared && <ChangeMark compared={compared} />}
      </span>
    </div>
  );
}
