import { CAMPAIGN_STATUSES, can, dayDialogChannels, formatYmd, statusLabel, type Campaign, type CampaignStatus } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { useCampaignActions } from '../provider/campaign-actions';
import { useSession } from '../provider/session';
import { isVirtual, type AnyCampaign, type CampaignRights } from '../provider/permissions';
import { Badge, ChannelChip, PriorityDot, StatusBadge } from '../ui/bits';
import { Menu, type MenuItem } from '../ui/Menu';
import { TaskProgress } from '../tasks/task-progress';
import { CampaignApproval } from '../approvals/campaign-approval';
import { lazyDialog } from '../ui/lazy-dialog';

// A reader's way to a campaign's tasks (an editor has the Tasks tab), loaded when first opened.
const TasksDialog = lazyDialog(() => import('../tasks/TasksDialog').then((m) => m.TasksDialog));
import { DeleteCampaignDialog } from './DeleteCampaignDialog';

export interface CampaignCardProps {
  campaign: AnyCampaign;
  /** The badge's status: derived from dates in the calendar, stored elsewhere. */
  status: CampaignStatus;
  rights: CampaignRights;
  onEdit: (c: Campaign) => void;
  /** The title's heading level: 3 in the day dialog, 4 under the phone agenda's day headings. */
  headingLevel?: 3 | 4;
}

const swallow = () => undefined;

/** Title, priority, description, 'MMM dd' dates, status, channels, owner; edit and the six actions. */
export function CampaignCard({ campaign: c, status, rights, onEdit, headingLevel = 3 }: CampaignCardProps): ReactNode {
  const Title = headingLevel === 4 ? 'h4' : 'h3';
  const actions = useCampaignActions();
  const [confirming, setConfirming] = useState(false);
  const [tasksOpen, setTasksOpen] = useState(false);
  // A key or stakeholder link bound to a view reads campaigns alone: no Tasks button that would fail.
  const readsTasks = can(useSession().principal, 'read', 'task');
  const channels = dayDialogChannels(c.channels);
  const row = isVirtual(c) ? null : c;
  const items: MenuItem[] = row
    ? [
        { label: 'Edit Campaign', onSelect: () => onEdit(row) },
        ...CAMPAIGN_STATUSES.map((s) => ({
          label: `Mark as ${statusLabel(s)}`,
          onSelect: () => void actions.setStatus(row, s).catch(swallow),
        })),
        { label: 'Delete Campaign', onSelect: () => setConfirming(true), danger: true },
      ]
    : [];
  return (
    <article className="cad-card" aria-label={c.title}>
      <div className="cad-card__head">
        <PriorityDot priority={c.priority} />
        <Title className="cad-card__title">{c.title}</Title>
        {/* One group: on a narrow card it moves under the title whole, rather than leaving the menu alone on a line. */}
        <span className="cad-card__actions">
          <StatusBadge status={status} />
          {isVirtual(c) && <Badge tone="outline">Read-only</Badge>}
          {row && rights.edit && (
            <>
              <button type="button" className="cad-button cad-button--ghost" aria-label={`Edit ${c.title}`} onClick={() => onEdit(row)}>
                Edit
              </button>
              <Menu label={`Actions for ${c.title}`} items={items} />
            </>
          )}
          {/* Readers open its tasks and its review here (docs/adr/0049, 0056): a reviewer may decide with view rights alone. */}
          {row && !rights.edit && readsTasks && (
            <button type="button" className="cad-button cad-button--ghost" aria-label={`Tasks of ${c.title}`} onClick={() => setTasksOpen(true)}>
              Tasks
            </button>
          )}
        </span>
      </div>
      {c.description && <p className="cad-card__description">{c.description}</p>}
      <p className="cad-card__dates">
        <span>Planning: {formatYmd(c.planning_start_date, 'MMM dd')}</span>
        <span>Live: {formatYmd(c.live_date, 'MMM dd')}</span>
        <TaskProgress campaign={c} />
        <CampaignApproval campaign={c} />
      </p>
      <div className="cad-card__channels">
        {channels.shown.map((ch) => (
          <ChannelChip key={ch} channel={ch} />
        ))}
        {channels.moreLabel && <Badge tone="outline">{channels.moreLabel}</Badge>}
      </div>
      {c.owner && <p className="cad-card__owner">Owner: {c.owner}</p>}
      {row && !rights.edit && readsTasks && <TasksDialog campaign={row} open={tasksOpen} onOpenChange={setTasksOpen} />}
      {row && (
        <DeleteCampaignDialog
          title={c.title}
          open={confirming}
          onOpenChange={setConfirming}
          onConfirm={() => void actions.remove(row).catch(swallow)}
        />
      )}
    </article>
  );
}
