import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { startHostileIssuer, type HostileIssuer, type Lie } from '../../test/hostile-issuer';
import { signInThroughProvider } from '../../test/oidc-provider';

/** Against an issuer that lies on demand: every lie is refused, with a clear code and no session. */
let issuer: HostileIssuer;
let t: TestServer;
const LIMIT = 9;

beforeAll(async () => {
  issuer = await startHostileIssuer();
  t = await startTestServer({ OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: issuer.clientId, OIDC_NAME: 'Hostile', RATE_SIGNIN_PER_IP: LIMIT });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

const outcome = async () => new URLSearchParams(new URL(await signInThroughProvider(t.services.site.url, 'mallory')).hash.slice(1));
const count = async (table: string) => Number((await t.services.db(table).count({ n: '*' }))[0]!.n);

describe('what the provider says is verified before anyone is signed in', () => {
  it('should sign in when the issuer tells the truth (the baseline the refusals differ from)', async () => {
    issuer.lie = 'none';
    const got = await outcome();
    expect(got.get('sso_code')).toBeTruthy();
    const session = await t.api('POST', '/api/auth/sso/exchange', { body: { code: got.get('sso_code') } });
    expect(session.body.user.email).toBe('mallory@example.com');
  });

  const cases: Array<[Lie, string]> = [
    ['forged-signature', 'token_invalid'],
    ['wrong-audience', 'token_invalid'],
    ['expired', 'token_invalid'],
    ['wrong-nonce', 'token_invalid'],
    ['wrong-issuer', 'token_invalid'],
    ['access-denied', 'provider_error'],
  ];
  for (const [lie, code] of cases) {
    it(`should refuse an ID token with ${lie} as ${code}, issuing no session`, async () => {
      issuer.lie = lie;
      const [sessions, handoffs] = [await count('refresh_tokens'), await count('sso_handoffs')];
      const got = await outcome();
      expect(got.get('sso_error')).toBe(code);
      expect(got.get('sso_code')).toBeNull();
      expect([await count('refresh_tokens'), await count('sso_handoffs')]).toEqual([sessions, handoffs]);
    });
  }

  it('should rate-limit failed callbacks per IP, like password sign-in', async () => {
    issuer.lie = 'expired';
    let last = '';
    for (let i = 0; i < LIMIT; i++) last = (await outcome()).get('sso_error') ?? '';
    expect(last).toBe('rate_limited');
    issuer.lie = 'none';
    expect((await outcome()).get('sso_error')).toBe('rate_limited');
  });
});
