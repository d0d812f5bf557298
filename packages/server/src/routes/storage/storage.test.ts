import { MESSAGES } from '@cadence/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

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

function upload(data: Uint8Array, name: string, type: string, token = editor, pub = publicationId) {
  const form = new FormData();
  form.append('publication_id', pub);
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return fetch(`${t.url}/api/storage/ad-type-examples`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
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
