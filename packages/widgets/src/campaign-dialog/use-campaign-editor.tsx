import type { Campaign } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { CampaignDialogView } from './CampaignDialog';

/** Opens the built-in edit dialog, or hands the campaign to the host's `onEditCampaign`. */
export function useCampaignEditor(onEditCampaign?: (c: Campaign) => void): { edit: (c: Campaign) => void; create: () => void; dialog: ReactNode } {
  const [state, setState] = useState<{ open: boolean; campaign: Campaign | null }>({ open: false, campaign: null });
  return {
    edit: (c) => (onEditCampaign ? onEditCampaign(c) : setState({ open: true, campaign: c })),
    create: () => setState({ open: true, campaign: null }),
    dialog: (
      <CampaignDialogView open={state.open} campaign={state.campaign} onOpenChange={(open) => setState((s) => ({ ...s, open }))} />
    ),
  };
}
