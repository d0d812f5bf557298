import type { Campaign } from '@cadence/core';
import type { ReactNode } from 'react';
import pagesCss from '../styles/pages.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { Dialog } from '../ui/Dialog';
import { TasksPanel } from './TasksPanel';
import { ReviewPanel } from '../approvals/ReviewPanel';

export interface TasksDialogProps {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A campaign's tasks and review on their own, for those who may read it but not edit it (no campaign form to open): they tick their own tasks and decide their reviews. */
export function TasksDialog({ campaign, open, onOpenChange }: TasksDialogProps): ReactNode {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Tasks: ${campaign.title}`} size="md">
      {open && (
        <>
          <WidgetStyles css={pagesCss} />
          <TasksPanel campaign={campaign} />
          {/* Reviewers often read a campaign without editing it: they decide here (docs/adr/0056). */}
          <h3 className="cad-review__title">Review</h3>
          <ReviewPanel campaign={campaign} />
        </>
      )}
    </Dialog>
  );
}
