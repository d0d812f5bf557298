import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { MESSAGES } from '@cadence/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { uploadDir } from './routes';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestServer;
let editor: string;
let reader: string;
let publicationId: string;
beforeAll(async () => {
  t = await startTestServer();
  const admin = (await t.signUpAndIn('admin@example.com')).token;
  const e = await t.signUpAndIn('editor@example.com');
  const r = await t.signUpAndIn('reader@example.com');
  await t.grant(admin, e.userId, ['channel_view', 'industry-publications'], ['channel_create', 'industry-publications']);
  await t.grant(admin, r.userId, ['channel_view', 'industry-publications']);
  editor = e.token;
  reader = r.token;
  publicationId = (await t.api('POST', '/api/publications', { token: editor, body: { name: 'Uploads Weekly' } })).body.id;
});
afterAll(async () => t?.close());

function upload(data: Uint8Array, name: string, type: string, token: string | null = editor, pub = publicationId) {
  const form = new FormData();
  form.append('publication_id', pub);
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return fetch(`${t.url}/api/storage/ad-type-examples`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
}

const BOUNDARY = 'cadence-test-boundary';
const FILE_PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

/** What the upload folder holds now. */
const leftovers = async () => readdirSync(await uploadDir());

async function until(done: () => Promise<boolean>, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !(await done()); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Starts a 5 MB upload, sends its headers and first 64 KB, and waits for the answer without
 * sending the rest: only a server that answers before reading the body answers at all.
 * Returns the status and what the upload folder held when the answer came.
 */
function answerBeforeTheBody(token: string | null): Promise<{ status: number; held: string[] }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const req = httpRequest(`${t.url}/api/storage/ad-type-examples`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length': String(5 * 1024 * 1024),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    const timer = setTimeout(() => {
      settled = true;
      req.destroy();
      reject(new Error('No answer while the body was unsent: the server waited to read it'));
    }, 5_000);
    req.on('response', (res) => {
      clearTimeout(timer);
      res.resume();
      void leftovers().then((held) => {
        settled = true;
        req.destroy();
        resolve({ status: res.statusCode!, held });
      }, reject);
    });
    req.on('error', (err) => {
      if (!settled) reject(err);
    });
    req.write(FILE_PART);
    req.write(PNG);
    req.write(Buffer.alloc(64 * 1024));
  });
}

it('should store a real PNG under a server-made name and serve it back byte for byte with nosniff', async () => {
  const res = await upload(PNG, '../../evil name.png', 'image/png');
  expect(res.status).toBe(201);
  const body = (await res.json()) as { path: string; public_url: string };
  expect(body.path).toMatch(new RegExp(`^${publicationId}/\\d+-[a-z0-9]+\\.png$`));
  const served = await fetch(body.public_url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
});

it("should refuse 5 MB + 1 byte with 413 'Image must be less than 5MB' and accept exactly 5 MB", async () => {
  const big = Buffer.alloc(5 * 1024 * 1024 + 1);
  PNG.copy(big);
  const res = await upload(big, 'big.png', 'image/png');
  expect(res.status).toBe(413);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(MESSAGES.imageTooLarge);
  const exact = Buffer.alloc(5 * 1024 * 1024);
  PNG.copy(exact);
  expect((await upload(exact, 'exact.png', 'image/png')).status).toBe(201);
});

it('should refuse HTML named .png and an SVG with a script, whatever their declared type', async () => {
  const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'cat.png', 'image/png');
  expect(html.status).toBe(415);
  expect(((await html.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
  const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml');
  expect(svg.status).toBe(415);
});

it('should need the industry write right and a known publication', async () => {
  expect((await upload(PNG, 'a.png', 'image/png', reader)).status).toBe(403);
  expect((await upload(PNG, 'a.png', 'image/png', editor, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  expect((await fetch(`${t.url}/storage/ad-type-examples/..%2F..%2Fetc%2Fpasswd.png`)).status).toBe(404);
  expect((await fetch(`${t.url}/storage/ad-type-examples/nope.png`)).status).toBe(404);
});

it('should answer 401 and 403 before reading an upload, so a refused body never reaches the disk', async () => {
  const anonymous = await answerBeforeTheBody(null);
  expect(anonymous).toEqual({ status: 401, held: [] });
  const forbidden = await answerBeforeTheBody(reader);
  expect(forbidden).toEqual({ status: 403, held: [] });
  expect(await leftovers()).toEqual([]);
});

it('should write uploads to a folder of its own, readable by the server alone, and leave no file behind whatever the answer', async () => {
  expect(statSync(await uploadDir()).mode & 0o777).toBe(0o700);
  const big = Buffer.alloc(5 * 1024 * 1024 + 1);
  PNG.copy(big);
  const cases: Array<[string, () => Promise<Response>, number]> = [
    ['stored', () => upload(PNG, 'ok.png', 'image/png'), 201],
    ['anonymous', () => upload(big.subarray(0, 5 * 1024 * 1024), 'a.png', 'image/png', null), 401],
    ['forbidden', () => upload(PNG, 'a.png', 'image/png', reader), 403],
    ['not an image', () => upload(Buffer.from('<html><script>alert(1)</script></html>'), 'cat.png', 'image/png'), 415],
    ['too large', () => upload(big, 'big.png', 'image/png'), 413],
    ['unknown publication', () => upload(PNG, 'a.png', 'image/png', editor, '00000000-0000-4000-8000-000000000000'), 404],
    [
      'cut short (no closing boundary)',
      () =>
        fetch(`${t.url}/api/storage/ad-type-examples`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${editor}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: Buffer.concat([Buffer.from(FILE_PART), PNG, Buffer.alloc(32 * 1024)]),
        }),
      400,
    ],
  ];
  for (const [what, send, status] of cases) {
    const res = await send();
    await res.arrayBuffer();
    expect({ what, status: res.status }).toEqual({ what, status });
    // Deleted before the answer was sent: nothing to wait for.
    expect({ what, left: await leftovers() }).toEqual({ what, left: [] });
  }
});

it('should delete a half-written upload whose client goes away', async () => {
  const req = httpRequest(`${t.url}/api/storage/ad-type-examples`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(1024 * 1024), Authorization: `Bearer ${editor}` },
  });
  req.on('error', () => {});
  req.write(FILE_PART);
  req.write(PNG);
  req.write(Buffer.alloc(64 * 1024));
  await until(async () => (await leftovers()).length === 1);
  const [file] = await leftovers();
  expect(statSync(`${await uploadDir()}/${file}`).mode & 0o777).toBe(0o600);
  req.destroy();
  await until(async () => (await leftovers()).length === 0);
});
