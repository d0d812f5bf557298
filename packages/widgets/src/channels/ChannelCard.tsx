import { LIMITS, formatYmd, priorityLabel, type Campaign, type ChannelInfo } from '@cadence/core';
import type { ReactNode } from 'react';
import type { CampaignRights } from '../provider/permissions';
import { Badge, EmptyState, StatusBadge } from '../ui/bits';
import { channelStats } from './channel-stats';

export interface ChannelCardProps {
  channel: ChannelInfo;
  campaigns: Campaign[];
  rights: (c: Campaign) => CampaignRights;
  onOpen: () => void;
  onPromote: (c: Campaign) => void;
}

/** One channel: dot, label, counts above zero, and a scrollable list (max 400 px). */
export function ChannelCard({ channel, campaigns, rights, onOpen, onPromote }: ChannelCardProps): ReactNode {
  const stats = channelStats(campaigns);
  return (
    <article className="cad-channel-card" aria-label={channel.dashboardLabel}>
      <button type="button" className="cad-channel-card__head" onClick={onOpen} aria-label={`Open ${channel.dashboardLabel}, ${stats.total} campaigns`}>
        <span className="cad-dot" style={{ background: channel.color }} aria-hidden="true" />
        <span className="cad-channel-card__label">{channel.dashboardLabel}</span>
        <Badge>{stats.total}</Badge>
      </button>
      <div className="cad-channel-card__counts">
        {stats.active > 0 && <Badge tone="outline">{stats.active} active</Badge>}
        {stats.planning > 0 && <Badge tone="outline">{stats.planning} planning</Badge>}
        {stats.completed > 0 && <Badge tone="outline">{stats.completed} completed</Badge>}
      </div>
      <div className="cad-channel-card__list" style={{ maxHeight: LIMITS.channelCardListMaxHeightPx }}>
        {campaigns.length === 0 ? (
          <EmptyState title="No campaigns in this channel" text="Create a campaign to get started" />
        ) : (
          campaigns.map((c) => (
            <div key={c.id} className="cad-channel-row">
              <span className={`cad-priority-bar cad-priority--${c.priority}`} role="img" aria-label={`${priorityLabel(c.priority)} priority`} />
              <div className="cad-channel-row__body">
                <div className="cad-inline">
                  <span className="cad-channel-row__title">{c.title}</span>
                  <StatusBadge status={c.status} />
                </div>
                <div className="cad-card__dates">
                  <span>Planning: {formatYmd(c.planning_start_date, 'MMM dd')}</span>
                  <span>Live: {formatYmd(c.live_date, 'MMM dd')}</span>
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
          ))
        )}
      </div>
    </article>
  );
}
