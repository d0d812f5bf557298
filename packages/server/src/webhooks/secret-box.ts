import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Webhook secrets at rest (docs/adr/0058): the server must sign with them, so they cannot be
 * hashed as access keys are; they are sealed with AES-256-GCM under a key derived from the
 * server secret (JWT_SECRET, or DATA_DIR/jwt-secret), as single sign-on seals the provider's
 * refresh tokens. A database dump or a backup alone then cannot forge deliveries.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(purpose: string, serverSecret: string) {
    this.key = createHash('sha256').update(`${purpose}:${serverSecret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  /** Null when sealed under another server secret (JWT_SECRET changed): the endpoint needs a new secret. */
  unseal(sealed: string): string | null {
    try {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
