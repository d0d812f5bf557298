import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { CLOSE_CODES } from '@cadence/core';
import { Jwt } from './auth/jwt';
import { Passwords } from './auth/passwords';
import { PrincipalCache, listenForPrincipalChanges } from './auth/principal-cache';
import { RateLimiter, pruneRateLimits } from './auth/rate-limit';
import { resolveJwtSecret } from './auth/secrets';
import { OidcClient } from './auth/sso/oidc';
import { mayLogMailContent, type Config } from './config';
import { connect, type Db, type DbKind } from './db/connect';
import { migrateLatest } from './db/migrations/index';
import { createApp, type AppOptions } from './app';
import { siteFromConfig } from './http/origins';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { createStorage } from './storage/create';
import { parseStorageUrl, type StorageLocation } from './storage/storage-url';
import { ChangeHub } from './realtime/hub';
import { Background } from './jobs/background';
import { notificationTasks } from './notifications/background-tasks';
import { configuredRetentionTask } from './jobs/retention';
import { attachRealtime, type RealtimeServer } from './realtime/socket';
import type { Services } from './services';
import { createMetricsServer, type Ops } from './ops/http';
import { createMetrics, type Metrics } from './ops/metrics';
import { Readiness } from './ops/readiness';
import { answerClientErrors } from './http/client-errors';
import { webhookTask, WEBHOOK_TASK } from './webhooks/deliver';
import { onWebhooksQueued } from './webhooks/events';
import { SecretBox } from './auth/secret-box';

export interface ServicesOptions {
  config: Config;
  log?: Logger;
  /** Reuse an open database (tests); otherwise one is opened from the config. */
  db?: { db: Db; kind: DbKind };
  dataDir?: string | 'memory';
}

export function createServices(options: ServicesOptions): Services {
  const { config } = options;
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const dataDir = options.dataDir ?? config.DATA_DIR;
  const { db, kind } = options.db ?? connect({ databaseUrl: config.DATABASE_URL, dataDir });
  const ms = (seconds: number) => seconds * 1000;
  const secret = resolveJwtSecret(config.JWT_SECRET, dataDir);
  return {
    config,
    site: siteFromConfig(config),
    db,
    dbKind: kind,
    log,
    jwt: new Jwt(secret, config.ACCESS_TOKEN_TTL_SECONDS),
    oidc: config.OIDC_ISSUER ? new OidcClient(config, secret, log) : null,
    webhookSecrets: new SecretBox('cadence-webhook-secret', secret),
    passwords: new Passwords(config.BCRYPT_COST),
    principals: new PrincipalCache(),
    background: new Background(log),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir, log, logContent: mayLogMailContent(config) }),
    storage: createStorage({ location: parseStorageUrl(config.STORAGE_URL) as StorageLocation, sharedDatabase: kind === 'postgres', db, dataDir }),
    limits: {
      signInPerEmail: new RateLimiter(db, 'signin-email', config.RATE_SIGNIN_PER_EMAIL, ms(config.RATE_SIGNIN_WINDOW_SECONDS)),
      signInPerIp: new RateLimiter(db, 'signin-ip', config.RATE_SIGNIN_PER_IP, ms(config.RATE_SIGNIN_WINDOW_SECONDS)),
      signUpPerIp: new RateLimiter(db, 'signup-ip', config.RATE_SIGNUP_PER_IP, ms(config.RATE_SIGNUP_WINDOW_SECONDS)),
      resetPerEmail: new RateLimiter(db, 'reset-email', 1, ms(config.RATE_RESET_PER_EMAIL_SECONDS)),
      resetPerIp: new RateLimiter(db, 'reset-ip', config.RATE_RESET_PER_IP, ms(config.RATE_RESET_WINDOW_SECONDS)),
    },
  };
}

export interface RunningServer {
  services: Services;
  server: http.Server;
  hub: ChangeHub;
  realtime: RealtimeServer;
  readiness: Readiness;
  /** Present when METRICS=1. */
  metrics?: Metrics;
  /** The metrics port's own server, when METRICS_PORT is set, and its URL. */
  metricsServer?: http.Server;
  metricsUrl?: string;
  url: string;
  /** Stops at once: drops sockets and connections (tests). */
  close(): Promise<void>;
  /** The graceful stop of a SIGTERM (docs/operations.md#shutdown); resolves with how many requests were cut at the grace. */
  shutdown(options?: { graceMs?: number; delayMs?: number }): Promise<{ cut: number }>;
}

/** The code that tells a realtime client the server is going away and to reconnect (to another process) and resume. */
export const SERVICE_RESTART = { code: CLOSE_CODES.serviceRestart, reason: 'Server restarting; reconnect and resume' } as const;

