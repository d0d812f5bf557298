import type { Webhook, WebhookDelivery } from '@cadence/core';
import { webhookCreateSchema, webhookDeliveriesQuerySchema, webhookDeliverySchema, webhookSchema, webhookUpdateSchema, webhookWithSecretSchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { iso } from '../../data/present';
import { fieldError, notFound } from '../../errors';
import { recordHistory } from '../../history/record';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { urlProblem } from '../../webhooks/addresses';
import { WEBHOOK_TASK } from '../../webhooks/deliver';
import { queuePing } from '../../webhooks/events';
import { newWebhookSecret } from '../../webhooks/sign';
import { NEXT_CURSOR_HEADER } from '../campaigns/routes';

// Webhook endpoints and their delivery log (docs/adr/0058-signed-webhooks.md): administrators
// only (the route kit's `admin` access: keys never administer). The secret is shown on create
// and on rotation, never listed; it is kept sealed (auth/secret-box.ts).

const TAG = 'Webhooks';
const DEFAULT_PAGE = 50;

interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  format: 'json' | 'slack';
  active: boolean;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_status: 'pending' | 'delivered' | 'failed' | null;
  last_code: number | null;
  last_at: Date | string | null;
}

/** Each endpoint with its newest delivery's outcome, in one query. */
const endpoints = (db: Knex) =>
  db('webhook_endpoints as w')
    .select('w.id', 'w.url', 'w.description', 'w.events', 'w.format', 'w.active', 'w.created_by', 'w.created_at', 'w.updated_at', 'last.status as last_status', 'last.status_code as last_code', 'last.created_at as last_at')
    .joinRaw(
      `LEFT JOIN LATERAL (SELECT d.status, d.status_code, d.created_at FROM webhook_deliveries d WHERE d.webhook_id = w.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) last ON true`,
    );

const present = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  format: r.format,
  active: r.active,
  created_by: r.created_by,
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
  last_delivery: r.last_status ? { status: r.last_status, status_code: r.last_code, created_at: iso(r.last_at)! } : null,
});

type DeliveryRow = Omit<WebhookDelivery, 'created_at' | 'delivered_at' | 'next_attempt_at' | 'payload'> & {
  created_at: Date | string;
  delivered_at: Date | string | null;
  next_attempt_at: Date | string | null;
  payload: Record<string, unknown> | string;
};
const DELIVERY_COLUMNS = ['id', 'webhook_id', 'event_id', 'event_type', 'status', 'attempts', 'next_attempt_at', 'status_code', 'error', 'response_body', 'response_ms', 'created_at', 'delivered_at', 'payload'];
const presentDelivery = (d: DeliveryRow): WebhookDelivery => ({
  ...d,
  created_at: iso(d.created_at)!,
  delivered_at: iso(d.delivered_at),
  next_attempt_at: iso(d.next_attempt_at),
  payload: typeof d.payload === 'string' ? JSON.parse(d.payload) : d.payload,
});

