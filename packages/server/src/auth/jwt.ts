import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

export interface AccessClaims {
  userId: string;
  /** The refresh-token family this access token was issued with; revoking it ends the session. */
  sessionId: string;
}

const ISSUER = 'cadence';
const AUDIENCE = 'cadence-api';

const VERIFIED_MAX = 10_000;

export class Jwt {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, until they expire: a signature check through WebCrypto was ~15 %
   * of an authenticated request (docs/performance.md), and a client presents the same token
   * for its whole lifetime. Verification is a pure function of the token and the secret.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Signs `claims` (with their `typ`) about `subject` for `audience`, valid for `ttlSeconds` from `now`. */
  private async signed(claims: { typ: string } & Record<string, unknown>, subject: string, audience: string, ttlSeconds: number, now: number): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(now / 1000);
    const expiresAt = iat + ttlSeconds;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The payload of a token of this server for `audience` and of use `typ`, or null for one malformed, expired, tampered, not HS256 or of another use. */
  private async payloadOf(token: string, audience: string, typ: string, required: string[] = []): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience, requiredClaims: ['sub', 'exp', ...required] });
      return payload.typ === typ && payload.sub ? payload : null;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  async sign(claims: AccessClaims, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    return this.signed({ sid: claims.sessionId, typ: 'access' }, claims.userId, AUDIENCE, this.ttlSeconds, now);
  }

  /** Returns the claims, or null for any token that is malformed, expired, tampered or not HS256. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
    }
    const payload = await this.payloadOf(token, AUDIENCE, 'access', ['sid']);
    if (!payload || typeof payload.sid !== 'string') return null;
    const claims = { userId: payload.sub!, sessionId: payload.sid };
    if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
    return claims;
  }

  /**
   * A one-click unsubscribe token (RFC 8058, docs/adr/0060): it names a person and one kind of
   * notification and works without signing in, for a year; it can only turn that kind's mail off.
   */
  async signUnsubscribe(userId: string, kind: string, now = Date.now()): Promise<string> {
    return (await this.signed({ typ: 'unsubscribe', kind }, userId, UNSUBSCRIBE_AUDIENCE, UNSUBSCRIBE_TTL_SECONDS, now)).token;
  }

  /** The person and kind of an unsubscribe token, or null for one that is malformed, expired, tampered or of another use. */
  async verifyUnsubscribe(token: string): Promise<{ userId: string; kind: string } | null> {
    const payload = await this.payloadOf(token, UNSUBSCRIBE_AUDIENCE, 'unsubscribe');
    return payload && typeof payload.kind === 'string' ? { userId: payload.sub!, kind: payload.kind } : null;
  }

  /**
   * A stakeholder link's credential (docs/adr/0061): names the link, not a person; the link itself
   * is read again (revoked, expired, its view and its sharer's rights) on every request.
   */
  async signLink(linkId: string, ttlSeconds: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    return this.signed({ typ: 'link' }, linkId, AUDIENCE, ttlSeconds, now);
  }

  /** The link a link credential names, or null for anything else (a session's token included). */
  async verifyLink(token: string): Promise<string | null> {
    return (await this.payloadOf(token, AUDIENCE, 'link'))?.sub ?? null;
  }
}

const UNSUBSCRIBE_AUDIENCE = 'cadence-unsubscribe';
const UNSUBSCRIBE_TTL_SECONDS = 366 * 24 * 3600;
