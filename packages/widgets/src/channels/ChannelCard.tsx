import { LIMITS, formatCount, formatYmd, priorityLabel, type Campaign, type CampaignFilter, type ChannelInfo } from '@cadence/core';
import type { ReactNode } from 'react';
import { useCampaignPages } from '../provider/campaign-pages';
import type { CampaignRights } from '../provider/permissions';
import { Badge, EmptyState, LoadError, StatusBadge } from '../ui/bits';
import { TaskProgress } from '../tasks/task-progress';
import { CampaignApproval } from '../approvals/campaign-approval';
import { VirtualList } from '../ui/VirtualList';
import type { ChannelStats } from './channel-stats';

export interface ChannelCardProps {
  channel: ChannelInfo;
  /** The board's filters; the card lists those of its campaigns that pass them. */
  filter?: CampaignFilter;
  /** The server's counts for the channel; undefined while they load. */
  stats: ChannelStats | undefined;
  rights: (c: Campaign) => CampaignRights;
  onOpen: () => void;
  onPromote: (c: Campaign) => void;
}

/** A row is about this tall (title, dates, gap) before it is measured. */
const ROW_ESTIMATE = 78;

/**
 * One channel: dot, label, counts above zero (from the stats route), and a scrollable list
 * (max 400 px) that draws only the rows in view and reads the channel's campaigns a page at a
 * time as it is scrolled (docs/adr/0022).
 */
export function ChannelCard({ channel, filter, stats, rights, onOpen, onPromote }: ChannelCardProps): ReactNode {
  const pages = useCampaignPages({ ...filter, channel: channel.value }, undefined, { toast: false });
  const row = (c: Campaign) => (
    <div className="cad-channel-row">
      <span className={`cad-priority-bar cad-priority--${c.priority}`} role="img" aria-label={`${priorityLabel(c.priority)} priority`} />
      <div className="cad-channel-row__body">
        <div className="cad-inline">
          <span className="cad-channel-row__title">{c.title}</span>
          <StatusBadge status={c.status} />
        </div>
        <div className="cad-card__dates">
          <span>Planning: {formatYmd(c.planning_start_date, 'MMM dd')}</span>
          <span>Live: {formatYmd(c.live_date, 'MMM dd')}</span>
          <TaskProgress campaign={c} />
          <CampaignApproval campaign={c} />
        </div>
        {c.scope === 'channel' && rights(c).promote && (
          <div>
            <button type="button" className="cad-button cad-button--small" onClick={() => onPromote(c)}>
              Promote to Calendar
            </button>
          </div>
        )}
      </div>
    </div>
  );
  let list: ReactNode = null;
  if (pages.status === 'error') list = <LoadError onRetry={pages.refetch} />;
  else if (pages.status === 'success' && pages.items.length === 0) {
    list = <EmptyState title="No campaigns in this channel" text="Create a campaign to get started" />;
  } else if (pages.status === 'success') {
    list = (
      <VirtualList
        items={pages.items}
        keyOf={(c) => c.id}
        renderItem={row}
        estimate={ROW_ESTIMATE}
        gap={8}
        role="list"
        aria-label={`${channel.dashboardLabel} campaigns`}
        hasMore={pages.hasMore}
        loadingMore={pages.loadingMore}
        moreFailed={pages.moreFailed}
        onLoadMore={pages.loadMore}
        loadingMoreText="Loading more campaigns…"
      />
    );
  }
  // The button is named by its own text (no aria-label), so its name contains what it shows:
  // "Open Email Marketing 0 campaigns", seen as "Email Marketing 0" (axe label-content-name-mismatch).
  // No comma: Chromium spaces the flex items apart, and "Marketing , 0" would no longer contain it.
  return (
    <article className="cad-channel-card" aria-label={channel.dashboardLabel}>
      <button type="button" className="cad-channel-card__head" onClick={onOpen}>
        <span className="cad-dot" style={{ background: channel.color }} aria-hidden="true" />
        <span className="cad-sr-only">Open</span>{' '}
        <span className="cad-channel-card__label">{channel.dashboardLabel}</span>{' '}
        {stats && (
          <Badge>
            {formatCount(stats.total)}{' '}
            <span className="cad-sr-only">{stats.total === 1 ? 'campaign' : 'campaigns'}</span>
          </Badge>
        )}
      </button>
      <div className="cad-channel-card__counts">
        {stats && stats.active > 0 && <Badge tone="outline">{formatCount(stats.active)} active</Badge>}
        {stats && stats.planning > 0 && <Badge tone="outline">{formatCount(stats.planning)} planning</Badge>}
        {stats && stats.completed > 0 && <Badge tone="outline">{formatCount(stats.completed)} completed</Badge>}
      </div>
      {/* Its own scroll box: reachable by keyboard (Tab, then arrows) even when no row holds a button. */}
      <div
        className="cad-channel-card__list"
        style={{ maxHeight: LIMITS.channelCardListMaxHeightPx }}
        aria-busy={pages.status === 'loading'}
        role="region"
        aria-label={`${channel.dashboardLabel} campaign list`}
        tabIndex={0}
      >
        {list}
      </div>
    </article>
  );
}
