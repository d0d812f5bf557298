import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { openSocket } from '../test/socket';
import { getOnNewConnection, slowPost } from '../test/slow-request';

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('graceful shutdown', () => {
  // A server of its own for each test, started outside the test's time limit.
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer();
  });
  afterEach(async () => t?.close());

  it('should refuse new connections, tell realtime clients to reconnect (1012) and let a request in flight finish', async () => {
    const admin = await t.signUpAndIn('admin@example.com');
    const socket = await openSocket(t.url);
    socket.send({ type: 'auth', token: admin.token });
    await socket.waitFor((m) => m.type === 'ready');
    const slow = slowPost(t.url, '/api/ideas', admin.token, { title: 'Sent while the server stops' });
    await waitFor(() => t.readiness.inFlight === 1);

    const stopped = t.shutdown({ graceMs: 10_000 });
    expect(t.readiness.draining).toBe(true);
    expect(await socket.closed).toEqual({ code: 1012, reason: 'Server restarting; reconnect and resume' });
    expect(await getOnNewConnection(`${t.url}/healthz`)).toBe('ECONNREFUSED'); // the port is closed
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(201);
    expect(answer.body.title).toBe('Sent while the server stops');
    expect(answer.connection).toBe('close');
    expect(await stopped).toEqual({ cut: 0 });
  });

  it('should cut a request still running when the grace is over, and still stop', async () => {
    const admin = await t.signUpAndIn('admin@example.com');
    const slow = slowPost(t.url, '/api/ideas', admin.token, { title: 'Never finished' });
    const outcome = slow.response.then(
      () => 'answered',
      (err: NodeJS.ErrnoException) => err.code,
    );
    await waitFor(() => t.readiness.inFlight === 1);
    expect(await t.shutdown({ graceMs: 300 })).toEqual({ cut: 1 });
    expect(await outcome).toBe('ECONNRESET');
  });
});
