import { z } from 'zod';
import { parseStorageUrl } from './storage/storage-url';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const portError = { error: 'must be a port number (0–65535)' };
const optionalPort = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v : undefined))
  .pipe(z.coerce.number<string | undefined>(portError).int(portError).min(0, portError).max(65535, portError).optional());

const daysError = { error: 'must be a whole number of days (0 keeps them forever)' };
/** Days to keep something the daily retention task deletes (jobs/retention.ts); 0 = forever. */
const retentionDays = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : String(fallback)))
    .pipe(z.coerce.number<string>(daysError).int(daysError).min(0, daysError).max(36_500, daysError));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.cadence'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional().or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) address people open, such as https://cadence.example.com' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins such as https://intranet.example.com' }))),
  /** Where uploads live: unset = PostgreSQL blobs with DATABASE_URL, else DATA_DIR/storage (docs/operations.md#storage). */
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parseStorageUrl(value);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
    }),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cadence <no-reply@cadence.local>'),
  AUTH_REQUIRE_CONFIRMATION: bool,
  CADENCE_DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty', ''], { error: 'must be json or pretty' }).optional(),
  NODE_ENV: z.string().optional(),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_SIGNIN_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  RATE_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(300),
  RATE_SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  RATE_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_SIGNUP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  RATE_RESET_PER_EMAIL_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_RESET_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_RESET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Safety-net poll of the change log; NOTIFY and local commits wake the feed sooner. */
  REALTIME_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  TRUST_PROXY: bool,
  /** Single sign-on (docs/operations.md#single-sign-on). Redirect URI: PUBLIC_URL + /api/auth/sso/callback. */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be the issuer URL of your identity provider, such as https://login.example.com/realms/staff' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OIDC_CLIENT_ID: z.string().trim().optional().transform((v) => v || undefined),
  OIDC_CLIENT_SECRET: z.string().optional().transform((v) => v || undefined),
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .transform((s) => s.split(/[\s,]+/).filter(Boolean))
    .refine((scopes) => scopes.includes('openid'), { error: 'must include openid' }),
  OIDC_NAME: z.string().trim().max(60, { error: 'must be at most 60 characters' }).default('').transform((v) => v || 'single sign-on'),
  /** Link an SSO sign-in to an existing password account with the same, provider-verified e-mail. */
  OIDC_LINK_VERIFIED_EMAIL: bool,
  /** How often, at most, a refresh asks the provider again (groups, and whether the user still exists). */
  OIDC_SYNC_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  AUTH_PASSWORD: z
    .enum(['on', 'off', ''], { error: 'must be on or off' })
    .optional()
    .transform((v) => v !== 'off'),
  /** Prometheus metrics at /metrics: off unless set (docs/adr/0026-health-metrics-and-shutdown.md). */
  METRICS: bool,
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters (scrapers send it as Authorization: Bearer …)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_PORT: optionalPort,
  /** Interface of the metrics port; HOST when unset. */
  METRICS_HOST: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** How long requests in flight may take to finish after SIGTERM before they are cut. */
  /** `cadence-server prune-history` removes entries older than this; unset keeps history forever (docs/adr/0028). */
  HISTORY_RETENTION_DAYS: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(z.coerce.number<string | undefined>({ error: 'must be a whole number of days' }).int({ error: 'must be a whole number of days' }).min(1, { error: 'must be at least 1 day' }).optional()),
  /**
   * How long finished webhook deliveries (delivered or failed) are kept; each endpoint's newest 50,
   * the log Settings → Webhooks opens on, stay whatever their age. 0 keeps them forever.
   */
  WEBHOOK_DELIVERY_RETENTION_DAYS: retentionDays(30),
  /** How long inbox items are kept once read (unread ones stay). 0 keeps them forever. */
  NOTIFICATION_RETENTION_DAYS: retentionDays(90),
  /** A watched campaign whose go-live slipped past the latest saved baseline by more than this many days gets its watchers a drift item (docs/adr/0063). */
  DRIFT_DIGEST_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int({ error: 'must be a whole number of days' }).min(0, { error: 'must be 0 or more' }).max(3650).default(3),
  /**
   * Hosts a webhook endpoint may use beyond public https ones, by name, comma-separated: plain
   * http and loopback or private addresses are allowed for these alone (link-local and cloud
   * metadata addresses never are; docs/operations.md#webhooks).
   */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** After SIGTERM, keep accepting (with /readyz at 503) this long so a balancer notices first. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
});

/** Rules between variables, each reported on the variable to change. */
const checkedEnvSchema = envSchema.superRefine((c, ctx) => {
  if (c.METRICS && !c.METRICS_TOKEN && c.METRICS_PORT === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS'],
      message: 'needs METRICS_TOKEN (a bearer token of at least 16 characters) or METRICS_PORT (a port of its own, kept off the public network)',
    });
  }
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from PORT (${c.PORT}); unset it to serve /metrics on PORT with METRICS_TOKEN` });
  }
  if (c.OIDC_ISSUER && !c.OIDC_CLIENT_ID) ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER is set' });
  if (c.OIDC_CLIENT_ID && !c.OIDC_ISSUER) ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'is required when OIDC_CLIENT_ID is set' });
  if (c.OIDC_ISSUER && new URL(c.OIDC_ISSUER).protocol === 'http:' && !isLoopback(new URL(c.OIDC_ISSUER).hostname)) {
    ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must use https (plain http is accepted only for a provider on this machine)' });
  }
  if (!c.AUTH_PASSWORD && !c.OIDC_ISSUER) {
    ctx.addIssue({ code: 'custom', path: ['AUTH_PASSWORD'], message: 'can be off only when single sign-on is set up (OIDC_ISSUER and OIDC_CLIENT_ID); otherwise nobody could sign in' });
  }
});

/** Hosts on this machine: the only ones a plain-http issuer may use (a provider started by tests or a developer). */
export const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

export type Config = z.infer<typeof envSchema> & { jwtSecret?: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = checkedEnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Whether logs may show what a development mail says (its reset or confirmation link). Never in
 * production or with machine-read JSON logs, where a token in a log is a credential in a log store.
 */
export const mayLogMailContent = (config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>): boolean =>
  config.NODE_ENV !== 'production' && config.LOG_FORMAT !== 'json';

/** Config for tests and embedding: defaults plus overrides, no environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', BCRYPT_COST: '4' }), ...overrides };
}
