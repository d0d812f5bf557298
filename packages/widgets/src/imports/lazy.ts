import { lazyDialog } from '../ui/lazy-dialog';
import type { ImportCampaignsDialogProps } from './ImportCampaignsDialog';

/** "Import campaigns", its code loaded when it first opens: the dashboard's first paint does not carry it. */
export const ImportCampaignsDialog = lazyDialog<ImportCampaignsDialogProps>(() => import('./ImportCampaignsDialog').then((m) => m.ImportCampaignsDialog));
