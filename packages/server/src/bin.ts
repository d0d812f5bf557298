#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createAdmin } from './admin';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './demo/seed';
import { AppError } from './errors';
import { connect } from './db/connect';
import { writeInitialSnapshot } from './db/initial-snapshot';
import { migrateLatest } from './db/migrations/index';
import { createServices, startServer } from './server';

const USAGE = `Usage: cadence-server <command> [options]

Commands:
  start [--demo]                      migrate, then serve the API, app and widgets (PORT, default 8787)
  migrate                             apply pending database migrations and exit
  create-admin --email E [--password-stdin]
                                      make E an administrator (creates the account if needed)
  seed-demo                           fill an empty database with demo data and exit

Environment: DATABASE_URL, DATA_DIR, PORT, JWT_SECRET, ALLOWED_ORIGINS, SMTP_URL (see docs/operations.md)`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      demo: { type: 'boolean' },
      email: { type: 'string' },
      'password-stdin': { type: 'boolean' },
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
  if (values.help || !['start', 'migrate', 'create-admin', 'seed-demo'].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const services = createServices({ config });
  const { log } = services;

  if (command === 'migrate') {
    const applied = await migrateLatest(services.db);
    log.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date');
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
  const stop = (signal: string) => {
    log.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof AppError) process.stderr.write(`cadence-server: ${err.message}\n`);
    else process.stderr.write(`cadence-server: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
