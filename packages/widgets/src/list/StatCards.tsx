import type { Campaign } from '@cadence/core';
import type { ReactNode } from 'react';
import { useCampaigns } from '../provider/campaign-queries';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';

export type StatCardsProps = WidgetProps;

const STATS: ReadonlyArray<{ label: string; count: (list: Campaign[]) => number }> = [
  { label: 'Total Campaigns', count: (l) => l.length },
  { label: 'In Planning', count: (l) => l.filter((c) => c.status === 'planning').length },
  { label: 'Live Campaigns', count: (l) => l.filter((c) => c.status === 'live').length },
  { label: 'In Progress', count: (l) => l.filter((c) => c.status === 'in-progress').length },
];

function StatCardsBody(): ReactNode {
  const campaigns = useCampaigns();
  const list = campaigns.data;
  return (
    <dl className="cad-stats" aria-busy={campaigns.status === 'loading'}>
      {STATS.map((s) => (
        <div key={s.label} className="cad-stat">
          <dt className="cad-stat__label">{s.label}</dt>
          <dd className="cad-stat__value">{list ? s.count(list) : '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Total Campaigns, In Planning, Live Campaigns, In Progress (stored statuses; main dashboard only). */
export function StatCards(props: StatCardsProps): ReactNode {
  return (
    <WidgetRoot name="StatCards" client={props.client} className={props.className}>
      <StatCardsBody />
    </WidgetRoot>
  );
}
