import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from '../db/migrations/index';
import { createTestDb } from '../test/harness';
import { localDiskStorage } from './local-disk';
import { postgresStorage } from './postgres';
import { s3Storage } from './s3';
import type { FileStorage } from './storage';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(Buffer.from(p as Uint8Array));
  return Buffer.concat(parts);
}

/** A stream of `total` pseudo-random bytes made 64 kB at a time, with their hash: never one big buffer. */
function generated(total: number, seed: number): { stream: Readable; sha256: string } {
  const hash = createHash('sha256');
  const block = (i: number) => createHash('sha512').update(`${seed}:${i}`).digest();
  const pieces: Buffer[] = [];
  for (let i = 0, made = 0; made < total; i++) {
    const b = Buffer.concat(Array.from({ length: 1024 }, (_, j) => block(i * 1024 + j))).subarray(0, Math.min(65536, total - made));
    hash.update(b);
    pieces.push(b);
    made += b.length;
  }
  // The pieces are made again lazily for the stream, so the test holds one at a time.
  let i = 0;
  let made = 0;
  const stream = new Readable({
    read() {
      if (made >= total) return void this.push(null);
      const b = Buffer.concat(Array.from({ length: 1024 }, (_, j) => block(i * 1024 + j))).subarray(0, Math.min(65536, total - made));
      i++;
      made += b.length;
      this.push(b);
    },
  });
  pieces.length = 0;
  return { stream, sha256: hash.digest('hex') };
}

async function hashStream(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const p of stream) {
    hash.update(p as Uint8Array);
    size += (p as Uint8Array).length;
  }
  return { sha256: hash.digest('hex'), size };
}

interface Backend {
  name: string;
  start(): Promise<FileStorage>;
  stop(): Promise<void>;
  /**
   * Why the racing-puts check says nothing about this backend, if it does not. s3rver, the local
   * stand-in for S3, writes an object's file in place, so two racing uploads of one key can
   * interleave there (seen in CI); S3 itself replaces an object atomically, last writer wins.
   */
  racesUntested?: string;
}

const backends: Backend[] = [
  (() => {
    let dir = '';
    return {
      name: 'local disk',
      async start() {
        dir = mkdtempSync(path.join(tmpdir(), 'cadence-contract-'));
        return localDiskStorage(dir);
      },
      async stop() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  })(),
  (() => {
    let test: Awaited<ReturnType<typeof createTestDb>>;
    return {
      name: `PostgreSQL blobs (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
      async start() {
        test = await createTestDb();
        await migrateLatest(test.db);
        return postgresStorage(test.db);
      },
      async stop() {
        await test.db.destroy();
        await test.drop();
      },
    };
  })(),
  (() => {
    let server: S3rver;
    let dir = '';
    let storage: FileStorage;
    return {
      name: 'S3 (s3rver)',
      racesUntested: 's3rver writes objects in place; S3 replaces them atomically',
      async start() {
        dir = mkdtempSync(path.join(tmpdir(), 'cadence-s3rver-'));
        server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'cadence-test', configs: [] }] });
        const { port } = await server.run();
        storage = s3Storage({
          bucket: 'cadence-test',
          prefix: 'uploads/',
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        return storage;
      },
      async stop() {
        await storage.close();
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  })(),
];

describe.each(backends)('FileStorage contract: $name', (backend) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await backend.start();
  }, 60_000);
  afterAll(() => backend.stop());

  it('gives back the bytes that were put, with their size', async () => {
    const data = randomBytes(300_000);
    await storage.put('ad-type-examples/p1/one.png', data);
    const file = await storage.open('ad-type-examples/p1/one.png');
    expect(file?.size).toBe(data.length);
    expect(sha(await readAll(file!.stream))).toBe(sha(data));
  });

  it('answers null for a key that was never put, and for keys the server never makes', async () => {
    expect(await storage.open('ad-type-examples/p1/missing.png')).toBeNull();
    expect(await storage.open('../etc/passwd')).toBeNull();
    await expect(storage.put('../outside.png', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });

  it('streams a 20 MB file in and out whole', async () => {
    const { stream, sha256 } = generated(20 * 1024 * 1024, 1);
    await storage.put('ad-type-examples/big/large.png', stream);
    const file = await storage.open('ad-type-examples/big/large.png');
    expect(file?.size).toBe(20 * 1024 * 1024);
    expect(await hashStream(file!.stream)).toEqual({ sha256, size: 20 * 1024 * 1024 });
  }, 120_000);

  it.skipIf(backend.racesUntested)('keeps one whole file when two puts of the same key race', async () => {
    const a = randomBytes(1_200_000);
    const b = randomBytes(900_000);
    await Promise.all([
      storage.put('ad-type-examples/race/same.png', Readable.from([a.subarray(0, 600_000), a.subarray(600_000)])),
      storage.put('ad-type-examples/race/same.png', b),
    ]);
    const file = await storage.open('ad-type-examples/race/same.png');
    const got = await readAll(file!.stream);
    expect(file!.size).toBe(got.length);
    expect([sha(a), sha(b)]).toContain(sha(got));
  }, 60_000);

  it('stores the same bytes under two keys and lists every key with its size, in key order', async () => {
    const data = randomBytes(1000);
    await Promise.all([storage.put('ad-type-examples/dup/b.png', data), storage.put('ad-type-examples/dup/a.png', data)]);
    expect(sha(await readAll((await storage.open('ad-type-examples/dup/a.png'))!.stream))).toBe(sha(data));
    const listed: Array<{ key: string; size: number }> = [];
    for await (const f of storage.list()) listed.push(f);
    expect(listed.map((f) => f.key)).toEqual([
      'ad-type-examples/big/large.png',
      'ad-type-examples/dup/a.png',
      'ad-type-examples/dup/b.png',
      'ad-type-examples/p1/one.png',
      ...(backend.racesUntested ? [] : ['ad-type-examples/race/same.png']),
    ]);
    expect(listed.find((f) => f.key === 'ad-type-examples/dup/a.png')?.size).toBe(1000);
  });
});
