import type { ReactNode, RefObject } from 'react';

// The layers' props, a leaf module: the components (Dialog.tsx, Menu.tsx) and the code they load
// on first use (floating/) both read them.

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content beside the title (badges). */
  headerExtra?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /** What gets focus on open: the nth tabbable element inside (default 0, else the dialog itself), or this element. */
  initialFocus?: number | RefObject<HTMLElement | null>;
  children?: ReactNode;
}

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}
