import * as z from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS } from '../rules/webhooks';
import { idSchema } from './common';

// Signed webhooks (docs/adr/0058-signed-webhooks.md): endpoints administrators register, and the
// deliveries of events to them. Whether a URL may be called (https, WEBHOOK_ALLOWED_HOSTS, never
// link-local or metadata addresses) is the server's check: it depends on its configuration.

const EVENT_NAMES = [...WEBHOOK_EVENT_TYPES, '*'] as const;
const eventName = z.enum(EVENT_NAMES as unknown as [string, ...string[]], { error: `Must be one of: ${EVENT_NAMES.join(', ')}` });

const endpointFields = {
  url: z.url({ protocol: /^https?$/, error: 'Must be an https:// address' }).max(2000, { error: 'Must be at most 2000 characters' }),
  description: z.string().trim().max(500, { error: 'Must be at most 500 characters' }).nullable(),
  events: z.array(eventName, { error: 'Must be a list of event names' }).min(1, { error: 'Choose at least one event' }).max(EVENT_NAMES.length),
  format: z.enum(WEBHOOK_FORMATS, { error: `Must be one of: ${WEBHOOK_FORMATS.join(', ')}` }),
  active: z.boolean({ error: 'Must be true or false' }),
};

export const webhookCreateSchema = z.strictObject({
  url: endpointFields.url,
  description: endpointFields.description.optional(),
  events: endpointFields.events,
  format: endpointFields.format.default('json'),
  active: endpointFields.active.default(true),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject(endpointFields).partial();
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);

/** The last delivery's outcome, shown beside each endpoint. */
const lastDeliverySchema = z.object({ status: webhookDeliveryStatusSchema, status_code: z.number().int().nullable(), created_at: z.string() }).nullable();

export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS),
  active: z.boolean(),
  created_by: idSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: lastDeliverySchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of a create and of a secret's rotation: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: idSchema,
  webhook_id: idSchema,
  event_id: idSchema,
  event_type: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The first KB of the endpoint's last answer. */
  response_body: z.string().nullable(),
  response_ms: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** The event as it is sent. */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: 'Must be a number from 1 to 200' }).int().min(1, { error: 'Must be a number from 1 to 200' }).max(200, { error: 'Must be a number from 1 to 200' }).optional(),
  cursor: idSchema.optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;
