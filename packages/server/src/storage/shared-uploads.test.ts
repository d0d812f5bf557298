import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two hosts that share nothing but PostgreSQL: separate processes, separate DATA_DIRs. An
// upload through either is served by the other, byte for byte (uploads live in the database).
const adminUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/bin.ts'), 'start'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', BCRYPT_COST: '4', ...env },
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, url };
}

describe.runIf(adminUrl)('two hosts on one PostgreSQL, no shared disk', () => {
  const name = `cadence_up_${randomBytes(5).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  const dirs = [mkdtempSync(path.join(tmpdir(), 'cadence-host-a-')), mkdtempSync(path.join(tmpdir(), 'cadence-host-b-'))];
  let a: { child: ChildProcess; url: string };
  let b: { child: ChildProcess; url: string };
  let token: string;
  let publication: string;

  beforeAll(async () => {
    const admin = knexFactory({ client: 'pg', connection: adminUrl!, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    await admin.destroy();
    const target = new URL(adminUrl!);
    target.pathname = `/${name}`;
    const shared = { DATABASE_URL: target.toString(), JWT_SECRET: secret };
    a = await startProcess({ ...shared, DATA_DIR: dirs[0]! });
    b = await startProcess({ ...shared, DATA_DIR: dirs[1]! });
    const json = { 'Content-Type': 'application/json' };
    await fetch(`${a.url}/api/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@example.com', password: 'correct horse' }) });
    const signIn = await fetch(`${b.url}/api/auth/signin`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@example.com', password: 'correct horse' }) });
    token = ((await signIn.json()) as { access_token: string }).access_token;
    const pub = await fetch(`${a.url}/api/publications`, { method: 'POST', headers: { ...json, Authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'Shared' }) });
    publication = ((await pub.json()) as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    for (const p of [a, b]) {
      if (!p) continue;
      p.child.kill('SIGTERM');
      await new Promise((r) => p.child.once('exit', r));
    }
    const admin = knexFactory({ client: 'pg', connection: adminUrl!, pool: { min: 0, max: 1 } });
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const upload = async (host: string, data: Buffer) => {
    const form = new FormData();
    form.append('publication_id', publication);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'example.png');
    const res = await fetch(`${host}/api/storage/ad-type-examples`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    return new URL(((await res.json()) as { public_url: string }).public_url).pathname;
  };

  it('serves an image uploaded through either host from the other, byte for byte', async () => {
    const png = (n: number) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(n)]);
    const first = png(4 * 1024 * 1024);
    const second = png(200_000);
    const viaA = await upload(a.url, first);
    const viaB = await upload(b.url, second);
    const fromB = await fetch(`${b.url}${viaA}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(sha(Buffer.from(await fromB.arrayBuffer()))).toBe(sha(first));
    const fromA = await fetch(`${a.url}${viaB}`);
    expect(sha(Buffer.from(await fromA.arrayBuffer()))).toBe(sha(second));
    expect((await fetch(`${a.url}${viaA.replace(/\.png$/, 'x.png')}`)).status).toBe(404);
  }, 60_000);
});
