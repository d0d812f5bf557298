import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { startReceiver } from '../../packages/server/src/test/webhook-receiver';
import { verifyWebhookSignature } from '../../packages/server/src/webhooks/sign';

// `cadence webhooks list|add|test|deliveries|redeliver|rotate-secret|remove` (docs/adr/0058) with the built binary against a real server.
let server: ServerProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let adminEnv: Record<string, string>;
let fail = false;

beforeAll(async () => {
  buildCli();
  receiver = await startReceiver(() => (fail ? { status: 500 } : { status: 200 }));
  server = await startServerProcess({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  const client = apiClient(server.url);
  await client.signUpAndIn('admin@example.com', 'secret1');
  const work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-webhooks-'));
  adminEnv = { CADENCE_CONFIG_DIR: path.join(work, 'admin'), HOME: work };
  const res = await runCli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], adminEnv, 'secret1\n');
  if (res.code !== 0) throw new Error(`login failed: ${res.stderr}`);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('cadence webhooks', () => {
  it('should add an endpoint printing its secret once, test it with a signed ping, list it and its deliveries, redeliver, rotate and remove it', async () => {
    const added = await runCli(['webhooks', 'add', `${receiver.url}/cli`, '--events', 'campaign.created,campaign.moved', '--description', 'From the CLI'], adminEnv);
    expect(added.code, added.stderr).toBe(0);
    const secret = added.stdout.trim();
    expect(secret).toMatch(/^whsec_/);
    expect(added.stderr).toContain('shown only once');
    const list = JSON.parse((await runCli(['webhooks', 'list', '--json'], adminEnv)).stdout);
    expect(list).toMatchObject([{ url: `${receiver.url}/cli`, events: ['campaign.created', 'campaign.moved'], description: 'From the CLI' }]);
    expect(JSON.stringify(list)).not.toContain(secret);
    const id = list[0].id as string;

    const test = await runCli(['webhooks', 'test', id], adminEnv);
    expect(test.code, test.stderr).toBe(0);
    expect(test.stderr).toMatch(/Ping delivered: 200 in \d+ ms/);
    const ping = receiver.received.at(-1)!;
    expect(JSON.parse(ping.body).type).toBe('ping');
    expect(verifyWebhookSignature(String(ping.headers['cadence-signature']), ping.body, secret)).toBe(true);

    const table = await runCli(['webhooks', 'list'], adminEnv);
    expect(table.stdout).toMatch(/delivered 200/);
    const deliveries = JSON.parse((await runCli(['webhooks', 'deliveries', id, '--json'], adminEnv)).stdout);
    expect(deliveries).toMatchObject([{ event_type: 'ping', status: 'delivered', attempts: 1, status_code: 200 }]);
    const again = await runCli(['webhooks', 'redeliver', deliveries[0].id], adminEnv);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('queued again');

    const rotated = await runCli(['webhooks', 'rotate-secret', id], adminEnv);
    expect(rotated.stdout.trim()).toMatch(/^whsec_/);
    expect(rotated.stdout.trim()).not.toBe(secret);
    const removed = await runCli(['webhooks', 'remove', id, '--yes'], adminEnv);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await runCli(['webhooks', 'list'], adminEnv)).stdout).toContain('No webhooks');
  });

  it('should exit 1 when the ping is refused, and 2 on bad arguments, with the server naming a bad URL', async () => {
    const added = await runCli(['webhooks', 'add', `${receiver.url}/failing`, '--json'], adminEnv);
    const id = JSON.parse(added.stdout).id as string;
    fail = true;
    const test = await runCli(['webhooks', 'test', id], adminEnv);
    fail = false;
    expect(test.code).toBe(1);
    expect(test.stderr).toContain('The endpoint answered 500');
    expect((await runCli(['webhooks', 'add', 'https://hooks.example.com/x', '--events', 'campaign.exploded'], adminEnv)).code).toBe(2);
    expect((await runCli(['webhooks', 'add', 'https://hooks.example.com/x', '--format', 'xml'], adminEnv)).code).toBe(2);
    expect((await runCli(['webhooks', 'deliveries', 'nope'], adminEnv)).code).toBe(2);
    const metadata = await runCli(['webhooks', 'add', 'http://169.254.169.254/latest'], adminEnv);
    expect(metadata.code).toBe(1);
    expect(metadata.stderr).toMatch(/url/i);
    await runCli(['webhooks', 'remove', id, '--yes'], adminEnv);
  });
});
