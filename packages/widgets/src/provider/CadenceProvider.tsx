import { createHttpClient, createRealtimeClient, type AuthUserResponse, type CadenceClient } from '@cadence/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CadenceStyles } from '../styles/CadenceStyles';
import { PartStylesContext } from '../styles/WidgetStyles';
import { CadenceContext, type CadenceContextValue } from './context';
import { QueryStore } from './query-store';
import { SESSION_KEY } from './session-key';
import { connectRealtime, type RealtimeLike } from './realtime-changes';
import { httpUploader, uploaderOf, type AdTypeExampleUploader } from './upload';
import { Toaster, useToastState, type Toast, type ToastSlotProps } from './toast';

export type { RealtimeLike } from './realtime-changes';

export interface CadenceProviderProps {
  /** An injected client (tests, stories, or your own); wins over apiUrl. */
  client?: CadenceClient;
  /** Server base URL; the client adds `/api`. */
  apiUrl?: string;
  /**
   * Signed-in sessions: `getToken` is called before every request; `refreshToken`, when given,
   * after the server refused a token (401), for a new one to send the request again with.
   */
  auth?: {
    getToken: () => string | null | undefined | Promise<string | null | undefined>;
    refreshToken?: () => Promise<string | null | undefined>;
  };
  /** A long-lived access key, for embeds. */
  accessKey?: string;
  /**
   * Who the signed-in user is, when the host has just asked the server (`client.auth.user()`): the
   * widgets start from it rather than ask again, a round trip less before anything is drawn.
   * Used until the widgets have an answer of their own; later ones come from the server.
   */
  user?: AuthUserResponse;
  /**
   * Changes from the server refresh the cached queries. Default with `apiUrl`: core's
   * realtime client, opened on mount and closed on unmount; pass one to inject your own.
   */
  realtime?: RealtimeLike;
  /** Uploads an ad type's example image. Default: the client's own, or `POST /api/storage/ad-type-examples` with `apiUrl`. */
  uploadAdTypeExample?: AdTypeExampleUploader;
  /** The clock for "today" and derived statuses. Default: the real one. */
  now?: () => Date;
  /** Replaces the default toast UI. */
  toastSlot?: (props: ToastSlotProps) => ReactNode;
  /** Called with every toast shown, e.g. to log or forward it. */
  onToast?: (toast: Toast) => void;
  /** Add the widgets' scoped stylesheets to the document (default true): the base once, each widget's part with it. Off when the page links `@cadence/widgets/styles.css`. */
  injectStyles?: boolean;
  children?: ReactNode;
}

function useClient({ client, apiUrl, auth, accessKey }: CadenceProviderProps): CadenceClient {
  const getToken = auth?.getToken;
  const refreshToken = auth?.refreshToken;
  return useMemo(() => {
    if (client) return client;
    if (!apiUrl || (!getToken && !accessKey)) {
      throw new Error('[Cadence] <CadenceProvider> needs a `client`, or an `apiUrl` with `auth.getToken` or `accessKey`.');
    }
    return createHttpClient({
      apiUrl,
      ...(getToken ? { getToken } : {}),
      ...(getToken && refreshToken ? { refreshToken } : {}),
      ...(accessKey ? { accessKey } : {}),
    });
  }, [client, apiUrl, getToken, refreshToken, accessKey]);
}

type TokenGetter = () => string | null | undefined | Promise<string | null | undefined>;
const tokenGetter = ({ auth, accessKey }: CadenceProviderProps): TokenGetter | undefined =>
  auth?.getToken ?? (accessKey ? () => accessKey : undefined);

/** The injected feed, or core's realtime client for `apiUrl` (none for an injected client). */
function useRealtime(props: CadenceProviderProps): RealtimeLike | undefined {
  const { realtime, client, apiUrl } = props;
  const latest = useRef(tokenGetter(props));
  latest.current = tokenGetter(props);
  const canAuth = !!latest.current;
  const [owned, setOwned] = useState<RealtimeLike | undefined>(undefined);
  useEffect(() => {
    if (realtime || client || !apiUrl || !canAuth) return;
    const rt = createRealtimeClient({ apiUrl, getToken: () => latest.current?.() });
    setOwned(rt);
    return () => {
      rt.close();
      setOwned(undefined);
    };
  }, [realtime, client, apiUrl, canAuth]);
  return realtime ?? owned;
}

function useUploader(props: CadenceProviderProps, client: CadenceClient): AdTypeExampleUploader | undefined {
  const { uploadAdTypeExample, apiUrl } = props;
  const latest = useRef(tokenGetter(props));
  latest.current = tokenGetter(props);
  const canAuth = !!latest.current;
  return useMemo(() => {
    if (uploadAdTypeExample) return uploadAdTypeExample;
    const own = uploaderOf(client);
    if (own) return own;
    return apiUrl && canAuth && !props.client ? httpUploader(apiUrl, () => latest.current?.()) : undefined;
  }, [uploadAdTypeExample, client, apiUrl, canAuth, props.client]);
}

/** Supplies the client, the query cache, toasts and the clock to every Cadence widget inside. */
export function CadenceProvider(props: CadenceProviderProps): ReactNode {
  const client = useClient(props);
  const [store] = useState(() => new QueryStore());
  // Before the children render, so their first useSession() finds it (the host's answer may
  // arrive after the provider mounted: the app mounts it while the stored session is checked).
  if (props.user && store.get(SESSION_KEY).status !== 'success') store.restore(SESSION_KEY, props.user);
  const { toast, show, dismiss } = useToastState();
  const { now, onToast, toastSlot: Slot = Toaster, injectStyles = true } = props;
  const realtime = useRealtime(props);
  const upload = useUploader(props, client);

  useEffect(() => {
    if (toast) onToast?.(toast);
  }, [toast, onToast]);

  useEffect(() => {
    if (!realtime) return;
    return connectRealtime(store, realtime);
  }, [realtime, store]);

  const value = useMemo<CadenceContextValue>(
    () => ({ client, store, toast: show, now: now ?? (() => new Date()), ...(upload ? { upload } : {}) }),
    [client, store, show, now, upload],
  );
  return (
    <CadenceContext.Provider value={value}>
      {injectStyles && <CadenceStyles />}
      <PartStylesContext.Provider value={injectStyles}>{props.children}</PartStylesContext.Provider>
      <Slot toast={toast} dismiss={dismiss} />
    </CadenceContext.Provider>
  );
}
