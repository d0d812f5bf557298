import { isWebhookEventType, WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS, type CadenceAdminClient, type WebhookDelivery, type WebhookFormat } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

// Signed webhooks from the command line (docs/adr/0058): endpoints, a test ping, the delivery log.

const client = (ctx: CommandContext): CadenceAdminClient => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function id(value: string, what = 'ID'): string {
  if (!ID.test(value)) throw usageError(`${what} must be an id, e.g. 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 (got "${value}")`);
  return value.toLowerCase();
}

/** `--events a,b` (repeatable), each an event name or `*`. */
export function parseEvents(values: readonly string[] | undefined): string[] {
  const events = (values ?? ['*']).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  for (const e of events) {
    if (e !== '*' && !isWebhookEventType(e)) throw usageError(`--events: "${e}" is not an event; use * or any of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  }
  if (!events.length) throw usageError('--events names no event');
  return [...new Set(events)];
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');

export async function listWebhooks(ctx: CommandContext): Promise<void> {
  const hooks = await client(ctx).webhooks.list();
  ctx.out.result(hooks, () =>
    hooks.length
      ? table([
          ['ID', 'URL', 'EVENTS', 'FORMAT', 'ACTIVE', 'LAST DELIVERY'],
          ...hooks.map((h) => [
            h.id,
            h.url,
            h.events.join(','),
            h.format,
            h.active ? 'yes' : 'no',
            h.last_delivery ? `${h.last_delivery.status}${h.last_delivery.status_code ? ` ${h.last_delivery.status_code}` : ''} ${when(h.last_delivery.created_at)}` : '-',
          ]),
        ])
      : ['No webhooks'],
  );
}

export async function addWebhook(ctx: CommandContext, url: string, opts: { events?: string[]; format?: string; description?: string }): Promise<void> {
  const format = opts.format ?? 'json';
  if (!(WEBHOOK_FORMATS as readonly string[]).includes(format)) throw usageError(`--format must be one of ${WEBHOOK_FORMATS.join(', ')}`);
  const hook = await client(ctx).webhooks.create({ url, events: parseEvents(opts.events), format: format as WebhookFormat, ...(opts.description ? { description: opts.description } : {}) });
  ctx.out.result(hook, () => [hook.secret]);
  ctx.out.info(`Added webhook ${hook.id} for ${hook.events.join(', ')}. The signing secret above is shown only once: store it now.`);
}

export async function removeWebhook(ctx: CommandContext, webhook: string): Promise<void> {
  const hookId = id(webhook);
  if (!ctx.globals.yes && !(await ctx.prompt.confirm(`Remove webhook ${hookId} and its delivery log?`))) {
    ctx.out.info('Cancelled');
    return;
  }
  await client(ctx).webhooks.remove(hookId);
  ctx.out.success(`Removed webhook ${hookId}`);
}

export async function rotateSecret(ctx: CommandContext, webhook: string): Promise<void> {
  const hook = await client(ctx).webhooks.rotateSecret(id(webhook));
  ctx.out.result(hook, () => [hook.secret]);
  ctx.out.info('The new signing secret above is shown only once; the old one no longer signs.');
}

const outcome = (d: WebhookDelivery) =>
  d.status === 'delivered' ? `delivered: ${d.status_code} in ${d.response_ms} ms` : `${d.error ?? 'not delivered'}${d.status === 'pending' && d.next_attempt_at ? ` (retrying at ${when(d.next_attempt_at)})` : ''}`;

/** Sends a ping and waits (up to `waitMs`) for its first attempt: exit 1 when the endpoint did not take it. */
export async function testWebhook(ctx: CommandContext, webhook: string, waitMs = 15_000): Promise<void> {
  const api = client(ctx);
  const hookId = id(webhook);
  const queued = await api.webhooks.test(hookId);
  let d = queued;
  const end = Date.now() + waitMs;
  while (d.attempts === 0 && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    d = (await api.webhooks.deliveries(hookId, { limit: 20 })).items.find((x) => x.id === queued.id) ?? d;
  }
  ctx.out.result(d, () => []);
  if (d.attempts === 0) throw new CliError(`The ping (delivery ${d.id}) is still queued: is the server's delivery worker running?`);
  if (d.status !== 'delivered') throw new CliError(`The ping was not delivered: ${outcome(d)}`);
  ctx.out.success(`Ping ${outcome(d)}`);
}

export async function listDeliveries(ctx: CommandContext, webhook: string, opts: { limit?: string }): Promise<void> {
  const limit = opts.limit === undefined ? 20 : Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw usageError('--limit must be a number from 1 to 200');
  const page = await client(ctx).webhooks.deliveries(id(webhook), { limit });
  ctx.out.result(page.items, () =>
    page.items.length
      ? table([
          ['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'CODE', 'CREATED', 'ERROR'],
          ...page.items.map((d) => [d.id, d.event_type, d.status, String(d.attempts), d.status_code === null ? '-' : String(d.status_code), when(d.created_at), d.error ?? '-']),
        ])
      : ['No deliveries'],
  );
}

export async function redeliver(ctx: CommandContext, delivery: string): Promise<void> {
  const d = await client(ctx).webhooks.redeliver(id(delivery, 'DELIVERY'));
  ctx.out.result(d, () => []);
  ctx.out.success(`Delivery ${d.id} (${d.event_type}) queued again`);
}
