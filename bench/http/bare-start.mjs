// The cold-start suite's bare peer: Node starting bare Koa that serves the built app's page, in
// plain JavaScript (no tsx), so its time is the host's floor for "start a Node server, serve a page".
// `node bare-start.mjs <port> <index.html>`
import { readFileSync } from 'node:fs';
import Koa from 'koa';

const [port, indexFile] = process.argv.slice(2);
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'html';
  ctx.body = readFileSync(indexFile, 'utf8');
});
app.listen(Number(port), '127.0.0.1');
