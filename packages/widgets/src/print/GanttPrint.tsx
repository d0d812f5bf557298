import { barColor, channelInfo, formatYmd, groupByChannel, printLegend, type CampaignFilter, type GanttBar, type GanttGridline } from '@cadence/core';
import type { ReactNode } from 'react';
import type { AnyCampaign } from '../provider/permissions';
import { PrintHeader } from './PrintHeader';

export interface GanttPrintProps {
  title: string;
  filter: CampaignFilter;
  bars: ReadonlyArray<GanttBar<AnyCampaign>>;
  grouped: boolean;
  gridlines: readonly GanttGridline[];
  now: Date;
  by: string | null;
}

const dates = (b: GanttBar<AnyCampaign>) => `${formatYmd(b.span.start, 'MMM dd')} – ${formatYmd(b.span.end, 'MMM dd, yyyy')}`;
const channelNames = (c: AnyCampaign) => c.channels.map((ch) => channelInfo(ch).label).join(', ');

function Months({ gridlines }: { gridlines: readonly GanttGridline[] }) {
  return (
    <div className="cad-print-gantt__lane">
      {gridlines.map((g) => (
        <span key={g.ymd} className="cad-print-gantt__month" style={{ left: `${g.leftPercent}%` }}>{g.label}</span>
      ))}
    </div>
  );
}

/**
 * One row per campaign, its title in full beside its bar; a row never breaks across pages, and
 * the month header repeats on each page (a table's head does in Chromium and Firefox).
 */
function BarRow({ bar, gridlines }: { bar: GanttBar<AnyCampaign>; gridlines: readonly GanttGridline[] }) {
  const c = bar.campaign;
  return (
    <tr className="cad-print-gantt__row" data-campaign={c.id}>
      <td className="cad-print-gantt__name">
        <span className="cad-print-gantt__campaign">{c.title}</span>
        <span className="cad-print-gantt__meta">{dates(bar)}{c.channels.length > 0 && ` · ${channelNames(c)}`}</span>
      </td>
      <td className="cad-print-gantt__track">
        <div className="cad-print-gantt__lane">
          {gridlines.map((g) => <span key={g.ymd} className="cad-print-gantt__gridline" style={{ left: `${g.leftPercent}%` }} />)}
          <span className="cad-print-gantt__bar" style={{ left: `${bar.leftPercent}%`, width: `${bar.widthPercent}%`, background: barColor(c.channels) }} />
        </div>
      </td>
    </tr>
  );
}

/** The whole Gantt range on paper: every campaign, every title whole (docs/adr/0033). */
export function GanttPrint({ title, filter, bars, grouped, gridlines, now, by }: GanttPrintProps): ReactNode {
  const groups = grouped
    ? groupByChannel(bars.map((b) => ({ ...b, channels: b.campaign.channels }))).map((g) => ({ key: g.channel, label: g.label, bars: g.campaigns }))
    : [{ key: 'all', label: null, bars }];
  return (
    <div className="cad-print" data-testid="print-layout">
      <PrintHeader title={title} filter={filter} legend={printLegend(bars.map((b) => b.campaign))} now={now} by={by} />
      {bars.length === 0 ? (
        <p className="cad-print__empty">No campaigns in this time range.</p>
      ) : (
        <table className="cad-print-gantt">
          <thead>
            <tr>
              <th scope="col" className="cad-print-gantt__name">{grouped ? 'Channel / campaign' : 'Campaign'}</th>
              <th scope="col" className="cad-print-gantt__track"><Months gridlines={gridlines} /></th>
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.key}>
              {g.label && (
                <tr className="cad-print-gantt__group">
                  <th scope="rowgroup" colSpan={2}>{g.label}</th>
                </tr>
              )}
              {g.bars.map((b) => <BarRow key={b.campaign.id} bar={b} gridlines={gridlines} />)}
            </tbody>
          ))}
        </table>
      )}
    </div>
  );
}
