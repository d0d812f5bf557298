import { CHANNELS, CadenceApiError, can, createHttpClient, type SsoMappingRecord } from '@cadence/core';
import { useSession } from '@cadence/widgets';
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useAuth } from '../../auth/auth-context';

const GRANTS: Array<{ value: string; label: string }> = [
  { value: 'admin', label: 'Administrator' },
  { value: 'global_view', label: 'View all campaigns (global)' },
  { value: 'global_create', label: 'Create global campaigns' },
  ...CHANNELS.flatMap((c) => [
    { value: `channel_view:${c.value}`, label: `View ${c.label}` },
    { value: `channel_create:${c.value}`, label: `Create in ${c.label}` },
  ]),
];
const labelOf = (grant: string) => GRANTS.find((g) => g.value === grant)?.label ?? grant;

/**
 * Settings → single sign-on groups (docs/adr/0027): which provider claim values grant what.
 * Shown to administrators when the server has single sign-on; changes reach each user at their
 * next sign-in or refresh check.
 */
export function SsoMappingsPanel(): ReactNode {
  const { providers, getAccessToken, renewAccessToken } = useAuth();
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'user');
  const client = useMemo(() => createHttpClient({ apiUrl: window.location.origin, getToken: getAccessToken, refreshToken: renewAccessToken }), [getAccessToken, renewAccessToken]);
  const [mappings, setMappings] = useState<SsoMappingRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [claim, setClaim] = useState('groups');
  const [grant, setGrant] = useState(GRANTS[3]!.value);
  const id = useId();

  const reload = useCallback(() => client.ssoMappings.list().then(setMappings, (err) => setError(messageOf(err))), [client]);
  useEffect(() => {
    if (admin && providers?.sso) void reload();
  }, [admin, providers, reload]);
  if (!admin || !providers?.sso) return null;

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await client.ssoMappings.create({ claim: claim.trim() || 'groups', value: value.trim(), grant });
      setValue('');
      await reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const remove = async (m: SsoMappingRecord) => {
    setError(null);
    try {
      await client.ssoMappings.remove(m.id);
      await reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section className="card sso-mappings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">Single sign-on groups</h2>
      <p className="muted">
        People who sign in with {providers.sso.name} get these permissions from their groups, checked at each sign-in and at least every few minutes
        after. Permissions granted by hand above are never removed by this.
      </p>
      {error && <p className="form-error" role="alert">{error}</p>}
      {mappings?.length ? (
        <table className="sso-mappings__table">
          <thead>
            <tr><th scope="col">Claim</th><th scope="col">Contains</th><th scope="col">Grants</th><th scope="col">Action</th></tr>
          </thead>
          <tbody>
            {mappings.map((m) => (
              <tr key={m.id}>
                <td>{m.claim}</td>
                <td>{m.value}</td>
                <td>{labelOf(m.grant)}</td>
                <td>
                  <button type="button" className="link-button" onClick={() => void remove(m)} aria-label={`Remove ${m.value} → ${labelOf(m.grant)}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        mappings && <p className="muted">No groups are mapped yet.</p>
      )}
      <form className="form sso-mappings__form" onSubmit={(e) => void add(e)}>
        <div className="field">
          <label htmlFor={`${id}-value`}>Group (claim value)</label>
          <input id={`${id}-value`} required maxLength={300} placeholder="marketing-email" value={value} onChange={(e) => setValue(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-grant`}>Grants</label>
          <select id={`${id}-grant`} value={grant} onChange={(e) => setGrant(e.target.value)}>
            {GRANTS.map((g) => <option key={g.value} value={g.value}>{g.label}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-claim`}>Claim</label>
          <input id={`${id}-claim`} maxLength={100} value={claim} onChange={(e) => setClaim(e.target.value)} />
        </div>
        <button type="submit" className="button button--primary">Add mapping</button>
      </form>
    </section>
  );
}

const messageOf = (err: unknown) => (err instanceof CadenceApiError || err instanceof Error ? err.message : String(err));
