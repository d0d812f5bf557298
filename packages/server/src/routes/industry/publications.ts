import { can } from '@cadence/core';
import {
  adTypeCreateSchema,
  adTypeSchema,
  adTypeUpdateSchema,
  listQuerySchema,
  publicationCreateSchema,
  publicationSchema,
  publicationUpdateSchema,
} from '@cadence/core/schemas';
import { z } from 'zod';
import { createRow, deleteRow, getRow, listRows, page, updateRow } from '../../data/crud';
import { forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { standardRoutes } from '../standard-routes';
import { adTypes, publications } from './resources';

const TAG = 'Industry publications';

export function publicationRoutes(s: Services, t: RouteTable): void {
  standardRoutes(s, t, {
    base: '/api/publications',
    tag: TAG,
    noun: 'publication',
    resource: publications,
    row: publicationSchema,
    list: { summary: 'Publications by name', query: listQuerySchema, orderBy: [{ column: 'name' }, { column: 'id' }] },
    create: { summary: 'Add a publication (name required)', body: publicationCreateSchema },
    update: { summary: 'Edit a publication', body: publicationUpdateSchema },
    remove: {
      summary: 'Delete a publication with all its ad types and ads, in one transaction',
      beforeDelete: async (trx, pub) => {
        // Each delete leaves its rows' tombstones in the feed (docs/adr/0023).
        await trx('industry_publication_ads').where({ publication_id: pub.id }).delete();
        await trx('publication_ad_types').where({ publication_id: pub.id }).delete();
      },
    },
  });

  t.add({
    method: 'get', path: '/api/ad-types', tag: TAG, access: 'user', summary: 'All ad types of all publications',
    query: listQuerySchema, response: z.array(adTypeSchema),
    handler: ({ auth, query }) =>
      listRows(adTypes, auth.principal, page(adTypes.select(s.db).orderBy([{ column: 'ad_type' }, { column: 'id' }]), query)),
  });
  t.add({
    method: 'get', path: '/api/publications/:id/ad-types', tag: TAG, access: 'user', summary: "A publication's ad types",
    query: listQuerySchema, response: z.array(adTypeSchema),
    handler: async ({ auth, params, query }) => {
      await getRow(s, publications, auth.principal, params.id!);
      const q = adTypes.select(s.db).where({ publication_id: params.id }).orderBy([{ column: 'ad_type' }, { column: 'id' }]);
      return listRows(adTypes, auth.principal, page(q, query));
    },
  });
  t.add({
    method: 'post', path: '/api/publications/:id/ad-types', tag: TAG, access: 'user', status: 201,
    summary: 'Add an ad type (name required; cost in dollars with 2 decimals or null)', body: adTypeCreateSchema, response: adTypeSchema,
    handler: async ({ auth, params, body }) => {
      await getRow(s, publications, auth.principal, params.id!);
      if (!can(auth.principal, 'create', 'industry')) throw forbidden('You may not add ad types');
      return createRow(s, adTypes, { ...body, publication_id: params.id, created_by: auth.principal.userId });
    },
  });
  t.add({
    method: 'get', path: '/api/ad-types/:id', tag: TAG, access: 'user', summary: 'One ad type', response: adTypeSchema,
    handler: ({ auth, params }) => getRow(s, adTypes, auth.principal, params.id!),
  });
  t.add({
    method: 'patch', path: '/api/ad-types/:id', tag: TAG, access: 'user',
    summary: 'Edit an ad type', body: adTypeUpdateSchema, response: adTypeSchema,
    handler: ({ auth, params, body, ifMatch }) => updateRow(s, adTypes, auth.principal, params.id!, body, { ifMatch }),
  });
  t.add({
    method: 'delete', path: '/api/ad-types/:id', tag: TAG, access: 'user', status: 204,
    summary: 'Delete an ad type; its ads stay, without a type',
    handler: ({ auth, params, ifMatch }) =>
      deleteRow(s, adTypes, auth.principal, params.id!, {
        ifMatch,
        beforeDelete: async (trx, type) => {
          // The ads' rows change (and so reach the feed): they lose their type.
          await trx('industry_publication_ads')
            .where({ ad_type_id: type.id })
            .update({ ad_type_id: null, version: trx.raw('version + 1'), updated_at: trx.fn.now() });
        },
      }),
  });
}
