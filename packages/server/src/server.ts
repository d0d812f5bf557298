import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Jwt } from './auth/jwt';
import { Passwords } from './auth/passwords';
import { PrincipalCache, listenForPrincipalChanges } from './auth/principal-cache';
import { RateLimiter, pruneRateLimits } from './auth/rate-limit';
import { resolveJwtSecret } from './auth/secrets';
import { mayLogMailContent, type Config } from './config';
import { connect, type Db, type DbKind } from './db/connect';
import { migrateLatest } from './db/migrations/index';
import { createApp, type AppOptions } from './app';
import { siteFromConfig } from './http/origins';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { localDiskStorage } from './storage/storage';
import { ChangeHub } from './realtime/hub';
import { attachRealtime, type RealtimeServer } from './realtime/socket';
import type { Services } from './services';

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
  return {
    config,
    site: siteFromConfig(config),
    db,
    dbKind: kind,
    log,
    jwt: new Jwt(resolveJwtSecret(config.JWT_SECRET, dataDir), config.ACCESS_TOKEN_TTL_SECONDS),
    passwords: new Passwords(config.BCRYPT_COST),
    principals: new PrincipalCache(),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir, log, logContent: mayLogMailContent(config) }),
    storage: localDiskStorage(
      dataDir === 'memory' ? mkdtempSync(path.join(tmpdir(), 'cadence-storage-')) : path.resolve(dataDir, 'storage'),
    ),
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
  url: string;
  close(): Promise<void>;
}

/** Migrates, then listens. `close()` stops accepting, drains and closes the database. */
export async function startServer(services: Services, options: AppOptions & { port?: number; host?: string } = {}) {
  const applied = await migrateLatest(services.db);
  if (applied.length) services.log.info({ migrations: applied }, 'migrations applied');
  const app = createApp(services, options);
  const server = http.createServer(app.callback());
  const port = options.port ?? services.config.PORT;
  const host = options.host ?? services.config.HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      // Without PUBLIC_URL the site is localhost on the port actually listened on (PORT=0 picks one).
      if (!services.config.PUBLIC_URL) services.site = siteFromConfig(services.config, (server.address() as AddressInfo).port);
      resolve();
    });
  });
  const hub = new ChangeHub(services, { pollMs: services.config.REALTIME_POLL_MS });
  await hub.start();
  const realtime = attachRealtime(services, server, hub);
  // PGlite has one process, whose own writes invalidate the cache; PostgreSQL may have many.
  let stopPrincipalListener = async () => services.principals.setLive(false);
  if (services.dbKind === 'pglite') services.principals.setLive(true);
  else if (services.config.DATABASE_URL) stopPrincipalListener = listenForPrincipalChanges(services.config.DATABASE_URL, services.principals, services.log);
  const housekeeping = setInterval(
    () => void pruneRateLimits(services.db).catch((err) => services.log.warn({ err }, 'pruning rate limits failed')),
    3600_000,
  );
  housekeeping.unref();
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const running: RunningServer = {
    services,
    server,
    hub,
    realtime,
    url: `http://${shownHost}:${address.port}`,
    close: async () => {
      clearInterval(housekeeping);
      await realtime.close();
      await hub.stop();
      await stopPrincipalListener();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await services.db.destroy();
    },
  };
  return running;
}
