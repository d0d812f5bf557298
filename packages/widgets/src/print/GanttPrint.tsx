import {
  barColor, barGeometry, barSpan, channelInfo, formatYmd, groupByChannel, printChangeText, printLegend,
  type CampaignFilter, type ComparedCampaign, type GanttBar, type GanttGridline, type ScheduleView, type YmdSpan,
} from '@cadence/core';
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
  /** While comparing with a baseline (docs/adr/0063): the header's line, each campaign then and now, and the ones removed since. */
  comparison?: PrintedComparison | undefined;
}

export interface PrintedComparison {
  line: string;
  byId: ReadonlyMap<string, ComparedCampaign>;
  removed: readonly ComparedCampaign[];
  view: ScheduleView;
  range: YmdSpan;
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
function BarRow({ bar, gridlines, comparison }: { bar: GanttBar<AnyCampaign>; gridlines: readonly GanttGridline[]; comparison?: PrintedComparison | undefined }) {
  const c = bar.campaign;
  const compared = comparison?.byId.get(c.id);
  return (
    <tr className="cad-print-gantt__row" data-campaign={c.id}>
      <td className="cad-print-gantt__name">
        <span className="cad-print-gantt__campaign">{c.title}</span>
        <span className="cad-print-gantt__meta">{dates(bar)}{c.channels.length > 0 && ` · ${channelNames(c)}`}</span>
        {compared && comparison && <ChangeLine compared={compared} view={comparison.view} />}
      </td>
      <td className="cad-print-gantt__track">
        <div className={compared?.then && compared.change === 'moved' ? 'cad-print-gantt__lane cad-print-gantt__lane--compared' : 'cad-print-gantt__lane'}>
          {gridlines.map((g) => <span key={g.ymd} className="cad-print-gantt__gridline" style={{ left: `${g.leftPercent}%` }} />)}
          <span className="cad-print-gantt__bar" style={{ left: `${bar.leftPercent}%`, width: `${bar.widthPercent}%`, background: barColor(c.channels) }} />
          {compared && comparison && <PrintGhost compared={compared} comparison={comparison} />}
        </div>
      </td>
    </tr>
  );
}

/** "Moved +2 days · Was: …", "Added", "Removed · Was: …" under the title: the change in words. */
function ChangeLine({ compared, view }: { compared: ComparedCampaign; view: ScheduleView }) {
  const text = printChangeText(compared, view);
  return text ? <span className="cad-print-gantt__change" data-change={compared.change}>{text}</span> : null;
}

/** The plan at the baseline: a dashed outline under today's bar (alone, for a removed campaign). */
function PrintGhost({ compared, comparison, alone = false }: { compared: ComparedCampaign; comparison: PrintedComparison; alone?: boolean }) {
  if (!compared.then || (compared.change !== 'moved' && compared.change !== 'removed')) return null;
  const geometry = barGeometry(barSpan(compared.then, comparison.view), comparison.range);
  if (!geometry) return null;
  return <span className={alone ? 'cad-print-gantt__ghost cad-print-gantt__ghost--alone' : 'cad-print-gantt__ghost'} data-ghost={compared.id} style={{ left: `${geometry.leftPercent}%`, width: `${geometry.widthPercent}%` }} />;
}

/** A campaign removed since the baseline: its title, its old dates in words, and its old bar outlined. */
function RemovedRow({ compared, gridlines, comparison }: { compared: ComparedCampaign; gridlines: readonly GanttGridline[]; comparison: PrintedComparison }) {
  return (
    <tr className="cad-print-gantt__row" data-campaign={compared.id}>
      <td className="cad-print-gantt__name">
        <span className="cad-print-gantt__campaign">{compared.title}</span>
        <ChangeLine compared={compared} view={comparison.view} />
      </td>
      <td className="cad-print-gantt__track">
        <div className="cad-print-gantt__lane">
          {gridlines.map((g) => <span key={g.ymd} className="cad-print-gantt__gridline" style={{ left: `${g.leftPercent}%` }} />)}
          <PrintGhost compared={compared} comparison={comparison} alone />
        </div>
      </td>
    </tr>
  );
}

/** The whole Gantt range on paper: every campaign, every title whole (docs/adr/0033). */
export function GanttPrint({ title, filter, bars, grouped, gridlines, now, by, comparison }: GanttPrintProps): ReactNode {
  const groups = grouped
    ? groupByChannel(bars.map((b) => ({ ...b, channels: b.campaign.channels }))).map((g) => ({ key: g.channel, label: g.label, bars: g.campaigns }))
    : [{ key: 'all', label: null, bars }];
  return (
    <div className="cad-print" data-testid="print-layout">
      <PrintHeader title={title} filter={filter} legend={printLegend(bars.map((b) => b.campaign))} now={now} by={by} comparison={comparison?.line} />
      {bars.length === 0 && !comparison?.removed.length ? (
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
              {g.bars.map((b) => <BarRow key={b.campaign.id} bar={b} gridlines={gridlines} comparison={comparison} />)}
            </tbody>
          ))}
          {comparison && comparison.removed.length > 0 && (
            <tbody>
              <tr className="cad-print-gantt__group">
                <th scope="rowgroup" colSpan={2}>Removed since the baseline</th>
              </tr>
              {comparison.removed.map((r) => <RemovedRow key={r.id} compared={r} gridlines={gridlines} comparison={comparison} />)}
            </tbody>
          )}
        </table>
      )}
    </div>
  );
}
