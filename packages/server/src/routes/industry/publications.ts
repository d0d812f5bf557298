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
import { adTypes, publications } from '../../data/resources/industry';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { byCaller, standardRoutes } from '../standard-routes';

const TAG = 'Industry publications';

export function publicationRoutes(s: Services, t: RouteTable): void {
  standardRoutes(s, t, {
    base: '/api/publications',
    tag: TAG,
    noun: 'publication',
    resource: publications,
    row: publicationSchema,
    list: { summary: 'Publications by name', query: listQuerySchema, orderBy: [{ column: 'name' }, { column: 'id' }] },
    create: { summary: 'Add a publication (name required)', body: publicationCreateSchema, values: byCaller },
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

  standardRoutes(s, t, {
    base: '/api/ad-types',
    tag: TAG,
    noun: 'ad type',
    resource: adTypes,
    row: adTypeSchema,
    list: { summary: 'All ad types of all publications', query: listQuerySchema, orderBy: [{ column: 'ad_type' }, { column: 'id' }] },
    parent: { path: '/api/publications/:id/ad-types', resource: publications, column: 'publication_id', list: { summary: "A publication's ad types" } },
    create: { summary: 'Add an ad type (name required; cost in dollars with 2 decimals or null)', body: adTypeCreateSchema, values: byCaller },
    update: { summary: 'Edit an ad type', body: adTypeUpdateSchema },
    remove: {
      summary: 'Delete an ad type; its ads stay, without a type',
      beforeDelete: async (trx, type) => {
        // The ads' rows change (and so reach the feed): they lose their type.
        await trx('industry_publication_ads')
          .where({ ad_type_id: type.id })
          .update({ ad_type_id: null, version: trx.raw('version + 1'), updated_at: trx.fn.now() });
      },
    },
  });
}
