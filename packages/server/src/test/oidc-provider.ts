import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for tests: panva's certified `oidc-provider`, in-process on loopback,
 * with its own users and groups. The login page is ours (a plain form), consent is implied for
 * the test client, and refresh tokens are issued so Cadence can re-check users at refresh.
 */
export interface TestAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Users by login (their `sub`); change or delete entries to change what the provider says. */
  accounts: Map<string, TestAccount>;
  /** Must be called once Cadence's address is known, before the first sign-in. */
  register(...redirectUris: string[]): Promise<void>;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test IdP</title></head><body>
<main><h1>Test IdP</h1>${error ? `<p role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login">
<label>Username <input name="login" autocomplete="username" autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Log in to Test IdP</button></form></main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

export async function startTestProvider(options: { clientId?: string; clientSecret?: string } = {}): Promise<TestProvider> {
  const clientId = options.clientId ?? 'cadence-test';
  const clientSecret = options.clientSecret ?? 'cadence-test-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();
  let provider: Provider | undefined;

  const server = http.createServer((req, res) => {
    void (async () => {
      if (!provider) {
        res.statusCode = 503;
        return res.end('not registered yet');
      }
      const m = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
      if (!m) return provider.callback()(req, res);
      const details = await provider.interactionDetails(req, res);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      if (!m[2]) return res.end(loginPage(details.uid));
      const login = (await readForm(req)).get('login') ?? '';
      if (!accounts.has(login)) return res.end(loginPage(details.uid, `No user ${login} at Test IdP`));
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    })().catch((err) => {
      res.statusCode = 500;
      res.end(String(err?.message ?? err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    async register(...redirectUris) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [jwk as never] },
        cookies: { keys: ['test-provider-cookie-key'] },
        claims: { openid: ['sub', 'groups'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        pkce: { required: () => true },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, RefreshToken: 86_400, AuthorizationCode: 60 },
        adapter: undefined,
        issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
        expiresWithSession: async () => false,
        // The test client is first-party: consent is implied for what it asks.
        loadExistingGrant: async (ctx) => {
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
          grant.addOIDCScope([...(ctx.oidc.requestParamScopes ?? ['openid'])].join(' '));
          await grant.save();
          return grant;
        },
        findAccount: (_ctx, sub) => {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            claims: () => {
              // Read at each request: a changed or removed account shows at the next refresh.
              const now = accounts.get(sub) ?? account;
              return { sub, email: now.email, email_verified: now.email_verified ?? true, name: now.name ?? now.email, groups: now.groups ?? [] };
            },
          };
        },
      });
      provider.on('server_error', (_ctx, err) => console.error('[test provider]', err));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A tiny cookie jar per origin, for driving the browser flow from Node. */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();
  header(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(url: string, res: Response): void {
    const jar = this.jars.get(new URL(url).origin) ?? new Map<string, string>();
    this.jars.set(new URL(url).origin, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }
}

/**
 * What a browser does from "Sign in with Test IdP" to the sign-in page's fragment: follows the
 * redirects with cookies, and at the provider's login page submits `login`. Returns the final
 * `/auth#…` location; `stopAt` returns earlier (e.g. the callback URL, to replay or tamper with it).
 */
export async function signInThroughProvider(
  siteUrl: string,
  login: string,
  options: { jar?: CookieJar; stopAt?: (url: string) => boolean; from?: string } = {},
): Promise<string> {
  const jar = options.jar ?? new CookieJar();
  let url = options.from ?? `${siteUrl}/api/auth/sso/start`;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(`${siteUrl}/auth`) || options.stopAt?.(url)) return url;
    let res: Response;
    if (/\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
      const action = `${url}/login`;
      res = await fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: jar.header(action), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login, password: 'any' }).toString(),
      });
      jar.store(action, res);
      if (res.status === 200) throw new Error(`the provider refused the login: ${await res.text()}`);
    } else {
      res = await fetch(url, { redirect: 'manual', headers: { Cookie: jar.header(url) } });
      jar.store(url, res);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}
