#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createAdmin } from './admin';
import { backupCommand, restoreCommand } from './backup/cli';
import { BackupError } from './backup/format';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './demo/seed';
import { AppError } from './errors';
import { connect } from './db/connect';
import { writeInitialSnapshot } from './db/initial-snapshot';
import { migrateLatest } from './db/migrations/index';
import { createServices, startServer } from './server';
import { pruneHistory } from './history/prune';

const USAGE = `Usage: cadence-server <command> [options]

Commands:
  start [--demo]                      migrate, then serve the API, app and widgets (PORT, default 8787)
  migrate                             apply pending database migrations and exit
  create-admin --email E [--password-stdin]
                                      make E an administrator (creates the account if needed)
  seed-demo                           fill an empty database with demo data and exit
  backup --out FILE                   write every table and stored file to FILE (safe while serving)
  restore FILE [--force]              load a backup into an empty database (--force: replace its data)
  prune-history [--older-than DAYS]   delete history entries older than DAYS (default HISTORY_RETENTION_DAYS;
                                      unset keeps history forever). Run it from cron; the API never deletes entries.

Environment: DATABASE_URL, DATA_DIR, STORAGE_URL, PORT, JWT_SECRET, ALLOWED_ORIGINS, SMTP_URL, METRICS, SHUTDOWN_GRACE_MS (see docs/operations.md)

SIGTERM or SIGINT drains: /readyz answers 503, requests in flight get SHUTDOWN_GRACE_MS, then exit 0.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      demo: { type: 'boolean' },
      email: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      out: { type: 'string' },
      force: { type: 'boolean' },
      'older-than': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0] ?? 'start';
  if (command === 'write-initial-snapshot' && positionals[1]) {
    // Internal, run by the build: see db/initial-snapshot.ts.
    const { db, pglite } = connect({ dataDir: 'memory' });
    await migrateLatest(db);
    const bytes = await writeInitialSnapshot(pglite!, positionals[1]);
    await db.destroy();
    process.stdout.write(`wrote ${positionals[1]} (${Math.round(bytes / 1024)} kB)\n`);
    return 0;
  }
  if (values.help || !['start', 'migrate', 'create-admin', 'seed-demo', 'backup', 'restore', 'prune-history'].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  // Everything this process writes from here is its owner's alone: PGlite's database files (it
  // writes them through Node's fs, with the umask), the JWT secret, mails in the outbox, backups,
  // uploads on local disk (served by this process, which reads them as their owner). The build's
  // write-initial-snapshot above is left as it was: its file ships in the package.
  process.umask(0o077);
  const config = loadConfig();
  if (command === 'backup') {
    if (!values.out) {
      process.stderr.write('backup needs --out FILE\n');
      return 2;
    }
    await backupCommand(config, values.out);
    return 0;
  }
  if (command === 'restore') {
    if (!positionals[1]) {
      process.stderr.write('restore needs the backup file: cadence-server restore FILE [--force]\n');
      return 2;
    }
    await restoreCommand(config, positionals[1], Boolean(values.force));
    return 0;
  }
  const services = createServices({ config });
  const { log } = services;

  if (command === 'migrate') {
    const applied = await migrateLatest(services.db);
    log.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date');
    await services.db.destroy();
    return 0;
  }
  if (command === 'prune-history') {
    const given = values['older-than'];
    const days = given !== undefined ? Number(given) : config.HISTORY_RETENTION_DAYS;
    if (days === undefined) {
      process.stderr.write('History is kept forever: pass --older-than DAYS or set HISTORY_RETENTION_DAYS\n');
      await services.db.destroy();
      return 2;
    }
    if (!Number.isInteger(days) || days < 1) {
      process.stderr.write('--older-than must be a whole number of days, at least 1\n');
      await services.db.destroy();
      return 2;
    }
    await migrateLatest(services.db);
    const removed = await pruneHistory(services.db, days);
    log.info({ removed, days }, `removed ${removed} history entries older than ${days} days`);
    await services.db.destroy();
    return 0;
  }
  if (command === 'create-admin') {
    if (!values.email) {
      process.stderr.write('create-admin needs --email\n');
      return 2;
    }
    await migrateLatest(services.db);
    const password = values['password-stdin'] ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : undefined;
    const result = await createAdmin(services, values.email, password);
    process.stdout.write(
      result.created
        ? `Created administrator ${result.email}${result.generatedPassword ? ` with password: ${result.generatedPassword}` : ''}\n`
        : `${result.email} is now an administrator\n`,
    );
    await services.db.destroy();
    return 0;
  }
  if (command === 'seed-demo' || values.demo || config.CADENCE_DEMO) {
    await migrateLatest(services.db);
    const demo = await seedDemo(services);
    if (demo.seeded) {
      for (const c of demo.credentials) log.info({ email: c.email, password: c.password, role: c.role }, 'demo account');
    } else {
      log.info('database already has accounts: demo data not added');
    }
    if (command === 'seed-demo') {
      await services.db.destroy();
      return 0;
    }
  }

  const running = await startServer(services);
  if (!(await services.db('users').first('id'))) {
    log.info('No accounts yet: the first account that signs up becomes the administrator (or run cadence-server create-admin --email …).');
  }
  log.info({ url: running.url, database: services.dbKind }, `Cadence is running at ${running.url}`);
  const origins = [...services.site.origins].join(', ');
  if (services.site.configured) {
    log.info({ publicUrl: services.site.url, origins }, `Public URL: ${services.site.url}; browsers may call it from ${origins}`);
  } else {
    const note = `PUBLIC_URL is not set: assuming the site is ${services.site.url} (browsers may call it from ${origins}). ` +
      'Set PUBLIC_URL to the address people open (behind a proxy, the proxy’s address): mailed links and allowed origins come from it.';
    if (config.NODE_ENV === 'production') log.warn({ publicUrl: services.site.url, origins }, note);
    else log.info({ publicUrl: services.site.url, origins }, note);
  }
  if (running.metricsUrl) log.info({ metricsUrl: running.metricsUrl }, `Metrics at ${running.metricsUrl}`);
  else if (running.metrics) log.info(`Metrics at ${running.url}/metrics (Authorization: Bearer METRICS_TOKEN)`);
  // SIGTERM (and Ctrl-C) drain: readiness 503, no new connections, requests in flight get
  // SHUTDOWN_GRACE_MS to finish, realtime clients are told to reconnect elsewhere, then exit 0.
  // A second signal exits at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    const { SHUTDOWN_GRACE_MS: graceMs, SHUTDOWN_DELAY_MS: delayMs } = config;
    log.info({ signal, graceMs, delayMs, inFlight: running.readiness.inFlight, realtimeClients: running.realtime.clients() }, 'shutting down');
    // Whatever hangs (a stuck database close), the process still ends.
    setTimeout(() => {
      log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, delayMs + graceMs + 15_000).unref();
    running.shutdown().then(
      ({ cut }) => {
        if (cut) log.warn({ cut, graceMs }, `${cut} request(s) still running after the grace were cut`);
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof AppError || err instanceof BackupError) process.stderr.write(`cadence-server: ${err.message}\n`);
    else process.stderr.write(`cadence-server: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
