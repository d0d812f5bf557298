import type { CadenceClient } from '@cadence/core';
import { createContext, useContext } from 'react';
import type { QueryStore } from './query-store';
import type { ToastInput } from './toast';
import type { AdTypeExampleUploader } from './upload';

export interface CadenceContextValue {
  client: CadenceClient;
  store: QueryStore;
  toast: (t: ToastInput) => void;
  /** The clock; tests and stories inject a fixed one. */
  now: () => Date;
  /** Uploads an ad type's example image; absent when the provider has no way to. */
  upload?: AdTypeExampleUploader;
}

export const CadenceContext = createContext<CadenceContextValue | null>(null);

/**
 * The element dialogs and menus portal into: the nearest widget root, so styles apply (and
 * Shadow DOM works). `null` while that root is not mounted yet; `undefined` outside any widget
 * (they portal into the body).
 */
export const PortalRootContext = createContext<HTMLElement | null | undefined>(undefined);

/** The provider's client, store, toasts and clock; says what is wrong when used outside one. */
export function useCadence(component = 'This component'): CadenceContextValue {
  const ctx = useContext(CadenceContext);
  if (!ctx) {
    throw new Error(`[Cadence] ${component} must be rendered inside <CadenceProvider>, or be given a \`client\` prop.`);
  }
  return ctx;
}
