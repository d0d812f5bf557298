import type { Knex } from 'knex';

/**
 * Signed webhooks (docs/adr/0058-signed-webhooks.md). `webhook_endpoints`: what administrators
 * register, with the secret that signs, sealed under a key from the server secret (the server
 * must sign with it, so it cannot be hashed: auth/secret-box.ts).
 * `webhook_deliveries` is the queue: one row per (event, endpoint), written in the transaction of
 * the write that raised the event, claimed by the delivery task with SKIP LOCKED, kept as the
 * endpoint's delivery log. Not on the realtime feed: settings, not plan data.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE webhook_endpoints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    url text NOT NULL CONSTRAINT webhook_endpoints_url_check CHECK (char_length(url) BETWEEN 8 AND 2000),
    description text,
    events text[] NOT NULL,
    format text NOT NULL DEFAULT 'json' CONSTRAINT webhook_endpoints_format_check CHECK (format IN ('json', 'slack')),
    active boolean NOT NULL DEFAULT true,
    secret text NOT NULL,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1
  )`);
  await knex.raw(`CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    webhook_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id uuid NOT NULL,
    event_type text NOT NULL,
    payload jsonb NOT NULL,
    status text NOT NULL DEFAULT 'pending' CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz DEFAULT now(),
    status_code integer,
    error text,
    response_body text,
    response_ms integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz,
    CONSTRAINT webhook_deliveries_event_endpoint UNIQUE (event_id, webhook_id)
  )`);
  // What the delivery task claims: the pending rows that are due, soonest first.
  await knex.raw("CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'");
  // The delivery log, newest first.
  await knex.raw('CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, created_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE webhook_deliveries');
  await knex.raw('DROP TABLE webhook_endpoints');
}
