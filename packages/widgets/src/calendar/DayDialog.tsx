import { campaignCountLabel, deriveDisplayStatus, formatYmd, type Campaign, type ScheduleView, type Ymd } from '@cadence/core';
import type { ReactNode } from 'react';
import type { AnyCampaign, CampaignRights } from '../provider/permissions';
import { Badge, EmptyState } from '../ui/bits';
import { Dialog } from '../ui/Dialog';
import { CampaignCard } from './CampaignCard';

export interface DayDialogProps {
  day: Ymd | null;
  view: ScheduleView;
  campaigns: readonly AnyCampaign[];
  now: Date;
  rights: (c: AnyCampaign) => CampaignRights;
  onClose: () => void;
  onEdit: (c: Campaign) => void;
}

/** Every campaign of one day, with the full date, the count and the view's subtitle. */
export function DayDialog({ day, view, campaigns, now, rights, onClose, onEdit }: DayDialogProps): ReactNode {
  return (
    <Dialog
      open={day !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={day ? formatYmd(day, 'EEEE, MMMM d, yyyy') : ''}
      headerExtra={<Badge tone="accent">{campaignCountLabel(campaigns.length)}</Badge>}
      description={view === 'planning' ? 'Planning timeline' : 'Live campaigns'}
    >
      <div className="cad-dialog__body cad-stack">
        {campaigns.length === 0 ? (
          <EmptyState title="No campaigns scheduled for this day" text={view === 'planning' ? 'No planning activities' : 'No live campaigns'} />
        ) : (
          campaigns.map((c) => (
            <CampaignCard key={c.id} campaign={c} status={deriveDisplayStatus(c, now)} rights={rights(c)} onEdit={onEdit} />
          ))
        )}
      </div>
    </Dialog>
  );
}
