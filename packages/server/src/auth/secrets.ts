import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** An opaque, URL-safe random token (refresh, reset, confirmation, access-key secrets). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256; a database leak reveals no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR so sessions survive restarts. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string | 'memory'): string {
  if (configured) return configured;
  if (dataDir === 'memory') return randomToken(48);
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
