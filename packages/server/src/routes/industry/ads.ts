import { AD_STATUSES, type Ad } from '@cadence/core';
import { adCreateSchema, adSchema, adUpdateSchema, articleCreateSchema, articleSchema, articleUpdateSchema, listQuerySchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { fieldError } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { byCaller, standardRoutes } from '../standard-routes';
import { ads, articles } from '../../data/resources/industry';

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

/** An ad's publication and type, as the locked row and the patch leave them. */
async function checkMovedAd(before: Ad, patch: Record<string, unknown>, trx: Knex): Promise<void> {
  const publicationId = patch.publication_id as string | undefined;
  const adTypeId = patch.ad_type_id as string | null | undefined;
  if (publicationId === undefined && adTypeId === undefined) return;
  // The form clears the ad type when the publication changes, so a move must name the new one.
  if (publicationId !== undefined && publicationId !== before.publication_id && adTypeId === undefined) {
    throw fieldError('ad_type_id', 'Choose one of this publication’s ad types');
  }
  await checkAdLinks(trx, publicationId ?? before.publication_id, adTypeId ?? before.ad_type_id);
}

export function adRoutes(s: Services, t: RouteTable): void {
  standardRoutes(s, t, {
    base: '/api/ads',
    tag: TAG,
    noun: 'ad',
    resource: ads,
    row: adSchema,
    list: {
      summary: 'Ads by live date, earliest first, with publication name and ad type details',
      query: adListQuerySchema,
      orderBy: [{ column: 'a.live_date' }, { column: 'a.id' }],
      filter: (q, query) => {
        if (query.status) q.where('a.status', query.status);
        if (query.publication_id) q.where('a.publication_id', query.publication_id);
      },
    },
    create: {
      summary: 'Create an ad: publication, ad type, due and live date required; status defaults to new',
      body: adCreateSchema,
      values: byCaller,
      refusal: 'You may not create ads',
      check: (values) => checkAdLinks(s.db, values.publication_id as string, values.ad_type_id as string | null | undefined),
    },
    update: { summary: 'Edit an ad; any status may change to any other', body: adUpdateSchema, check: checkMovedAd },
    remove: { summary: 'Delete an ad' },
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
    create: { summary: 'Add an article: title, due and live date required', body: articleCreateSchema, values: byCaller },
    update: { summary: 'Edit an article', body: articleUpdateSchema },
    remove: { summary: 'Delete an article' },
  });
}
