import { SHARE_LINK_DEFAULT_FIELDS, addDays } from '@cadence/core';
import type { Knex } from 'knex';
import { hashToken } from '../auth/secrets';

/**
 * The demo's stakeholder link (docs/adr/0061): a shared view of the live campaigns, shared by the
 * administrator for a month. Its secret is fixed so the user guide can open it on any demo install;
 * a real link's secret is random and shown once.
 */
export const DEMO_SHARE_LINK_TOKEN = 'cad_link_demo-stakeholders-live-campaigns';

export async function seedShareLink(trx: Knex, admin: string, today: string): Promise<void> {
  const [view] = await trx('saved_views').insert({ name: 'Live campaigns', dashboard: 'global', query: 'status=live&tab=list', shared: true, created_by: admin }).returning('id');
  await trx('share_links').insert({
    view_id: view.id,
    created_by: admin,
    token_hash: hashToken(DEMO_SHARE_LINK_TOKEN),
    expires_on: addDays(today, 30),
    fields: [...SHARE_LINK_DEFAULT_FIELDS],
    visits: 3,
    last_visited_at: trx.fn.now(),
  });
}
