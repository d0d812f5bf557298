import { randomBytes } from 'node:crypto';
import { createScratchDatabase } from '../lib/pg.js';
import { startBenchServer, type BenchServer } from '../lib/server.js';
import { quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const IMAGE_BYTES = 4 * 1024 * 1024;

/** Median upload and fetch of a 4 MB image through one server, `rounds` times, each fetch checked whole. */
async function measure(server: BenchServer, rounds: number): Promise<{ uploadMs: number; fetchMs: number }> {
  const json = { 'Content-Type': 'application/json' };
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  await fetch(`${server.url}/api/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'correct horse' }) });
  const signIn = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'correct horse' }) });
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  const auth = { Authorization: `Bearer ${token}` };
  const pub = await fetch(`${server.url}/api/publications`, { method: 'POST', headers: { ...json, ...auth }, body: JSON.stringify({ name: 'Bench' }) });
  const publication = ((await pub.json()) as { id: string }).id;
  const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(IMAGE_BYTES - 8)]);
  const uploads: number[] = [];
  const fetches: number[] = [];
  for (let i = 0; i < rounds + 2; i++) {
    const form = new FormData();
    form.append('publication_id', publication);
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bench.png');
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/storage/ad-type-examples`, { method: 'POST', headers: auth, body: form });
    const { public_url } = (await res.json()) as { public_url: string };
    const t1 = performance.now();
    const got = await fetch(`${server.url}${new URL(public_url).pathname}`);
    const length = (await got.arrayBuffer()).byteLength;
    const t2 = performance.now();
    if (length !== IMAGE_BYTES) throw new Error(`fetched ${length} bytes of ${IMAGE_BYTES}`);
    if (i >= 2) {
      // The first two warm up the process (JIT, pool, disk cache).
      uploads.push(t1 - t0);
      fetches.push(t2 - t1);
    }
  }
  return { uploadMs: quantile(uploads, 0.5), fetchMs: quantile(fetches, 0.5) };
}

export const storageSuite: Suite = {
  name: 'storage',
  description: 'upload and fetch of a 4 MB image: PostgreSQL blob storage vs local disk, both on one PostgreSQL',
  async run(ctx) {
    const rounds = ctx.quick ? 3 : 20;
    const rows: BenchRow[] = [];
    const results: Record<string, { uploadMs: number; fetchMs: number }> = {};
    for (const [name, storageUrl] of [['local disk', 'local'], ['PostgreSQL', 'postgres']] as const) {
      ctx.log(`${name}: ${rounds} uploads and fetches of 4 MB`);
      // A database each: the first account of each is the administrator who may upload.
      const db = await createScratchDatabase(ctx.pgAdminUrl, 'cadence_bench_storage');
      const server = await startBenchServer({ databaseUrl: db.url, env: { STORAGE_URL: storageUrl } }).catch(async (err) => {
        await db.drop();
        throw err;
      });
      try {
        results[name] = await measure(server, rounds);
      } finally {
        await server.stop();
        await db.drop();
      }
    }
    {
      const local = results['local disk']!;
      const pg = results.PostgreSQL!;
      const detail = `median of ${rounds}; local disk: upload ${round(local.uploadMs)} ms, fetch ${round(local.fetchMs)} ms; PostgreSQL: upload ${round(pg.uploadMs)} ms, fetch ${round(pg.fetchMs)} ms`;
      rows.push(
        { suite: 'storage', name: 'upload 4 MB image, PostgreSQL storage', unit: 'ms', ours: round(pg.uploadMs), peer: { name: 'local disk', value: round(local.uploadMs) }, budget: { on: 'ratio', op: '<=', limit: 8 }, detail },
        { suite: 'storage', name: 'fetch 4 MB image, PostgreSQL storage', unit: 'ms', ours: round(pg.fetchMs), peer: { name: 'local disk', value: round(local.fetchMs) }, budget: { on: 'ratio', op: '<=', limit: 12 } },
      );
    }
    return rows;
  },
};
