import { formatCount, type CampaignFilter, type CampaignStats } from '@cadence/core';
import type { ReactNode } from 'react';
import { useCampaignStats } from '../provider/campaign-queries';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';

export interface StatCardsProps extends WidgetProps {
  /** Count only the campaigns that pass these filters (docs/adr/0029). */
  filter?: CampaignFilter;
}

const STATS: ReadonlyArray<{ label: string; count: (s: CampaignStats) => number }> = [
  { label: 'Total Campaigns', count: (s) => s.total },
  { label: 'In Planning', count: (s) => s.by_status.planning },
  { label: 'Live Campaigns', count: (s) => s.by_status.live },
  { label: 'In Progress', count: (s) => s.by_status['in-progress'] },
];

/** Counted by the server (`GET /api/campaigns/stats`): a few hundred bytes, not the whole list. */
function StatCardsBody({ filter = {} }: StatCardsProps): ReactNode {
  const stats = useCampaignStats(true, filter);
  const data = stats.data;
  return (
    <dl className="cad-stats" aria-busy={stats.status === 'loading'}>
      {STATS.map((s) => (
        <div key={s.label} className="cad-stat">
          <dt className="cad-stat__label">{s.label}</dt>
          <dd className="cad-stat__value">{data ? formatCount(s.count(data)) : '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Total Campaigns, In Planning, Live Campaigns, In Progress (stored statuses; main dashboard only). */
export function StatCards(props: StatCardsProps): ReactNode {
  return (
    <WidgetRoot name="StatCards" client={props.client} className={props.className}>
      <StatCardsBody {...props} />
    </WidgetRoot>
  );
}
