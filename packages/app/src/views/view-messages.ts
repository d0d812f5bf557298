import type { ToastInput } from '@cadence/widgets';

/** The saved views' toasts (docs/adr/0032). */
export const VIEW_TOASTS = {
  saved: { title: 'View saved' },
  saveError: { title: 'Could not save the view', description: 'Please try again.', variant: 'destructive' },
  renamed: { title: 'View renamed' },
  renameError: { title: 'Could not rename the view', description: 'Please try again.', variant: 'destructive' },
  deleted: (name: string): ToastInput => ({ title: 'View deleted', description: `“${name}” was deleted.` }),
  restored: { title: 'View restored' },
} as const satisfies Record<string, ToastInput | ((name: string) => ToastInput)>;
