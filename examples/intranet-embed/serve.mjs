#!/usr/bin/env node
// A tiny static server for examples/intranet-embed: serves index.html (with the Cadence URL and
// the access key filled in) on another origin than Cadence, as an intranet page would be.
//
//   CADENCE_URL=http://localhost:8787 CADENCE_ACCESS_KEY=ck_… node examples/intranet-embed/serve.mjs
//
// Env: CADENCE_URL (default http://localhost:8787), CADENCE_ACCESS_KEY (a read-only key; without
// one the widgets show a sign-in form), PORT (default 8080), HOST (default localhost).
// The Cadence server must list this page's origin in ALLOWED_ORIGINS (see docs/embedding.md).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** index.html with the placeholders replaced. */
export function renderPage({ cadenceUrl, accessKey, file = 'index.html' }) {
  const html = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
  let page = html.replaceAll('CADENCE_URL', cadenceUrl.replace(/\/+$/, ''));
  // No key: drop the attribute, so the widgets ask to sign in.
  page = accessKey ? page.replaceAll('CADENCE_ACCESS_KEY', accessKey) : page.replaceAll(' access-key="CADENCE_ACCESS_KEY"', '');
  return page;
}

/** Starts the server; resolves with its URL. */
export function serveExample({ cadenceUrl, accessKey, port = 8080, host = 'localhost' }) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== '/' && path !== '/index.html') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(renderPage({ cadenceUrl, accessKey }));
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve({ server, url: `http://${host}:${server.address().port}` })));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cadenceUrl = process.env.CADENCE_URL ?? 'http://localhost:8787';
  const accessKey = process.env.CADENCE_ACCESS_KEY ?? '';
  const { url } = await serveExample({ cadenceUrl, accessKey, port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? 'localhost' });
  console.log(`Intranet example: ${url}/
  Cadence:    ${cadenceUrl} (must be running, started with ALLOWED_ORIGINS=${url})
  Access key: ${accessKey ? 'set' : 'none (the widgets ask to sign in); create one with: cadence keys create --read-only --name intranet'}
Stop with Ctrl+C.`);
}
