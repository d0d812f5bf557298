import * as client from 'openid-client';
import { SecretBox } from '../secret-box';
import type { SsoErrorCode } from '@cadence/core';
import { isLoopback, type Config } from '../../config';
import type { Logger } from '../../logger';

export const CALLBACK_PATH = '/api/auth/sso/callback';

/** A sign-in that must stop, with the code the sign-in page shows a message for. */
export class SsoError extends Error {
  override name = 'SsoError';
  constructor(
    readonly code: SsoErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

/**
 * What openid-client threw, as one of our codes: the provider refused (an `error` in the callback
 * or at the token endpoint), could not be reached, or answered something that failed verification
 * (issuer, audience, signature, expiry, nonce, state, PKCE). The detail is logged, never shown.
 */
export function classifyOidcError(err: unknown): SsoError {
  if (err instanceof SsoError) return err;
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown };
  if (err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError) {
    return new SsoError('provider_error', `${e.name}: ${e.message}`);
  }
  if (e.name === 'TypeError' || e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'OAUTH_TIMEOUT') {
    return new SsoError('provider_unreachable', `${e.name}: ${e.message}`);
  }
  const cause = (e.cause as { message?: string } | undefined)?.message;
  return new SsoError('token_invalid', `${e.name ?? 'Error'}${e.code ? ` ${e.code}` : ''}: ${e.message}${cause ? ` (${cause})` : ''}`);
}

export interface VerifiedSignIn {
  issuer: string;
  /** The ID token's claims (verified), with userinfo's added where the ID token has none. */
  claims: Record<string, unknown> & { sub: string };
  refreshToken: string | null;
}

/**
 * The relying party: discovery (cached; retried after a failure), the authorization URL with
 * state, nonce and PKCE, and the verified code exchange. ID token signatures are checked against
 * the provider's JWKS (`enableNonRepudiationChecks`), not only trusted because they came over TLS.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;
  private readonly box: SecretBox;

  constructor(
    private readonly config: Pick<Config, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_SCOPES'>,
    secret: string,
    private readonly log: Logger,
  ) {
    this.box = new SecretBox('cadence-sso-refresh-token', secret);
  }

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.config.OIDC_ISSUER!);
      const execute = [client.enableNonRepudiationChecks];
      if (issuer.protocol === 'http:' && isLoopback(issuer.hostname)) execute.push(client.allowInsecureRequests);
      this.configuration = client
        .discovery(issuer, this.config.OIDC_CLIENT_ID!, this.config.OIDC_CLIENT_SECRET, undefined, { execute, timeout: 10 })
        .catch((err) => {
          this.configuration = null;
          this.log.warn({ err: { name: err?.name, message: err?.message } }, 'OIDC discovery failed');
          throw new SsoError('provider_unreachable', String(err?.message));
        });
    }
    return this.configuration;
  }

  async authorizationUrl(redirectUri: string, checks: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const config = await this.discover();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.config.OIDC_SCOPES.join(' '),
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** The callback: exchanges the code and verifies the ID token; throws SsoError on anything amiss. */
  async completeSignIn(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedSignIn> {
    const config = await this.discover();
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      return { issuer: config.serverMetadata().issuer, claims: await this.withUserInfo(config, tokens), refreshToken: tokens.refresh_token ?? null };
    } catch (err) {
      throw classifyOidcError(err);
    }
  }

  /**
   * Asks the provider again with the stored refresh token: fresh claims when it still knows the
   * user, `gone` when it refuses (user removed or disabled, consent revoked, token revoked).
   */
  async refreshClaims(refreshToken: string, subject: string): Promise<{ claims: Record<string, unknown>; refreshToken: string } | 'gone'> {
    const config = await this.discover();
    try {
      const tokens = await client.refreshTokenGrant(config, refreshToken);
      const claims = await this.withUserInfo(config, tokens, subject);
      if (claims.sub !== subject) return 'gone';
      return { claims, refreshToken: tokens.refresh_token ?? refreshToken };
    } catch (err) {
      const e = classifyOidcError(err);
      if (e.code === 'provider_unreachable') throw e;
      this.log.info({ reason: e.message }, 'the identity provider refused a refresh; ending the session');
      return 'gone';
    }
  }

  private async withUserInfo(
    config: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
    expectedSubject?: string,
  ): Promise<Record<string, unknown> & { sub: string }> {
    const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
    const subject = (idClaims.sub as string | undefined) ?? expectedSubject;
    if (!subject) throw new SsoError('token_invalid', 'no subject');
    if (!config.serverMetadata().userinfo_endpoint) return { ...idClaims, sub: subject };
    // Many providers put e-mail and groups only in userinfo; its `sub` must be the ID token's.
    const info = await client.fetchUserInfo(config, tokens.access_token, subject);
    return { ...info, ...idClaims, sub: subject };
  }

  /** The provider's refresh token at rest (auth/secret-box.ts). */
  seal(token: string): string {
    return this.box.seal(token);
  }

  /** Null when sealed under another secret (JWT_SECRET changed): the session must sign in again. */
  unseal(sealed: string): string | null {
    return this.box.unseal(sealed);
  }
}
