/**
 * Peak memory of `cadence-server backup` and `restore` on a large database, to show both stream:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/backup-memory.ts [MB]
 * Fills a fresh PostgreSQL database with MB megabytes of uploads (default 1024) and 20,000 campaigns,
 * backs it up and restores it into a second fresh database, sampling each process's peak RSS
 * (VmHWM in /proc/PID/status). Prints sizes, times and peak RSS; drops both databases.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import knexFactory from 'knex';
import { migrateLatest } from '../packages/server/src/db/migrations/index';
import { postgresStorage } from '../packages/server/src/storage/postgres';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const megabytes = Number(process.argv[2] ?? 1024);
const suffix = randomBytes(4).toString('hex');
const names = [`cadence_mem_src_${suffix}`, `cadence_mem_dst_${suffix}`];
const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const file = path.join(tmpdir(), `cadence-mem-${suffix}.cadence-backup`);

/** Runs the server CLI and samples its peak resident memory until it exits. */
async function run(args: string[], env: Record<string, string>): Promise<{ seconds: number; peakMb: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/bin.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: path.join(tmpdir(), `cadence-mem-dir-${suffix}`), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peakKb = 0;
  const sample = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      /* exited */
    }
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sample);
  if (code !== 0) throw new Error(`${args[0]} exited with ${code}`);
  return { seconds: (Date.now() - started) / 1000, peakMb: Math.round(peakKb / 1024) };
}

const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
for (const n of names) await admin.raw(`CREATE DATABASE ${n}`);
try {
  const db = knexFactory({ client: 'pg', connection: urlOf(names[0]!), pool: { min: 0, max: 4 } });
  await migrateLatest(db);
  await db.raw(`INSERT INTO campaigns (title, planning_start_date, live_date, channels)
    SELECT 'Campaign ' || g, date '2026-01-01' + (g % 300), date '2026-01-05' + (g % 300), ARRAY['email'] FROM generate_series(1, 20000) g`);
  const storage = postgresStorage(db);
  const fileMb = 8;
  for (let i = 0; i < Math.ceil(megabytes / fileMb); i++) {
    // Incompressible, like real images; made 1 MB at a time.
    let left = fileMb;
    const seed = createHash('sha256').update(String(i)).digest();
    await storage.put(`ad-type-examples/load/${String(i).padStart(5, '0')}.png`, new Readable({
      read() {
        if (left-- <= 0) return void this.push(null);
        this.push(Buffer.concat([seed, randomBytes(1024 * 1024 - seed.length)]));
      },
    }));
  }
  await db.destroy();
  const backup = await run(['backup', '--out', file], { DATABASE_URL: urlOf(names[0]!) });
  const size = statSync(file).size;
  const restore = await run(['restore', file], { DATABASE_URL: urlOf(names[1]!) });
  console.log(JSON.stringify({
    uploadsMb: megabytes,
    backupFileMb: Math.round(size / 1024 / 1024),
    backup: backup,
    restore: restore,
  }));
} finally {
  rmSync(file, { force: true });
  for (const n of names) await admin.raw(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
  await admin.destroy();
}
