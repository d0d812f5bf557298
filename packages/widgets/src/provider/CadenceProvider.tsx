import { createHttpClient, type CadenceClient } from '@cadence/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CadenceStyles } from '../styles/CadenceStyles';
import { CadenceContext, type CadenceContextValue } from './context';
import { QueryStore } from './query-store';
import { Toaster, useToastState, type Toast, type ToastSlotProps } from './toast';

/** The part of core's realtime client the provider uses: a change on a topic refetches it. */
export interface RealtimeLike {
  subscribe(topic: 'campaigns', onChange: (change: unknown) => void): () => void;
  onResync?(handler: () => void): () => void;
}

export interface CadenceProviderProps {
  /** An injected client (tests, stories, or your own); wins over apiUrl. */
  client?: CadenceClient;
  /** Server base URL; the client adds `/api`. */
  apiUrl?: string;
  /** Signed-in sessions: called before every request. */
  auth?: { getToken: () => string | null | undefined | Promise<string | null | undefined> };
  /** A long-lived access key, for embeds. */
  accessKey?: string;
  /** When given, campaign changes from the server refresh the cached queries. */
  realtime?: RealtimeLike;
  /** The clock for "today" and derived statuses. Default: the real one. */
  now?: () => Date;
  /** Replaces the default toast UI. */
  toastSlot?: (props: ToastSlotProps) => ReactNode;
  /** Called with every toast shown, e.g. to log or forward it. */
  onToast?: (toast: Toast) => void;
  /** Add the widgets' scoped stylesheet to the document (default true). */
  injectStyles?: boolean;
  children?: ReactNode;
}

function useClient({ client, apiUrl, auth, accessKey }: CadenceProviderProps): CadenceClient {
  const getToken = auth?.getToken;
  return useMemo(() => {
    if (client) return client;
    if (!apiUrl || (!getToken && !accessKey)) {
      throw new Error('[Cadence] <CadenceProvider> needs a `client`, or an `apiUrl` with `auth.getToken` or `accessKey`.');
    }
    return createHttpClient({ apiUrl, ...(getToken ? { getToken } : {}), ...(accessKey ? { accessKey } : {}) });
  }, [client, apiUrl, getToken, accessKey]);
}

/** Supplies the client, the query cache, toasts and the clock to every Cadence widget inside. */
export function CadenceProvider(props: CadenceProviderProps): ReactNode {
  const client = useClient(props);
  const [store] = useState(() => new QueryStore());
  const { toast, show, dismiss } = useToastState();
  const { now, onToast, realtime, toastSlot: Slot = Toaster, injectStyles = true } = props;

  useEffect(() => {
    if (toast) onToast?.(toast);
  }, [toast, onToast]);

  useEffect(() => {
    if (!realtime) return;
    const refetch = () => store.invalidate('campaigns');
    const offChange = realtime.subscribe('campaigns', refetch);
    const offResync = realtime.onResync?.(refetch);
    return () => {
      offChange();
      offResync?.();
    };
  }, [realtime, store]);

  const value = useMemo<CadenceContextValue>(
    () => ({ client, store, toast: show, now: now ?? (() => new Date()) }),
    [client, store, show, now],
  );
  return (
    <CadenceContext.Provider value={value}>
      {injectStyles && <CadenceStyles />}
      {props.children}
      <Slot toast={toast} dismiss={dismiss} />
    </CadenceContext.Provider>
  );
}