/** What an administrators' history entry keeps of an endpoint (never its secret): docs/adr/0058's addendum. */
const RECORDED = ['url', 'description', 'events', 'format', 'active'] as const;
type Recorded = Pick<EndpointRow, (typeof RECORDED)[number]>;
const recorded = (r: Recorded): Record<string, unknown> => Object.fromEntries(RECORDED.map((k) => [k, r[k]]));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function webhookRoutes(s: Services, t: RouteTable): void {
  const checkUrl = (url: string) => {
    const problem = urlProblem(url, s.config.WEBHOOK_ALLOWED_HOSTS);
    if (problem) throw fieldError('url', problem);
  };
  const one = async (db: Knex, id: string): Promise<Webhook> => {
    const row = await endpoints(db).where('w.id', id).first();
    if (!row) throw notFound('Webhook');
    return present(row);
  };

  t.add({
    method: 'get', path: '/api/webhooks', tag: TAG, access: 'admin', summary: 'Webhook endpoints (never their secrets), newest first, each with its last delivery',
    response: z.array(webhookSchema),
    handler: async () => ((await endpoints(s.db).orderBy([{ column: 'w.created_at', order: 'desc' }, { column: 'w.id', order: 'desc' }])) as EndpointRow[]).map(present),
  });

  t.add({
    method: 'post', path: '/api/webhooks', tag: TAG, access: 'admin', status: 201,
    summary:
      'Register an endpoint: an https URL (or a host in WEBHOOK_ALLOWED_HOSTS; never link-local or metadata addresses), the events it receives (or *), ' +
      'json or slack. The signing secret is generated and shown once',
    body: webhookCreateSchema, response: webhookWithSecretSchema,
    handler: async ({ body, auth }) => {
      checkUrl(body.url);
      const secret = newWebhookSecret();
      const values = { url: body.url, description: body.description ?? null, events: [...new Set(body.events)], format: body.format, active: body.active };
      const id = await s.db.transaction(async (trx) => {
        const [row] = await trx('webhook_endpoints').insert({ ...values, secret: s.webhookSecrets.seal(secret), created_by: auth.principal.userId }).returning('id');
        // Administrators' record, like the approval rules': who added which endpoint.
        await recordHistory(trx, { resource: 'webhooks', rowId: row.id, action: 'create', row: recorded(values) });
        return row.id as string;
      });
      return { ...(await one(s.db, id)), secret };
    },
  });

  t.add({
    method: 'get', path: '/api/webhooks/:id', tag: TAG, access: 'admin', summary: 'One webhook endpoint', response: webhookSchema,
    handler: ({ params }) => one(s.db, params.id!),
  });

  t.add({
    method: 'patch', path: '/api/webhooks/:id', tag: TAG, access: 'admin', summary: 'Change an endpoint: URL (checked again), description, events, format, active',
    body: webhookUpdateSchema, response: webhookSchema,
    handler: async ({ params, body }) => {
      if (body.url !== undefined) checkUrl(body.url);
      const patch: Record<string, unknown> = { ...body };
      if (body.events) patch.events = [...new Set(body.events)];
      if (Object.keys(patch).length) {
        await s.db.transaction(async (trx) => {
          const before: Recorded | undefined = await trx('webhook_endpoints').where({ id: params.id }).forUpdate().first(...RECORDED);
          if (!before) throw notFound('Webhook');
          await trx('webhook_endpoints').where({ id: params.id }).update({ ...patch, version: trx.raw('version + 1'), updated_at: trx.fn.now() });
          const changes = Object.fromEntries(
            RECORDED.filter((k) => k in patch && !same(before[k], patch[k])).map((k) => [k, { before: before[k], after: patch[k] }]),
          );
          if (Object.keys(changes).length) await recordHistory(trx, { resource: 'webhooks', rowId: params.id!, action: 'update', changes });
        });
      }
      return one(s.db, params.id!);
    },
  });

  t.add({
    method: 'delete', path: '/api/webhooks/:id', tag: TAG, access: 'admin', status: 204, summary: 'Remove an endpoint and its delivery log; nothing more is sent to it',
    handler: async ({ params }) => {
      await s.db.transaction(async (trx) => {
        const [gone] = (await trx('webhook_endpoints').where({ id: params.id }).delete().returning([...RECORDED])) as Recorded[];
        if (!gone) throw notFound('Webhook');
        await recordHistory(trx, { resource: 'webhooks', rowId: params.id!, action: 'delete', row: recorded(gone) });
      });
    },
  });

  t.add({
    method: 'post', path: '/api/webhooks/:id/rotate-secret', tag: TAG, access: 'admin',
    summary: 'A new signing secret, shown once; deliveries sign with it from now on (the old one stops at once)',
    response: webhookWithSecretSchema,
    handler: async ({ params }) => {
      const secret = newWebhookSecret();
      await s.db.transaction(async (trx) => {
        const n = await trx('webhook_endpoints').where({ id: params.id }).update({ secret: s.webhookSecrets.seal(secret), version: trx.raw('version + 1'), updated_at: trx.fn.now() });
        if (!n) throw notFound('Webhook');
        // That it changed and by whom, never the secret itself.
        await recordHistory(trx, { resource: 'webhooks', rowId: params.id!, action: 'update', changes: { secret: { before: 'previous secret', after: 'new secret' } } });
      });
      return { ...(await one(s.db, params.id!)), secret };
    },
  });

  t.add({
    method: 'post', path: '/api/webhooks/:id/test', tag: TAG, access: 'admin', status: 201,
    summary: 'Send a ping event to the endpoint now; answers its delivery, which the log then shows delivered or failed',
    response: webhookDeliverySchema,
    handler: async ({ params, auth }) => {
      // Read in the transaction: the delivery as queued, before the worker (woken by the commit) takes it.
      return s.db.transaction(async (trx) => {
        if (!(await trx('webhook_endpoints').where({ id: params.id }).first('id'))) throw notFound('Webhook');
        const event = await queuePing(trx, params.id!, auth.principal.userId || null);
        return presentDelivery(await trx('webhook_deliveries').where({ event_id: event.id, webhook_id: params.id }).first(DELIVERY_COLUMNS));
      });
    },
  });

  t.add({
    method: 'get', path: '/api/webhooks/:id/deliveries', tag: TAG, access: 'admin',
    summary: `An endpoint's deliveries, newest first, ${DEFAULT_PAGE} a page unless limit says (at most 200); a full page answers the next page's cursor in ${NEXT_CURSOR_HEADER}`,
    query: webhookDeliveriesQuerySchema, response: z.array(webhookDeliverySchema),
    responseHeaders: { [NEXT_CURSOR_HEADER]: 'On a full page: pass it as cursor for the next page; absent on the last page' },
    handler: async ({ params, query, ctx }) => {
      if (!(await s.db('webhook_endpoints').where({ id: params.id }).first('id'))) throw notFound('Webhook');
      const limit = query.limit ?? DEFAULT_PAGE;
      const q = s.db('webhook_deliveries').where({ webhook_id: params.id }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).select(DELIVERY_COLUMNS);
      if (query.cursor) {
        if (!(await s.db('webhook_deliveries').where({ id: query.cursor, webhook_id: params.id }).first('id'))) throw fieldError('cursor', 'Not a cursor this list handed out');
        // Compared in the database: a timestamp read into JavaScript would lose its microseconds.
        q.whereRaw('(created_at, id) < (SELECT c.created_at, c.id FROM webhook_deliveries c WHERE c.id = ?)', [query.cursor]);
      }
      const rows: DeliveryRow[] = await q;
      if (rows.length === limit) ctx.set(NEXT_CURSOR_HEADER, rows.at(-1)!.id);
      return rows.map(presentDelivery);
    },
  });

  t.add({
    method: 'post', path: '/api/webhook-deliveries/:id/redeliver', tag: TAG, access: 'admin',
    summary: 'Send a delivery again now (the same event, id and body, signed anew): one more attempt, whatever its status',
    response: webhookDeliverySchema,
    handler: async ({ params }) => {
      const [row] = await s.db('webhook_deliveries')
        .where({ id: params.id })
        .update({ status: 'pending', next_attempt_at: s.db.fn.now() })
        .returning(DELIVERY_COLUMNS);
      if (!row) throw notFound('Delivery');
      s.background.wake(WEBHOOK_TASK);
      return presentDelivery(row);
    },
  });
}
