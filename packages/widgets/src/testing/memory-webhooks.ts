import { can, type Principal, type Webhook, type WebhookDelivery, type WebhooksApi } from '@cadence/core';
import { webhookCreateSchema, webhookDeliveriesQuerySchema, webhookUpdateSchema } from '@cadence/core/schemas';
import { parse } from './memory-crud';
import { forbidden, notFound, validation } from './memory-errors';

type Run = <T>(op: string, fn: () => T, args?: unknown[]) => Promise<T>;

const LOCAL = /^(localhost|127\.|10\.|192\.168\.|169\.254\.|\[?::1\]?$|\[?fe80:)/i;

/**
 * Webhook endpoints and their delivery log as the server answers them (docs/adr/0058), for
 * Settings → Webhooks in tests and stories. Administrators only; https URLs on public-looking
 * hosts (the server's WEBHOOK_ALLOWED_HOSTS is empty here). A queued delivery is "sent" the next
 * time the log is read: delivered, unless its host ends in `.invalid` (failed, as DNS answers).
 */
export function memoryWebhooks(ctx: { run: Run; now: () => string; principal: Principal; webhooks?: Webhook[]; deliveries?: WebhookDelivery[] }): WebhooksApi {
  const { run, now, principal } = ctx;
  const hooks: Webhook[] = structuredClone(ctx.webhooks ?? []);
  const deliveries: WebhookDelivery[] = structuredClone(ctx.deliveries ?? []);
  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${String(++serial + 0xb000).padStart(12, '0')}`;
  const secret = () => `whsec_memory${String(serial).padStart(32, '0')}`;
  const admin = () => {
    if (!can(principal, 'administer', 'user')) throw forbidden();
  };
  const find = (id: string) => {
    const h = hooks.find((x) => x.id === id);
    if (!h) throw notFound();
    return h;
  };
  const checkUrl = (url: string) => {
    const u = new URL(url);
    if (u.protocol !== 'https:') throw validation([{ path: ['url'], message: 'Must be an https:// address (plain http only for a host in WEBHOOK_ALLOWED_HOSTS)' }]);
    if (LOCAL.test(u.hostname)) throw validation([{ path: ['url'], message: 'Must not be a loopback, private, link-local or metadata address' }]);
  };
  const lastOf = (id: string): Webhook['last_delivery'] => {
    const d = deliveries.filter((x) => x.webhook_id === id).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    return d ? { status: d.status, status_code: d.status_code, created_at: d.created_at } : null;
  };
  const shown = (h: Webhook): Webhook => structuredClone({ ...h, last_delivery: lastOf(h.id) });
  /** The worker's pass: what is due is sent. */
  const send = () => {
    for (const d of deliveries) {
      if (d.status !== 'pending') continue;
      const hook = hooks.find((h) => h.id === d.webhook_id);
      const dead = !hook || new URL(hook.url).hostname.endsWith('.invalid');
      Object.assign(d, dead
        ? { status: 'pending', attempts: d.attempts + 1, status_code: null, error: `getaddrinfo ENOTFOUND ${hook ? new URL(hook.url).hostname : ''}`, next_attempt_at: now() }
        : { status: 'delivered', attempts: d.attempts + 1, status_code: 200, error: null, response_body: 'ok', response_ms: 12, delivered_at: now(), next_attempt_at: null });
    }
  };

  return {
    list: () => run('webhooks.list', () => (admin(), hooks.map(shown))),
    get: (id) => run('webhooks.get', () => (admin(), shown(find(id))), [id]),
    create: (body) =>
      run('webhooks.create', () => {
        admin();
        const b = parse(webhookCreateSchema, body);
        checkUrl(b.url);
        const at = now();
        const hook: Webhook = { id: uuid(), url: b.url, description: b.description ?? null, events: [...new Set(b.events)], format: b.format, active: b.active, created_by: principal.userId, created_at: at, updated_at: at, last_delivery: null };
        hooks.unshift(hook);
        return { ...shown(hook), secret: secret() };
      }, [body]),
    update: (id, body) =>
      run('webhooks.update', () => {
        admin();
        const hook = find(id);
        const b = parse(webhookUpdateSchema, body);
        if (b.url !== undefined) checkUrl(b.url);
        Object.assign(hook, b, b.events ? { events: [...new Set(b.events)] } : {}, { updated_at: now() });
        return shown(hook);
      }, [id, body]),
    remove: (id) =>
      run('webhooks.remove', () => {
        admin();
        hooks.splice(hooks.indexOf(find(id)), 1);
        for (let i = deliveries.length - 1; i >= 0; i--) if (deliveries[i]!.webhook_id === id) deliveries.splice(i, 1);
      }, [id]),
    rotateSecret: (id) => run('webhooks.rotateSecret', () => (admin(), { ...shown(find(id)), secret: secret() }), [id]),
    test: (id) =>
      run('webhooks.test', () => {
        admin();
        const hook = find(id);
        const eventId = uuid();
        const d: WebhookDelivery = {
          id: uuid(), webhook_id: hook.id, event_id: eventId, event_type: 'ping', status: 'pending', attempts: 0, next_attempt_at: now(), status_code: null, error: null,
          response_body: null, response_ms: null, created_at: now(), delivered_at: null,
          payload: { id: eventId, type: 'ping', created_at: now(), actor: null, data: { object: { id: hook.id, title: 'Test event' }, previous_attributes: {} } },
        };
        deliveries.push(d);
        return structuredClone(d);
      }, [id]),
    deliveries: (id, query = {}) =>
      run('webhooks.deliveries', () => {
        admin();
        find(id);
        const q = parse(webhookDeliveriesQuerySchema, query);
        send();
        const all = deliveries.filter((d) => d.webhook_id === id).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
        const from = q.cursor ? all.findIndex((d) => d.id === q.cursor) + 1 : 0;
        const limit = q.limit ?? 50;
        const items = all.slice(from, from + limit);
        return { items: structuredClone(items), nextCursor: items.length === limit ? items.at(-1)!.id : null };
      }, [id, query]),
    redeliver: (deliveryId) =>
      run('webhooks.redeliver', () => {
        admin();
        const d = deliveries.find((x) => x.id === deliveryId);
        if (!d) throw notFound();
        Object.assign(d, { status: 'pending', next_attempt_at: now() });
        return structuredClone(d);
      }, [deliveryId]),
  };
}
