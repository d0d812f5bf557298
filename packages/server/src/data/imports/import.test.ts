import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { LIMITS } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';
import { ImportIds } from './ids';
import { RESYNC_ABOVE } from './pipeline';

let t: TestServer;
let admin: string;
const HEADER = 'Name,Region,Industry,Audience,Website,Media Kit Link,Contacts,Notes';
const send = (raw: string | Uint8Array<ArrayBuffer>, query = '', headers: Record<string, string> = {}) =>
  fetch(`${t.url}/api/prospective-publications/import${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'text/csv', ...headers },
    body: raw,
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
const names = async () => ((await t.api('GET', '/api/prospective-publications?limit=10000', { token: admin })).body as Array<{ name: string }>).map((r) => r.name);

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
});
afterAll(async () => t?.close());

describe('ImportIds', () => {
  it('should make UUIDv7 ids that increase in file order', () => {
    const ids = new ImportIds(Date.UTC(2026, 10, 22));
    const made = Array.from({ length: 300_000 }, () => ids.next());
    expect(made.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(made.every((id, i) => i === 0 || made[i - 1]! < id)).toBe(true);
    expect([ids.first, ids.last]).toEqual([made[0], made.at(-1)]);
    expect(new Set(made).size).toBe(made.length);
  });
});

describe('POST /api/prospective-publications/import', () => {
  it('should log every imported row for realtime, as the API shows it, in file order', async () => {
    const socket = await subscribedSocket(t.url, admin, 'prospective_publications');
    const res = await send(`${HEADER}\nRealtime B,NA\nRealtime A,EMEA,,,see a.example/ads\nRealtime C\n`);
    expect(res).toEqual({ status: 200, body: { rows: 3, imported: 3, skipped: [] } });
    await socket.waitFor(() => socket.changes().length >= 3);
    const changes = socket.changes();
    expect(changes.map((c) => [c.op, c.row.name])).toEqual([
      ['insert', 'Realtime B'],
      ['insert', 'Realtime A'],
      ['insert', 'Realtime C'],
    ]);
    const stored = (await t.api('GET', '/api/prospective-publications?limit=10000', { token: admin })).body as Array<{ id: string }>;
    for (const change of changes) expect(change.row).toEqual(stored.find((r) => r.id === change.row.id));
    expect(changes[1]!.row).toMatchObject({ website: 'a.example/ads', region: 'EMEA', version: 1 });
    socket.ws.close();
  });

  it('should tell subscribers to refetch once, instead of sending every row, when an import is large', async () => {
    const prospects = await subscribedSocket(t.url, admin, 'prospective_publications');
    const others = await subscribedSocket(t.url, admin, 'campaigns');
    const rows = Array.from({ length: RESYNC_ABOVE + 1 }, (_, i) => `Resync ${i},NA`);
    expect(await send([HEADER, ...rows].join('\n'))).toEqual({ status: 200, body: { rows: RESYNC_ABOVE + 1, imported: RESYNC_ABOVE + 1, skipped: [] } });
    const resync = await prospects.waitFor((m) => m.type === 'resync');
    expect(resync).toEqual({ type: 'resync', seq: expect.any(Number), topic: 'prospective_publications' });
    // A small write after it arrives as usual, and nothing of the import came row by row.
    const after = await send(`${HEADER}\nAfter the import,NA\n`);
    expect(after.status).toBe(200);
    const next = await prospects.waitFor((m) => m.type === 'change');
    expect(next.row.name).toBe('After the import');
    expect(next.seq).toBeGreaterThan(resync.seq);
    expect(prospects.changes()).toHaveLength(1);
    expect(others.messages.filter((m) => m.type === 'resync' || m.type === 'change')).toEqual([]);
    prospects.ws.close();
    others.ws.close();
  });

  it('should name every bad line and field, and save nothing, even when the bad lines come after thousands of good ones', async () => {
    const before = await names();
    const good = Array.from({ length: 5000 }, (_, i) => `Bulk ${i},NA`);
    const res = await send([HEADER, ...good, `${'x'.repeat(301)},NA`, 'Fine', `Ok,${'r'.repeat(301)}`].join('\r\n'));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Line 5002: name: Must be at most 300 characters \(and 1 more problem\(s\); nothing was imported\)$/);
    expect(res.body.error.details).toEqual([
      { path: 'line 5002.name', message: 'Must be at most 300 characters' },
      { path: 'line 5004.region', message: 'Must be at most 300 characters' },
    ]);
    expect(await names()).toEqual(before);
  });

  it('should refuse a file that is not CSV by the line it stops at, and save nothing', async () => {
    const before = await names();
    const good = Array.from({ length: 3000 }, (_, i) => `Unclosed ${i},NA`);
    const res = await send([HEADER, ...good, 'Open,"EMEA', 'Later,NA'].join('\n'));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'Line 3002: A quoted value is not closed: a closing " is missing',
      details: [{ path: 'file', message: 'Line 3002: A quoted value is not closed: a closing " is missing' }],
    });
    expect(await names()).toEqual(before);
  });

  it('should refuse a NUL character by line and field', async () => {
    const res = await send(`${HEADER}\nNul Co,NA,,,,,"a\0b"\n`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Line 2: contacts: Contains a NUL character, which cannot be stored');
    expect(await names()).not.toContain('Nul Co');
  });

  it('should take a text/csv upload larger than the other bodies’ limit, and a gzip one', async () => {
    const notes = 'n'.repeat(LIMITS.textMaxLength);
    const rows = Math.ceil((LIMITS.csvBodyBytes + 1024 * 1024) / notes.length);
    const big = [HEADER, ...Array.from({ length: rows }, (_, i) => `Large ${i},,,,,,,${notes}`)].join('\n');
    expect(big.length).toBeGreaterThan(LIMITS.csvBodyBytes);
    const res = await send(big);
    expect(res).toEqual({ status: 200, body: { rows, imported: rows, skipped: [] } });

    const zipped = await send(new Uint8Array(gzipSync(`${HEADER}\nZipped Co,NA\n`)), '?dry_run=1', { 'Content-Encoding': 'gzip' });
    expect(zipped).toEqual({ status: 200, body: { rows: 1, imported: 1, skipped: [] } });
    expect((await send('not gzip', '', { 'Content-Encoding': 'gzip' })).status).toBe(400);
    expect((await send('x', '', { 'Content-Encoding': 'compress' })).status).toBe(415);
  }, 60_000);

  it('should refuse with 413 an upload past its limit, counted after decompression', async () => {
    const line = `${'z'.repeat(9_999)}\n`;
    const bomb = new Uint8Array(gzipSync(`${HEADER}\n${line.repeat(Math.ceil((64 * 1024 * 1024) / line.length) + 1)}`));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await send(bomb, '', { 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  }, 60_000);

  it('should save nothing from an upload cut off half-way, and go on serving imports', async () => {
    const before = await names();
    const { hostname, port } = new URL(t.url);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: hostname,
        port,
        method: 'POST',
        path: '/api/prospective-publications/import',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'text/csv', 'Transfer-Encoding': 'chunked' },
      });
      req.on('error', () => resolve());
      req.write(`${HEADER}\n${Array.from({ length: 60_000 }, (_, i) => `Cut ${i},NA`).join('\n')}\n`);
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await names()).toEqual(before);
    expect(await send(`${HEADER}\nAfter The Cut\n`)).toEqual({ status: 200, body: { rows: 1, imported: 1, skipped: [] } });
  });

  it('should skip existing and repeated names in a dry run exactly as in a real one', async () => {
    await send(`${HEADER}\nKept Weekly\n`);
    const csv = `${HEADER}\nkept weekly\nNew One\n\nnew one\nNEW ONE\nOther\n`;
    const dry = await send(csv, '?dry_run=1&skip_existing=1');
    const real = await send(csv, '?skip_existing=1');
    expect(dry).toEqual(real);
    expect(real.body).toEqual({
      rows: 5,
      imported: 2,
      skipped: [
        { line: 2, reason: 'A prospective publication with this name already exists' },
        { line: 5, reason: 'Same name as line 3' },
        { line: 6, reason: 'Same name as line 3' },
      ],
    });
  });
});

describe('prospective_publications.created_by', () => {
  it('should still refuse a creator that is not a user, and forget a creator who is deleted', async () => {
    const db = t.services.db;
    await expect(db('prospective_publications').insert({ name: 'Orphan', created_by: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/existing user/);
    const [user] = await db('users').insert({ email: 'leaving@example.com', password_hash: 'x' }).returning('id');
    const [row] = await db('prospective_publications').insert({ name: 'Kept', created_by: user.id }).returning('id');
    await expect(db('prospective_publications').where({ id: row.id }).update({ created_by: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/existing user/);
    await db('users').where({ id: user.id }).delete();
    expect(await db('prospective_publications').where({ id: row.id }).first('name', 'created_by')).toEqual({ name: 'Kept', created_by: null });
  });
});
