import type { Config } from './config';
import type { Db, DbKind } from './db/connect';
import type { Jwt } from './auth/jwt';
import type { Passwords } from './auth/passwords';
import type { PrincipalCache } from './auth/principal-cache';
import type { RateLimiter } from './auth/rate-limit';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Background } from './jobs/background';
import type { FileStorage } from './storage/storage';
import type { Site } from './http/origins';
import type { OidcClient } from './auth/sso/oidc';
import type { SecretBox } from './auth/secret-box';

/** Everything a request handler may need, built once at start-up. */
export interface Services {
  config: Config;
  /** Where the site lives and the origins allowed to call it: from PUBLIC_URL and ALLOWED_ORIGINS only. */
  site: Site;
  db: Db;
  dbKind: DbKind;
  log: Logger;
  jwt: Jwt;
  passwords: Passwords;
  /** Credentials → principals between changes; call `invalidate()` after committing one. */
  principals: PrincipalCache;
  mailer: Mailer;
  /** Work that leaves the request path (webhook deliveries, notification mail): runs while the server listens (jobs/background.ts). */
  background: Background;
  /** Uploaded files: local disk, PostgreSQL blobs or S3, as STORAGE_URL says (storage/create.ts). */
  storage: FileStorage;
  /** Seals webhook signing secrets at rest under a key from the server secret (docs/adr/0058). */
  webhookSecrets: SecretBox;
  /** The OpenID Connect relying party, when OIDC_ISSUER is set (docs/adr/0027-single-sign-on.md). */
  oidc: OidcClient | null;
  limits: {
    signInPerEmail: RateLimiter;
    signInPerIp: RateLimiter;
    signUpPerIp: RateLimiter;
    resetPerEmail: RateLimiter;
    resetPerIp: RateLimiter;
  };
}
