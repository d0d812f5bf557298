import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';

// Two hosts that share nothing but PostgreSQL: separate processes, separate DATA_DIRs. An
// upload through either is served by the other, byte for byte (uploads live in the database).
const adminUrl = process.env.TEST_DATABASE_URL;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.runIf(adminUrl)('two hosts on one PostgreSQL, no shared disk', () => {
  const secret = randomBytes(32).toString('hex');
  const diskOfB = mkdtempSync(path.join(tmpdir(), 'cadence-host-b-'));
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  let publication: string;

  beforeAll(async () => {
    // A on a new database and a DATA_DIR of its own; B on A's database and another DATA_DIR.
    a = await startServerProcess({ JWT_SECRET: secret });
    b = await startServerProcess({ JWT_SECRET: secret }, { shareWith: a, dataDir: diskOfB });
    const json = { 'Content-Type': 'application/json' };
    await fetch(`${a.url}/api/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@example.com', password: 'correct horse' }) });
    const signIn = await fetch(`${b.url}/api/auth/signin`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@example.com', password: 'correct horse' }) });
    token = ((await signIn.json()) as { access_token: string }).access_token;
    const pub = await fetch(`${a.url}/api/publications`, { method: 'POST', headers: { ...json, Authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'Shared' }) });
    publication = ((await pub.json()) as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    rmSync(diskOfB, { recursive: true, force: true });
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
