import net from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { report } from './report';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ RATE_SIGNIN_PER_EMAIL: '100000', RATE_SIGNIN_PER_IP: '100000', ALLOWED_ORIGINS: 'https://intranet.example' });
}, 120_000);
afterAll(async () => server?.stop());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

it('should take as long to refuse an unknown e-mail as a wrong password (median over 200 tries)', async () => {
  const api = apiClient(server.url);
  await api.signUpAndIn('known@example.com');
  const time = async (email: string) => {
    const started = performance.now();
    const res = await api.call('POST', '/api/auth/signin', { body: { email, password: 'wrong-password' } });
    expect(res.status).toBe(401);
    return performance.now() - started;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 200; i++) {
    known.push(await time('known@example.com'));
    unknown.push(await time(`nobody${i}@example.com`));
  }
  const diff = Math.abs(median(known) - median(unknown));
  report('sign-in timing', { tries: 200, known_median_ms: Number(median(known).toFixed(2)), unknown_median_ms: Number(median(unknown).toFixed(2)), difference_ms: Number(diff.toFixed(2)) });
  expect(diff).toBeLessThan(10);
});

it('should refuse a body over the limit from its Content-Length, before reading it', async () => {
  const { port, hostname } = new URL(server.url);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      // Announce 200 MB and send none of it: the answer must come anyway.
      socket.write('POST /api/campaigns HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 209715200\r\n\r\n');
    });
    let data = '';
    socket.on('data', (d) => {
      data += d;
      if (data.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(data);
      }
    });
    socket.on('error', reject);
    setTimeout(() => reject(new Error('no answer within 5 s: the server waited for the body')), 5000);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 413/);
});

it('should check the Origin and the token of every WebSocket, and send the security headers', async () => {
  await expect(
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, { headers: { Origin: 'https://evil.example' } });
      ws.on('open', () => resolve('open'));
      ws.on('unexpected-response', (_q, res) => reject(new Error(String(res.statusCode))));
      ws.on('error', reject);
    }),
  ).rejects.toThrow(/403/);
  const code = await new Promise<number>((resolve) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, { headers: { Origin: 'https://intranet.example' } });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: 'forged' })));
    ws.on('close', (c) => resolve(c));
  });
  expect(code).toBe(4401);

  const page = await fetch(`${server.url}/settings`);
  expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://intranet.example");
  expect(page.headers.get('x-powered-by')).toBeNull();
  const cross = await fetch(`${server.url}/api/health`, { headers: { Origin: 'https://evil.example' } });
  expect(cross.status).toBe(403);
  report('security headers', { csp: true, cors_refused: cross.status, ws_foreign_origin: 403, ws_bad_token: code });
});
