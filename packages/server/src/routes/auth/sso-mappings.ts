import { ssoMappingCreateSchema, ssoMappingSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { iso } from '../../data/present';
import { alreadyExists, notFound } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';

const TAG = 'Single sign-on';

const present = (r: { id: string; claim: string; value: string; grant: string; created_at: Date | string }) => ({
  id: r.id,
  claim: r.claim,
  value: r.value,
  grant: r.grant,
  created_at: iso(r.created_at)!,
});

/**
 * Which provider claims grant what (docs/adr/0027). A change applies to each user at their next
 * sign-in or refresh sync (at most OIDC_SYNC_SECONDS later), when their grants are recomputed.
 */
export function ssoMappingRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/sso/mappings', tag: TAG, access: 'admin',
    summary: 'Every claim-to-grant mapping (e.g. groups contains marketing-email → channel_create:email)',
    response: z.array(ssoMappingSchema),
    handler: async () => (await s.db('sso_group_mappings').orderBy(['claim', 'value', 'grant'])).map(present),
  });

  t.add({
    method: 'post', path: '/api/sso/mappings', tag: TAG, access: 'admin', status: 201,
    summary: 'Map a claim value to admin, global_view, global_create, channel_view:<channel> or channel_create:<channel>',
    body: ssoMappingCreateSchema, response: ssoMappingSchema,
    handler: async ({ body, auth }) => {
      const [row] = await s.db('sso_group_mappings')
        .insert({ claim: body.claim, value: body.value, grant: body.grant, created_by: auth.principal.userId })
        .onConflict(['claim', 'value', 'grant'])
        .ignore()
        .returning('*');
      if (!row) throw alreadyExists(`${body.claim} = ${body.value} already grants ${body.grant}`);
      return present(row);
    },
  });

  t.add({
    method: 'delete', path: '/api/sso/mappings/:id', tag: TAG, access: 'admin', status: 204,
    summary: "Remove a mapping; users lose what it granted at their next sync (hand grants are kept)",
    handler: async ({ params }) => {
      const removed = await s.db('sso_group_mappings').where({ id: params.id }).delete().returning('id');
      if (!removed.length) throw notFound('Mapping');
    },
  });
}
