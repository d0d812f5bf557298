import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again, so cannot hash as it does access keys: a provider's refresh
 * token (single sign-on) and a webhook's signing secret (docs/adr/0058). Sealed with AES-256-GCM
 * under a key derived from the server secret (JWT_SECRET, or DATA_DIR/jwt-secret) and a purpose,
 * so a database dump or a backup alone can neither refresh a session nor forge a delivery.
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
