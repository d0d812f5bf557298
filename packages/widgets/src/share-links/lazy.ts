import { lazyDialog } from '../ui/lazy-dialog';
import type { ShareLinkDialogProps } from './ShareLinkDialog';

/** "Share link…" of a saved view, its code loaded when it first opens: the side bar, on every page, does not carry it. */
export const ShareLinkDialog = lazyDialog<ShareLinkDialogProps>(() => import('./ShareLinkDialog').then((m) => m.ShareLinkDialog));
