import { formatYmd, priorityLabel, type Campaign, type ChannelInfo } from '@cadence/core';
import type { ReactNode } from 'react';
import type { CampaignRights } from '../provider/permissions';
import { Badge, EmptyState, StatusBadge } from '../ui/bits';
import { Dialog } from '../ui/Dialog';
import { channelStats } from './channel-stats';

export interface ChannelDialogProps {
  channel: ChannelInfo | null;
  campaigns: Campaign[];
  rights: (c: Campaign) => CampaignRights;
  onClose: () => void;
  onPromote: (c: Campaign) => void;
}

/** A channel's stats, its global and channel-only counts, and every campaign in full. */
export function ChannelDialog({ channel, campaigns, rights, onClose, onPromote }: ChannelDialogProps): ReactNode {
  const stats = channelStats(campaigns);
  const date = (ymd: string | null) => (ymd ? formatYmd(ymd, 'MMM dd, yyyy') : 'Ongoing');
  return (
    <Dialog open={channel !== null} onOpenChange={(open) => !open && onClose()} size="lg" title={channel?.dashboardLabel ?? ''}>
      <div className="cad-dialog__body cad-stack">
        <dl className="cad-stats">
          {(['Total', 'Active', 'Planning', 'Completed'] as const).map((label) => (
            <div key={label} className="cad-stat">
              <dt className="cad-stat__label">{label}</dt>
              <dd className="cad-stat__value">{stats[label.toLowerCase() as 'total']}</dd>
            </div>
          ))}
        </dl>
        <div className="cad-inline">
          <Badge tone="outline">{stats.global} global</Badge>
          <Badge tone="outline">{stats.channelOnly} channel-only</Badge>
        </div>
        {campaigns.length === 0 ? (
          <EmptyState title="No campaigns found" text={`Create your first campaign for ${channel?.dashboardLabel ?? ''} to get started.`} />
        ) : (
          campaigns.map((c) => (
            <article key={c.id} className="cad-card" aria-label={c.title}>
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
          ))
        )}
      </div>
    </Dialog>
  );
}
