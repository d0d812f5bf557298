import { AD_STATUSES, can } from '@cadence/core';
import { adCreateSchema, adSchema, adUpdateSchema, articleCreateSchema, articleSchema, articleUpdateSchema, listQuerySchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { createRow, deleteRow, getRow, listRows, page, updateRow } from '../../data/crud';
import { fieldError, forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { standardRoutes } from '../standard-routes';
import { ads, articles } from './resources';

const TAG = 'Industry publications';

export const adListQuerySchema = listQuerySchema.extend({
  status: z.enum(AD_STATUSES).optional(),
  publication_id: z.uuid().optional(),
});

/** The publication must exist and the ad type must be one of its own. */
async function checkAdLinks(db: Knex, publicationId: string, adTypeId: string | null | undefined): Promise<void> {
  const publication = await db('industry_publications').where({ id: publicationId }).first('id');
  if (!publication) throw fieldError('publication_id', 'Publication not found');
  if (adTypeId === undefined || adTypeId === null) return;
  const type = await db('publication_ad_types').where({ id: adTypeId }).first('publication_id');
  if (!type || type.publication_id !== publicationId) {
    throw fieldError('ad_type_id', 'Choose one of this publication’s ad types');
  }
}

export function adRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/ads', tag: TAG, access: 'user',
    summary: 'Ads by live date, earliest first, with publication name and ad type details',
    query: adListQuerySchema, response: z.array(adSchema),
    handler: ({ auth, query }) => {
      const q = ads.select(s.db).orderBy([{ column: 'a.live_date' }, { column: 'a.id' }]);
      if (query.status) q.where('a.status', query.status);
      if (query.publication_id) q.where('a.publication_id', query.publication_id);
      return listRows(ads, auth.principal, page(q, query));
    },
  });
  t.add({
    method: 'get', path: '/api/ads/:id', tag: TAG, access: 'user', summary: 'One ad', response: adSchema,
    handler: ({ auth, params }) => getRow(s, ads, auth.principal, params.id!),
  });
  t.add({
    method: 'post', path: '/api/ads', tag: TAG, access: 'user', status: 201,
    summary: 'Create an ad: publication, ad type, due and live date required; status defaults to new',
    body: adCreateSchema, response: adSchema,
    handler: async ({ auth, body }) => {
      if (!can(auth.principal, 'create', 'industry')) throw forbidden('You may not create ads');
      await checkAdLinks(s.db, body.publication_id, body.ad_type_id);
      return createRow(s, ads, { ...body, created_by: auth.principal.userId });
    },
  });
  t.add({
    method: 'patch', path: '/api/ads/:id', tag: TAG, access: 'user',
    summary: 'Edit an ad; any status may change to any other', body: adUpdateSchema, response: adSchema,
    handler: async ({ auth, params, body, ifMatch }) => {
      if (body.publication_id !== undefined || body.ad_type_id !== undefined) {
        const current = await getRow(s, ads, auth.principal, params.id!);
        const moving = body.publication_id !== undefined && body.publication_id !== current.publication_id;
        // The form clears the ad type when the publication changes, so a move must name the new one.
        if (moving && body.ad_type_id === undefined) throw fieldError('ad_type_id', 'Choose one of this publication’s ad types');
        await checkAdLinks(s.db, body.publication_id ?? current.publication_id, body.ad_type_id ?? current.ad_type_id);
      }
      return updateRow(s, ads, auth.principal, params.id!, body, { ifMatch });
    },
  });
  t.add({
    method: 'delete', path: '/api/ads/:id', tag: TAG, access: 'user', status: 204, summary: 'Delete an ad',
    handler: ({ auth, params, ifMatch }) => deleteRow(s, ads, auth.principal, params.id!, { ifMatch }),
  });

  standardRoutes(s, t, {
    base: '/api/articles',
    tag: TAG,
    noun: 'article',
    resource: articles,
    row: articleSchema,
    list: {
      summary: 'Sponsored articles by due date',
      query: listQuerySchema.extend({ status: z.enum(AD_STATUSES).optional() }),
      orderBy: [{ column: 'due_date' }, { column: 'id' }],
      filter: (q, query) => void (query.status && q.where('status', query.status)),
    },
    create: { summary: 'Add an article: title, due and live date required', body: articleCreateSchema },
    update: { summary: 'Edit an article', body: articleUpdateSchema },
    remove: { summary: 'Delete an article' },
  });
}
