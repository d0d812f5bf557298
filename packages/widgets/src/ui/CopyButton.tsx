import { LIMITS } from '@cadence/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import type { ToastInput } from '../provider/toast';
import { Check, Copy, ICON_SIZE } from './icons';

/** Copies `text`, toasts the outcome, and shows a check for 2 seconds (docs/product.md#ads-by-status, docs/product.md#constants). */
export function CopyButton({ text, label, success, failure }: { text: string; label: string; success: ToastInput; failure: ToastInput }): ReactNode {
  const { toast } = useCadence();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), LIMITS.copyIndicatorResetMs);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast(success);
    } catch (error) {
      console.error('[Cadence] copy failed', error);
      toast(failure);
    }
  };
  return (
    <button type="button" className="cad-icon-button" aria-label={copied ? `${label} copied` : `Copy ${label}`} onClick={() => void copy()}>
      {copied ? <Check size={ICON_SIZE} aria-hidden="true" /> : <Copy size={ICON_SIZE} aria-hidden="true" />}
    </button>
  );
}
