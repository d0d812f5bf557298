import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { campaigns as campaignResource, type CampaignRaw } from '../data/resources/campaigns';
import type { SecretBox } from '../auth/secret-box';
import { newWebhookSecret } from '../webhooks/sign';

// A demo webhook (docs/adr/0058) pointing at nothing, so the Settings panel shows an endpoint
// whose deliveries failed: a name under .invalid never resolves.

export const DEMO_WEBHOOK_URL = 'https://hooks.example.invalid/cadence';

export async function seedWebhooks(trx: Knex, box: SecretBox, admin: string): Promise<void> {
  const [hook] = await trx('webhook_endpoints')
    .insert({ url: DEMO_WEBHOOK_URL, description: 'Marketing ops chat (demo: nothing listens here)', events: ['campaign.created', 'campaign.moved', 'review.approved'], format: 'json', secret: box.seal(newWebhookSecret()), created_by: admin })
    .returning('id');
  const campaigns = ((await campaignResource.select(trx).orderBy('campaigns.live_date').limit(3)) as CampaignRaw[]).map((c) => campaignResource.present(c));
  const admins = await trx('users').where({ id: admin }).first('id', 'email');
  await trx('webhook_deliveries').insert(
    campaigns.map((c, i) => {
      const id = randomUUID();
      const created = new Date(Date.now() - (3 - i) * 26 * 3600_000);
      const payload = { id, type: 'campaign.created', created_at: created.toISOString(), actor: { id: admins.id, email: admins.email }, data: { object: c, previous_attributes: {} } };
      return {
        webhook_id: hook.id,
        event_id: id,
        event_type: 'campaign.created',
        payload: JSON.stringify(payload),
        status: 'failed',
        attempts: 7,
        next_attempt_at: null,
        error: 'getaddrinfo ENOTFOUND hooks.example.invalid',
        created_at: created,
      };
    }),
  );
}
