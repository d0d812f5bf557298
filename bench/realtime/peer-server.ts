/**
 * The peer for realtime fan-out: a bare `ws` server that broadcasts each payload to every
 * client, serialised once (the usual broadcast loop). POST /broadcast with a JSON array of
 * messages sends them in order. Started by suites/realtime.ts.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const clients = new Set<WebSocket>();
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    const messages = JSON.parse(body) as unknown[];
    for (const message of messages) {
      const data = JSON.stringify(message);
      for (const ws of clients) ws.send(data);
    }
    res.end('{}');
  });
});
const wss = new WebSocketServer({ server });
wss.on('connection', (ws) => {
  clients.add(ws);
  ws.on('close', () => clients.delete(ws));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.once('SIGTERM', () => {
  for (const ws of clients) ws.terminate();
  server.close(() => process.exit(0));
});
