import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * An issuer that answers like a real one (discovery, JWKS, authorize, token) but can be told to
 * lie in the ID token: signed with a key it does not publish, for another audience, expired, with
 * the wrong nonce or issuer. What a relying party must refuse, made on demand.
 */
export type Lie = 'none' | 'forged-signature' | 'wrong-audience' | 'expired' | 'wrong-nonce' | 'wrong-issuer' | 'access-denied';

export interface HostileIssuer {
  issuer: string;
  clientId: string;
  lie: Lie;
  close(): Promise<void>;
}

export async function startHostileIssuer(clientId = 'cadence-hostile'): Promise<HostileIssuer> {
  const published = await generateKeyPair('RS256');
  const attacker = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'published', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string }>();
  const state: HostileIssuer = { issuer: '', clientId, lie: 'none', close: async () => {} };

  const idToken = (nonce: string) => {
    const now = Math.floor(Date.now() / 1000);
    const key: CryptoKey = state.lie === 'forged-signature' ? attacker.privateKey : published.privateKey;
    const exp = state.lie === 'expired' ? now - 3600 : now + 600;
    return new SignJWT({ nonce: state.lie === 'wrong-nonce' ? 'another-nonce' : nonce, email: 'mallory@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'published' })
      .setIssuer(state.lie === 'wrong-issuer' ? 'https://evil.example' : state.issuer)
      .setAudience(state.lie === 'wrong-audience' ? 'another-client' : clientId)
      .setSubject('mallory')
      .setIssuedAt(state.lie === 'expired' ? now - 7200 : now)
      .setExpirationTime(exp)
      .sign(key);
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', state.issuer);
      const json = (body: unknown) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json({
          issuer: state.issuer,
          authorization_endpoint: `${state.issuer}/authorize`,
          token_endpoint: `${state.issuer}/token`,
          jwks_uri: `${state.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (url.pathname === '/jwks') return json({ keys: [jwk] });
      if (url.pathname === '/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (state.lie === 'access-denied') {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user said no');
        } else {
          const code = randomBytes(16).toString('hex');
          codes.set(code, { nonce: url.searchParams.get('nonce') ?? '' });
          back.searchParams.set('code', code);
        }
        res.statusCode = 302;
        res.setHeader('Location', back.href);
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const grant = codes.get(new URLSearchParams(body).get('code') ?? '');
        if (!grant) {
          res.statusCode = 400;
          return json({ error: 'invalid_grant' });
        }
        return json({ access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 600, id_token: await idToken(grant.nonce) });
      }
      res.statusCode = 404;
      res.end();
    })().catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return state;
}
