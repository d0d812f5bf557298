import { LIMITS } from '@cadence/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  /** 'destructive' for failures (docs/product.md#messages: red). */
  variant?: 'default' | 'destructive';
  /** One button in the toast, e.g. Undo after a move; the toast closes when it is chosen. */
  action?: { label: string; onSelect: () => void };
}

export interface Toast extends ToastInput {
  id: number;
}

export interface ToastSlotProps {
  /** The one toast shown, or null. */
  toast: Toast | null;
  dismiss: () => void;
}

/** One toast at a time; a new one replaces the old; each closes after 5 s (docs/product.md#constants). */
export function useToastState(durationMs: number = LIMITS.toastDurationMs) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => setToast({ ...input, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), durationMs);
    return () => clearTimeout(timer);
  }, [toast, durationMs]);
  return { toast, show, dismiss };
}

/** The default toast slot; pass `toastSlot` to CadenceProvider to render toasts your way. */
export function Toaster({ toast, dismiss }: ToastSlotProps): ReactNode {
  const destructive = toast?.variant === 'destructive';
  return (
    <div className="cad-root cad-toaster">
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          <div className={`cad-toast${destructive ? ' cad-toast--destructive' : ''}`}>
            <div className="cad-toast__body">
              <p className="cad-toast__title">{toast.title}</p>
              {toast.description && <p className="cad-toast__description">{toast.description}</p>}
            </div>
            {toast.action && (
              <button
                type="button"
                className="cad-button cad-button--outline cad-toast__action"
                onClick={() => {
                  dismiss();
                  toast.action?.onSelect();
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button type="button" className="cad-icon-button cad-toast__close" onClick={dismiss} aria-label="Dismiss notification">
              ×
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
