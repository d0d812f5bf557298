import { lazyDialog } from '../ui/lazy-dialog';
import type { NewFromTemplateDialogProps } from './NewFromTemplateDialog';

/** "New campaign from template", its code loaded when it first opens: the dashboard's first paint does not carry it. */
export const NewFromTemplateDialog = lazyDialog<NewFromTemplateDialogProps>(() => import('./NewFromTemplateDialog').then((m) => m.NewFromTemplateDialog));