/** How long keep-alive connections may still bring a request after the port closes. */
const IDLE_LINGER_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Migrates, then listens. `shutdown()` drains, `close()` stops at once; both close the database. */
export async function startServer(services: Services, options: AppOptions & { port?: number; host?: string } = {}) {
  const { config } = services;
  const applied = await migrateLatest(services.db);
  if (applied.length) services.log.info({ migrations: applied }, 'migrations applied');
  let hub: ChangeHub | null = null;
  const readiness = new Readiness(services.db, () => hub);
  const metrics = config.METRICS ? createMetrics(services.db) : undefined;
  const ops: Ops = {
    readiness,
    ...(metrics ? { metrics } : {}),
    metricsOnMainPort: config.METRICS_PORT === undefined,
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  };
  const app = createApp(services, { ...options, ops });
  const server = http.createServer(app.callback());
  // An idle keep-alive connection outlives the idle limits of the proxies in front (60 s at the
  // common load balancers) and of clients: closing it first, at Node's 5 s, races a client that is
  // reusing it, which gets ECONNRESET for a request the server never read (CI saw one under load).
  // Shutdown closes idle connections itself.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerClientErrors(server);
  const port = options.port ?? config.PORT;
  const host = options.host ?? config.HOST;
  await listen(server, port, host);
  // Without PUBLIC_URL the site is localhost on the port actually listened on (PORT=0 picks one).
  if (!config.PUBLIC_URL) services.site = siteFromConfig(config, (server.address() as AddressInfo).port);
  hub = new ChangeHub(services, {
    pollMs: config.REALTIME_POLL_MS,
    ...(metrics ? { onDelivered: (n: number, seconds: number) => metrics.observeDelivery(n, seconds) } : {}),
  });
  await hub.start();
  // Webhook deliveries leave the request path: a commit that queued some wakes the task (docs/adr/0058).
  const webhooks = webhookTask(services);
  services.background.add(webhooks);
  const stopWebhookWakes = onWebhooksQueued(services.db, () => services.background.wake(WEBHOOK_TASK));
  // The inbox's mail, digest and reminders (docs/adr/0060).
  services.background.add(...notificationTasks(services));
  // Old webhook deliveries and read inbox items, daily (WEBHOOK_DELIVERY_RETENTION_DAYS, NOTIFICATION_RETENTION_DAYS).
  services.background.add(configuredRetentionTask(services));
  services.background.start();
  const realtime = attachRealtime(services, server, hub);
  if (metrics) {
    const h = hub;
    Object.assign(metrics.sources, { realtimeClients: () => realtime.clients(), realtimeLag: () => h.lag(), realtimeListening: () => h.listening });
  }
  let metricsServer: http.Server | undefined;
  let metricsUrl: string | undefined;
  if (metrics && config.METRICS_PORT !== undefined) {
    metricsServer = createMetricsServer(metrics, config.METRICS_TOKEN);
    const metricsHost = config.METRICS_HOST ?? host;
    await listen(metricsServer, config.METRICS_PORT, metricsHost);
    metricsUrl = `http://${shown(metricsHost)}:${(metricsServer.address() as AddressInfo).port}/metrics`;
  }
  // PGlite has one process, whose own writes invalidate the cache; PostgreSQL may have many.
  let stopPrincipalListener = async () => services.principals.setLive(false);
  if (services.dbKind === 'pglite') services.principals.setLive(true);
  else if (config.DATABASE_URL) stopPrincipalListener = listenForPrincipalChanges(config.DATABASE_URL, services.principals, services.log);
  const housekeeping = setInterval(
    () => void pruneRateLimits(services.db).catch((err) => services.log.warn({ err }, 'pruning rate limits failed')),
    3600_000,
  );
  housekeeping.unref();
  const address = server.address() as AddressInfo;
  const changeHub = hub;

  const closeServer = (s: http.Server | undefined) => new Promise<void>((resolve) => (s?.listening ? s.close(() => resolve()) : resolve()));
  let released: Promise<void> | null = null;
  const release = () => (released ??= releaseOnce());
  const releaseOnce = async () => {
    clearInterval(housekeeping);
    stopWebhookWakes();
    // Posts under way are cut, not awaited: their deliveries are due again for the next process.
    await webhooks.stop();
    await services.background.stop();
    await changeHub.stop();
    await stopPrincipalListener();
    await services.storage.close();
    await services.db.destroy();
  };
  const running: RunningServer = {
    services,
    server,
    hub: changeHub,
    realtime,
    readiness,
    ...(metrics ? { metrics } : {}),
    ...(metricsServer ? { metricsServer } : {}),
    ...(metricsUrl ? { metricsUrl } : {}),
    url: `http://${shown(host)}:${address.port}`,
    close: async () => {
      readiness.draining = true;
      await realtime.close();
      const closed = closeServer(server);
      server.closeAllConnections();
      metricsServer?.closeAllConnections();
      await Promise.all([closed, closeServer(metricsServer)]);
      await release();
    },
    shutdown: async ({ graceMs = config.SHUTDOWN_GRACE_MS, delayMs = config.SHUTDOWN_DELAY_MS } = {}) => {
      // Readiness fails at once; a balancer that probes it stops sending before the port closes.
      readiness.draining = true;
      if (delayMs > 0) await sleep(delayMs);
      // No new connections from here. net's close, not http's: since Node 19 http.Server#close
      // also drops every keep-alive connection that looks idle, and one whose next request is
      // still unread in its buffer (a busy event loop) would be reset unanswered. Requests that
      // arrive on open connections are served with `Connection: close` (ops/http.ts); whatever
      // is still idle after a moment is closed then.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      // setImmediate: after the event loop's poll phase has read what sockets hold, so a request
      // already sent is being handled, not mistaken for idleness.
      const lingering = setTimeout(() => setImmediate(() => server.closeIdleConnections()), Math.min(IDLE_LINGER_MS, graceMs));
      await realtime.close(SERVICE_RESTART);
      let timer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        closed.then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(timer);
      clearTimeout(lingering);
      let cut = 0;
      if (!inTime) {
        cut = readiness.inFlight;
        server.closeAllConnections();
        await closed;
      }
      metricsServer?.closeAllConnections();
      await closeServer(metricsServer);
      await release();
      return { cut };
    },
  };
  return running;
}

const shown = (host: string) => (host === '0.0.0.0' || host === '::' ? 'localhost' : host);
