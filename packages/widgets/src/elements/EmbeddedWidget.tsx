import { createHttpClient, createRealtimeClient, type CadenceClient } from '@cadence/core';
import { useEffect, useMemo, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { CadenceProvider, type RealtimeLike } from '../provider/CadenceProvider';
import { PartStylesContext } from '../styles/WidgetStyles';
import { readOnlyUser, type ElementConfig } from './config';
import { getSession, setSession, subscribeSessions } from './session-store';

/** A widget as an element renders it: its props come from the attributes, as strings. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WidgetComponent = (props: any) => ReactNode;
/** The widgets with a Print button (docs/adr/0033). */
const PRINTABLE = new Set(['Calendar', 'Gantt']);

export interface EmbeddedWidgetProps {
  config: ElementConfig;
  /** The widget to render (the element's; passed in so a one-widget bundle holds only that widget). */
  widget: WidgetComponent;
  /** An injected client (tests, stories); otherwise one is made from api-url and the key or session. */
  client?: CadenceClient;
}

/** The same client, except that `auth.user()` reports read-only abilities. */
function readOnlyClient(client: CadenceClient): CadenceClient {
  return { ...client, auth: { ...client.auth, user: async () => readOnlyUser(await client.auth.user()) } };
}

function Message({ children }: { children: ReactNode }): ReactNode {
  return (
    <div className="cad-root cad-embed-message" role="alert">
      {children}
    </div>
  );
}

const WHAT: Record<string, string> = {
  '<cadence-calendar>': 'calendar',
  '<cadence-gantt>': 'timeline',
  '<cadence-channel-board>': 'channel board',
  '<cadence-ideas>': 'board of ideas',
  '<cadence-ad-manager>': 'ad manager',
  '<cadence-events>': 'list of events',
  '<cadence-permissions>': 'permissions panel',
};

function SignIn({ apiUrl, tag }: { apiUrl: string; tag: string }): ReactNode {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSession(apiUrl, await createHttpClient({ apiUrl }).auth.signIn(email, password));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed.');
      setBusy(false);
    }
  };
  return (
    <div className="cad-root">
    <form className="cad-panel cad-embed-signin" aria-label="Sign in to Cadence" data-element={tag} onSubmit={(e) => void submit(e)}>
      <p className="cad-panel__title">Sign in to Cadence</p>
      <p className="cad-embed-signin__hint">Sign in with your Cadence account to see this {WHAT[tag] ?? 'view'}.</p>
      <label className="cad-field">
        <span>Email</span>
        <input className="cad-input" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="cad-field">
        <span>Password</span>
        <input className="cad-input" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="cad-embed-signin__error" role="alert">{error}</p>}
      <button type="submit" className="cad-button cad-button--primary" disabled={busy}>{busy ? 'Signing in…' : 'Sign In'}</button>
    </form>
    </div>
  );
}

/** Opens core's realtime feed for an injected (read-only) client, closed on unmount. */
function useOwnRealtime(apiUrl: string, getToken: () => string | null | undefined, enabled: boolean): RealtimeLike | undefined {
  const [rt, setRt] = useState<RealtimeLike | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    const own = createRealtimeClient({ apiUrl, getToken });
    setRt(own);
    return () => {
      own.close();
      setRt(undefined);
    };
  }, [apiUrl, getToken, enabled]);
  return rt;
}

function Connected({ config, widget: Widget, apiUrl, token, onSignOut }: { config: ElementConfig; widget: WidgetComponent; apiUrl: string; token: { accessKey?: string; session?: string }; onSignOut?: () => void }): ReactNode {
  const getToken = useMemo(() => () => token.session ?? token.accessKey, [token.session, token.accessKey]);
  const auth = useMemo(() => (token.session ? { getToken } : undefined), [token.session, getToken]);
  // `read-only`: a client whose abilities are read-only; then the realtime feed is ours to open.
  const client = useMemo(
    () => (config.readOnly ? readOnlyClient(createHttpClient({ apiUrl, getToken })) : undefined),
    [config.readOnly, apiUrl, getToken],
  );
  const realtime = useOwnRealtime(apiUrl, getToken, config.readOnly);
  const providerProps = client
    ? { client, ...(realtime ? { realtime } : {}) }
    : { apiUrl, ...(auth ? { auth } : { accessKey: token.accessKey! }) };
  return (
    <CadenceProvider {...providerProps} injectStyles={false}>
      {/* The props are initial state in the widgets: a new value remounts the widget. The shadow root holds the base sheet; the widget adds its own part. */}
      <PartStylesContext.Provider value>
        {/* Behind an access key the signed-in user is the key's maker, not the reader: a printout leaves out "by" (ADR 33). */}
        <Widget key={JSON.stringify(config.props)} {...config.props} {...(!token.session && PRINTABLE.has(config.widget) ? { printedBy: null } : {})} />
      </PartStylesContext.Provider>
      {onSignOut && (
        <div className="cad-root cad-embed-signout">
          <button type="button" className="cad-button cad-button--ghost cad-button--small" onClick={onSignOut}>Sign out of Cadence</button>
        </div>
      )}
    </CadenceProvider>
  );
}

/** What one custom element renders: a misuse message, the sign-in prompt, or the widget in its provider. */
export function EmbeddedWidget({ config, widget: Widget, client }: EmbeddedWidgetProps): ReactNode {
  const apiUrl = config.apiUrl ?? '';
  const session = useSyncExternalStore(subscribeSessions, () => (apiUrl ? getSession(apiUrl) : null), () => null);
  const injected = useMemo(() => (client && config.readOnly ? readOnlyClient(client) : client), [client, config.readOnly]);
  // A new provider (and query cache) when the credentials or read-only change.
  const mode = config.readOnly ? 'read-only' : 'read-write';
  if (injected) {
    return (
      <CadenceProvider key={mode} client={injected} injectStyles={false}>
        <PartStylesContext.Provider value>
          <Widget key={JSON.stringify(config.props)} {...config.props} />
        </PartStylesContext.Provider>
      </CadenceProvider>
    );
  }
  if (config.errors.length) {
    return (
      <Message>
        {config.errors.map((e) => (
          <p key={e} className="cad-embed-message__line">{e}</p>
        ))}
      </Message>
    );
  }
  if (config.accessKey) {
    return <Connected key={`${apiUrl} key ${mode}`} config={config} widget={Widget} apiUrl={apiUrl} token={{ accessKey: config.accessKey }} />;
  }
  if (session) {
    return <Connected key={`${apiUrl} session ${mode}`} config={config} widget={Widget} apiUrl={apiUrl} token={{ session: session.access_token }} onSignOut={() => setSession(apiUrl, null)} />;
  }
  return <SignIn apiUrl={apiUrl} tag={`<${config.tag}>`} />;
}
