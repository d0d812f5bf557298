import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Stripe's scheme (docs/adr/0058): `Cadence-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "t.body" keyed with the endpoint's secret>`. The timestamp inside the signed text lets a
// receiver refuse replays older than a few minutes.

export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export const webhookSignature = (secret: string, body: string, t: number): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export const signatureHeader = (secret: string, body: string, t: number = Math.floor(Date.now() / 1000)): string => `t=${t},v1=${webhookSignature(secret, body, t)}`;

/**
 * What a receiver does, for tests, the benchmark and the docs: recomputes the signature and
 * compares in constant time; refuses one older (or newer) than `toleranceSeconds`.
 */
export function verifyWebhookSignature(header: string | undefined, body: string, secret: string, toleranceSeconds = 300, now = Date.now()): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, body, t), 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
