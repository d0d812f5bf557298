import { AD_STATUS_LABELS, AD_TIMELINE_LEGEND, LIMITS, addMonths, formatYmd, startOfMonth, todayYmd, type Ymd } from '@cadence/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useAds } from '../provider/resources';
import { adTimeline } from './ad-rules';
import { ChevronLeft, ChevronRight, ICON_SIZE } from '../ui/icons';

/** The ad timeline: a month of bars from due to live date, one row per publication (docs/product.md#ad-timeline). */
export function AdTimeline({ date }: { date?: Ymd }): ReactNode {
  const { now } = useCadence();
  const today = todayYmd(now());
  const [month, setMonth] = useState<Ymd>(startOfMonth(date ?? today));
  const ads = useAds();
  const rows = useMemo(() => adTimeline(ads.data ?? [], month), [ads.data, month]);
  return (
    <section className="cad-panel" aria-busy={ads.status === 'loading'} aria-label="Ad Timeline">
      <header className="cad-toolbar">
        <h3 className="cad-panel__title">{formatYmd(month, 'MMMM yyyy')}</h3>
        <div className="cad-toolbar__nav">
          <button type="button" className="cad-icon-button" aria-label="Previous month" onClick={() => setMonth(addMonths(month, -1))}><ChevronLeft size={ICON_SIZE} aria-hidden="true" /></button>
          <button type="button" className="cad-button cad-button--small" onClick={() => setMonth(startOfMonth(today))}>Today</button>
          <button type="button" className="cad-icon-button" aria-label="Next month" onClick={() => setMonth(addMonths(month, 1))}><ChevronRight size={ICON_SIZE} aria-hidden="true" /></button>
        </div>
      </header>
      {ads.status === 'success' && rows.length === 0 ? <p className="cad-empty">No ads scheduled for this month</p> : (
        <div role="list" aria-label="Publications" className="cad-ad-timeline">
          {rows.map((row) => (
            <div role="listitem" key={row.publicationId} className="cad-gantt__row" style={{ height: LIMITS.timelineRowHeightPx }} data-testid="ad-timeline-row">
              <div className="cad-gantt__label">{row.name}</div>
              <div className="cad-gantt__track">
                {row.bars.map((b) => {
                  const details = `${b.ad.publication_name} · ${b.ad.ad_type ?? 'No ad type'} · Due ${formatYmd(b.ad.due_date, 'MMM dd, yyyy')} · Live ${formatYmd(b.ad.live_date, 'MMM dd, yyyy')} · ${AD_STATUS_LABELS[b.ad.status]}`;
                  return (
                    <span key={b.ad.id} role="img" className="cad-gantt__bar cad-gantt__bar--static" tabIndex={0} title={details} aria-label={details}
                      style={{ left: `${b.leftPercent}%`, width: `${b.widthPercent}%`, background: b.color, top: 12 }} data-testid="ad-bar" />
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      )}
      <ul className="cad-legend" aria-label="Legend">
        {AD_TIMELINE_LEGEND.map((l) => (
          <li key={l.key}><span className="cad-dot" style={{ background: l.color }} aria-hidden="true" /> {l.label}</li>
        ))}
      </ul>
    </section>
  );
}
