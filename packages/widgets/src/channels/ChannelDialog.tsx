import { formatCount, formatYmd, priorityLabel, type Campaign, type CampaignFilter, type ChannelInfo } from '@cadence/core';
import type { ReactNode } from 'react';
import { useCampaignPages } from '../provider/campaign-pages';
import type { CampaignRights } from '../provider/permissions';
import { Badge, EmptyState, LoadError, StatusBadge } from '../ui/bits';
import { Dialog } from '../ui/Dialog';
import { VirtualList } from '../ui/VirtualList';
import type { ChannelStats } from './channel-stats';

export interface ChannelDialogProps {
  channel: ChannelInfo | null;
  /** The board's filters: the dialog lists the channel's campaigns that pass them. */
  filter?: CampaignFilter;
  /** The server's counts for the channel; undefined while they load. */
  stats: ChannelStats | undefined;
  rights: (c: Campaign) => CampaignRights;
  onClose: () => void;
  onPromote: (c: Campaign) => void;
}

/** A full row (description, owner, three dates) is about this tall before it is measured. */
const ROW_ESTIMATE = 150;

type Props = Omit<ChannelDialogProps, 'channel' | 'onClose'> & { channel: ChannelInfo };

/**
 * The campaigns of the open channel, drawn as the dialog scrolls and read a page at a time;
 * the card of the same channel shares the loaded pages (one cache key).
 */
function ChannelCampaigns({ channel, filter, rights, onPromote }: Omit<Props, 'stats'>): ReactNode {
  const pages = useCampaignPages({ ...filter, channel: channel.value }, undefined, { toast: false });
  const date = (ymd: string | null) => (ymd ? formatYmd(ymd, 'MMM dd, yyyy') : 'Ongoing');
  if (pages.status === 'loading') return <p className="cad-virtual__more" role="status">Loading campaigns…</p>;
  if (pages.status === 'error') return <LoadError onRetry={pages.refetch} />;
  if (pages.items.length === 0) {
    return <EmptyState title="No campaigns found" text={`Create your first campaign for ${channel.dashboardLabel} to get started.`} />;
  }
  const row = (c: Campaign) => (
    <article className="cad-card" aria-label={c.title}>
      <div className="cad-card__head">
        <h3 className="cad-card__title">{c.title}</h3>
        <Badge tone="outline">{priorityLabel(c.priority)} priority</Badge>
        <StatusBadge status={c.status} />
        {c.scope === 'channel' && <Badge>Channel only</Badge>}
      </div>
      {c.description && <p className="cad-card__description">{c.description}</p>}
      <p className="cad-card__dates">
        <span>Planning: {date(c.planning_start_date)}</span>
        <span>Live: {date(c.live_date)}</span>
        <span>End: {date(c.end_date)}</span>
      </p>
      {c.owner && <p className="cad-card__owner">Owner: {c.owner}</p>}
      {c.scope === 'channel' && rights(c).promote && (
        <div>
          <button type="button" className="cad-button" onClick={() => onPromote(c)}>
            Promote to Main Calendar
          </button>
        </div>
      )}
    </article>
  );
  return (
    <VirtualList
      items={pages.items}
      keyOf={(c) => c.id}
      renderItem={row}
      estimate={ROW_ESTIMATE}
      gap={12}
      hasMore={pages.hasMore}
      loadingMore={pages.loadingMore}
      moreFailed={pages.moreFailed}
      onLoadMore={pages.loadMore}
      loadingMoreText="Loading more campaigns…"
    />
  );
}

/** A channel's stats, its global and channel-only counts (from the stats route), and its campaigns in full. */
export function ChannelDialog({ channel, filter, stats, rights, onClose, onPromote }: ChannelDialogProps): ReactNode {
  const value = (n: number | undefined) => (n === undefined ? '—' : formatCount(n));
  return (
    <Dialog open={channel !== null} onOpenChange={(open) => !open && onClose()} size="lg" title={channel?.dashboardLabel ?? ''}>
      <div className="cad-dialog__body cad-stack">
        <dl className="cad-stats">
          {(['Total', 'Active', 'Planning', 'Completed'] as const).map((label) => (
            <div key={label} className="cad-stat">
              <dt className="cad-stat__label">{label}</dt>
              <dd className="cad-stat__value">{value(stats?.[label.toLowerCase() as 'total'])}</dd>
            </div>
          ))}
        </dl>
        <div className="cad-inline">
          <Badge tone="outline">{value(stats?.global)} global</Badge>
          <Badge tone="outline">{value(stats?.channelOnly)} channel-only</Badge>
        </div>
        {channel && <ChannelCampaigns channel={channel} {...(filter ? { filter } : {})} rights={rights} onPromote={onPromote} />}
      </div>
    </Dialog>
  );
}
