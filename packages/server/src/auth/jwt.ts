import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

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

  async sign(claims: AccessClaims, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(now / 1000);
    const expiresAt = iat + this.ttlSeconds;
    const token = await new SignJWT({ sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Returns the claims, or null for any token that is malformed, expired, tampered or not HS256. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !payload.sub) return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  /**
   * A one-click unsubscribe token (RFC 8058, docs/adr/0060): it names a person and one kind of
   * notification and works without signing in, for a year; it can only turn that kind's mail off.
   */
  async signUnsubscribe(userId: string, kind: string, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ typ: 'unsubscribe', kind })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(UNSUBSCRIBE_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + UNSUBSCRIBE_TTL_SECONDS)
      .sign(this.key);
  }

  /** The person and kind of an unsubscribe token, or null for one that is malformed, expired, tampered or of another use. */
  async verifyUnsubscribe(token: string): Promise<{ userId: string; kind: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: UNSUBSCRIBE_AUDIENCE, requiredClaims: ['sub', 'exp'] });
      if (payload.typ !== 'unsubscribe' || typeof payload.kind !== 'string' || !payload.sub) return null;
      return { userId: payload.sub, kind: payload.kind };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  /**
   * A stakeholder link's credential (docs/adr/0061): names the link, not a person; the link itself
   * is read again (revoked, expired, its view and its sharer's rights) on every request.
   */
  async signLink(linkId: string, ttlSeconds: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(now / 1000);
    const expiresAt = iat + ttlSeconds;
    const token = await new SignJWT({ typ: 'link' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(linkId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The link a link credential names, or null for anything else (a session's token included). */
  async verifyLink(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['sub', 'exp'] });
      return payload.typ === 'link' && payload.sub ? payload.sub : null;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

const UNSUBSCRIBE_AUDIENCE = 'cadence-unsubscribe';
const UNSUBSCRIBE_TTL_SECONDS = 366 * 24 * 3600;
