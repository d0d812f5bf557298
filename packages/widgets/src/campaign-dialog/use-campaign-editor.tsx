import type { Campaign } from '@cadence/core';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';

// Loaded on the first edit or create (docs/performance.md, code splitting): the calendar, the Gantt and the lists show the
// plan without the form, its checks and its History tab, which most visits never open.
const CampaignDialogView = lazy(() => import('./CampaignDialog').then((m) => ({ default: m.CampaignDialogView })));

/** Opens the built-in edit dialog, or hands the campaign to the host's `onEditCampaign`. */
export function useCampaignEditor(onEditCampaign?: (c: Campaign) => void): { edit: (c: Campaign) => void; create: () => void; dialog: ReactNode } {
  const [state, setState] = useState<{ open: boolean; campaign: Campaign | null; used: boolean }>({ open: false, campaign: null, used: false });
  // Stable callbacks (the host's latest handler is read when called), so memoised rows of cards stay drawn.
  const host = useRef(onEditCampaign);
  host.current = onEditCampaign;
  const edit = useCallback((c: Campaign) => (host.current ? host.current(c) : setState({ open: true, campaign: c, used: true })), []);
  const create = useCallback(() => setState({ open: true, campaign: null, used: true }), []);
  return {
    edit,
    create,
    dialog: state.used && (
      <Suspense fallback={null}>
        <CampaignDialogView open={state.open} campaign={state.campaign} onOpenChange={(open) => setState((s) => ({ ...s, open }))} />
      </Suspense>
    ),
  };
}
