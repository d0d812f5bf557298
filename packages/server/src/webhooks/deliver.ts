import { WEBHOOK_GIVE_UP_MS, webhookRetryDelayMs, webhookSlackText } from '@cadence/core';
import type { BackgroundTask } from '../jobs/background';
import type { Services } from '../services';
import { creatorMayRead, type WebhookEvent } from './events';
import { postWebhook } from './post';
import { signatureHeader } from './sign';

// The delivery task (docs/adr/0058): claims due deliveries with SKIP LOCKED, so processes sharing
// the database share the work, and leases them for a minute before posting, so a process that
// dies mid-post leaves them to be claimed again (at least once, never lost). The request that
// queued them never waits: it only wakes this task after its commit.

export const WEBHOOK_TASK = 'webhooks';
export const USER_AGENT = 'Cadence-Webhooks/1';
const LEASE_SECONDS = 60;

interface Claimed {
  id: string;
  webhook_id: string;
  payload: WebhookEvent | string;
  attempts: number;
  created_at: Date | string;
  url: string;
  secret: string;
  format: 'json' | 'slack';
  active: boolean;
  created_by: string | null;
}

export interface WebhookTaskOptions {
  /** How many posts may be under way at once (each claimed delivery is posted as soon as it is claimed). */
  concurrency?: number;
  timeoutMs?: number;
  intervalMs?: number;
}

export interface WebhookTask extends BackgroundTask {
  /**
   * Stops claiming and cuts the posts under way (a stopping server): their deliveries are due again
   * at once for the next process, not counted as attempts. Resolves once they are written back.
   */
  stop(): Promise<void>;
}

/** The body an endpoint receives: the event itself, or Slack's `{text}`. */
export function deliveryBody(s: Pick<Services, 'site'>, format: 'json' | 'slack', event: WebhookEvent): string {
  return format === 'slack' ? JSON.stringify({ text: webhookSlackText(s.site.url, event) }) : JSON.stringify(event);
}

export function webhookTask(s: Services, options: WebhookTaskOptions = {}): WebhookTask {
  const concurrency = options.concurrency ?? 32;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const controller = new AbortController();

  async function claim(batch: number): Promise<Claimed[]> {
    const result = await s.db.raw(
      `WITH due AS (
         SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at
          LIMIT ? FOR UPDATE SKIP LOCKED)
       UPDATE webhook_deliveries d
          SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ?)
         FROM due, webhook_endpoints e
        WHERE d.id = due.id AND e.id = d.webhook_id
      RETURNING d.id, d.webhook_id, d.payload, d.attempts, d.created_at, e.url, e.secret, e.format, e.active, e.created_by`,
      [batch, LEASE_SECONDS],
    );
    return result.rows ?? result;
  }

  async function deliver(d: Claimed, signal: AbortSignal): Promise<void> {
    const event = (typeof d.payload === 'string' ? JSON.parse(d.payload) : d.payload) as WebhookEvent;
    const body = deliveryBody(s, d.format, event);
    let outcome: { ok: boolean; status: number | null; body: string | null; ms: number | null; error: string | null };
    const secret = s.webhookSecrets.unseal(d.secret);
    const readable = d.active && secret !== null && (await creatorMayRead(s.db, d.created_by, event));
    if (!d.active) {
      outcome = { ok: false, status: null, body: null, ms: null, error: 'The endpoint is switched off' };
    } else if (secret === null) {
      outcome = { ok: false, status: null, body: null, ms: null, error: 'The secret was sealed under another server secret (JWT_SECRET changed): rotate it' };
    } else if (!readable) {
      outcome = { ok: false, status: null, body: null, ms: null, error: 'Not sent: whoever added the endpoint may no longer read this row' };
    } else {
      const started = performance.now();
      try {
        const res = await postWebhook(d.url, body, {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'Cadence-Webhook-Id': event.id,
          'Cadence-Event-Type': event.type,
          'Cadence-Signature': signatureHeader(secret, body),
        }, { allowedHosts: s.config.WEBHOOK_ALLOWED_HOSTS, timeoutMs, signal });
        const ok = res.status >= 200 && res.status < 300;
        outcome = { ok, status: res.status, body: res.body, ms: res.ms, error: ok ? null : `The endpoint answered ${res.status}` };
      } catch (err) {
        if (signal.aborted) {
          // Stopping: the delivery is due again for whichever process runs next.
          await s.db('webhook_deliveries').where({ id: d.id }).update({ attempts: s.db.raw('greatest(attempts - 1, 0)'), next_attempt_at: s.db.fn.now() });
          return;
        }
        outcome = { ok: false, status: null, body: null, ms: Math.round(performance.now() - started), error: (err as Error).message || String(err) };
      }
    }
    const common = { attempts: d.attempts, status_code: outcome.status, response_body: outcome.body, response_ms: outcome.ms, error: outcome.error };
    if (outcome.ok) {
      await s.db('webhook_deliveries').where({ id: d.id }).update({ ...common, status: 'delivered', delivered_at: s.db.fn.now(), next_attempt_at: null });
      return;
    }
    const delay = readable ? webhookRetryDelayMs(d.attempts) : null;
    const next = delay === null ? null : new Date(Date.now() + delay);
    const expired = next !== null && next.getTime() - new Date(d.created_at).getTime() > WEBHOOK_GIVE_UP_MS;
    await s.db('webhook_deliveries')
      .where({ id: d.id })
      .update({ ...common, status: next && !expired ? 'pending' : 'failed', next_attempt_at: next && !expired ? next : null });
  }

  // Posts run side by side and outlive the tick that claimed them: a slow or hanging endpoint
  // holds one of `concurrency` slots for its timeout, never the others' deliveries.
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  return {
    name: WEBHOOK_TASK,
    intervalMs: options.intervalMs ?? 5_000,
    async tick() {
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      if (stopped) return 0;
      const claimed = await claim(concurrency - inFlight.size);
      for (const d of claimed) {
        const p: Promise<void> = deliver(d, controller.signal)
          .catch((err) => s.log.warn({ err, delivery: d.id }, 'recording a webhook delivery failed'))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      return claimed.length;
    },
    async stop() {
      stopped = true;
      controller.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
