import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

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
});

export type Config = z.infer<typeof envSchema> & { jwtSecret?: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
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
