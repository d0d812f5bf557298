import { CadenceProvider, Calendar, CampaignList, Gantt, TabPanel, Tabs } from '@cadence/widgets';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadingState } from '../../ui/states';
import { openSharedLink, renewInMs, type SharedState } from './shared-link';

type Tab = 'calendar' | 'timeline' | 'list';
const TABS: Array<{ value: Tab; label: string }> = [
  { value: 'calendar', label: 'Calendar' },
  { value: 'timeline', label: 'Gantt' },
  { value: 'list', label: 'List' },
];

function Card({ title, children }: { title: string; children?: ReactNode }): ReactNode {
  return (
    <div className="state">
      <div className="card card--narrow">
        <h1 className="card__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function PasswordForm({ wrong, onSubmit }: { wrong: boolean; onSubmit: (password: string) => void }): ReactNode {
  const [password, setPassword] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <Card title="This page needs a password">
      <p className="muted">Whoever shared it with you can tell you the password.</p>
      <form className="form shared-page__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>Password</label>
          <input
            id={id} type="password" autoComplete="current-password" value={password} autoFocus
            aria-invalid={wrong || undefined} aria-describedby={wrong ? `${id}-error` : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {wrong && <p id={`${id}-error`} className="form-error" role="alert">That password is not right. Try again.</p>}
        </div>
        <button type="submit" className="button button--primary">Open</button>
      </form>
    </Card>
  );
}

/**
 * The stakeholder page (docs/adr/0061): a saved view shared by link, read-only, without an account.
 * Its widgets read through a client of its own, built on the link's short-lived credential, which
 * the server presents with only the fields the sharer ticked; the page opens the link again before
 * the credential ends.
 */
export function SharedPage(): ReactNode {
  const { token = '' } = useParams();
  const [state, setState] = useState<SharedState>({ kind: 'opening' });
  const [password, setPassword] = useState<string | undefined>(undefined);
  // Each submit is an attempt, the same password again included.
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<Tab>('calendar');
  const idBase = useId();
  const origin = window.location.origin;

  useEffect(() => {
    let live = true;
    void openSharedLink(origin, token, password).then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [origin, token, password, attempt]);

  const expiresAt = state.kind === 'open' ? state.opened.credential_expires_at : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(() => void openSharedLink(origin, token, password, true).then(setState), renewInMs(expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, origin, token, password]);

  if (state.kind === 'opening') return <LoadingState label="Opening the shared page…" />;
  if (state.kind === 'password') return <PasswordForm wrong={state.wrong} onSubmit={(p) => { setPassword(p); setAttempt((n) => n + 1); }} />;
  if (state.kind === 'gone') {
    return (
      <Card title="This link no longer works">
        <p className="muted">It has expired or was revoked, or the address is not complete. Ask whoever shared it for a new link.</p>
      </Card>
    );
  }
  if (state.kind === 'failed') return <Card title="The page could not be opened"><p className="muted">{state.message}</p></Card>;

  const { opened } = state;
  const channel = opened.view.dashboard === 'global' ? {} : { channel: opened.view.dashboard };
  return (
    <CadenceProvider key={opened.credential} apiUrl={origin} accessKey={opened.credential}>
      <main className="page shared-page">
        <header className="page-header">
          <div>
            <h1 className="page-title">{opened.view.name}</h1>
            <p className="page-subtitle">
              Shared by {opened.shared_by || 'a Cadence user'} · read-only · until {opened.expires_on}
            </p>
          </div>
        </header>
        <Tabs label="Shared view" tabs={TABS} value={tab} onChange={setTab} idBase={idBase} className="tabs" />
        <TabPanel idBase={idBase} value={tab} className="tabs">
          {tab === 'calendar' && <Calendar {...channel} editable={false} printTitle={opened.view.name} />}
          {tab === 'timeline' && <Gantt {...channel} editable={false} printTitle={opened.view.name} />}
          {tab === 'list' && <CampaignList {...channel} />}
        </TabPanel>
      </main>
    </CadenceProvider>
  );
}
