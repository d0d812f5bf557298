import { LIMITS } from '@cadence/core';
import { Toaster, type Toast, type ToastInput } from '@cadence/widgets';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

type Show = (toast: ToastInput) => void;
const ToastContext = createContext<Show | null>(null);

/**
 * The app's one toast slot (docs/product.md#constants: one toast at a time, closing after 5 seconds). The
 * widgets' own toasts are forwarded here, so a toast survives the widgets' provider being
 * remounted (e.g. 'Signed out').
 */
export function ToastProvider({ children }: { children: ReactNode }): ReactNode {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);
  const show = useCallback<Show>((input) => setToast({ ...input, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), LIMITS.toastDurationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toast={toast} dismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): Show {
  const show = useContext(ToastContext);
  if (!show) throw new Error('[Cadence] useToast must be used within a ToastProvider');
  return show;
}
