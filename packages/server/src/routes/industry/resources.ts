import {
  type Ad,
  type AdType,
  type Article,
  type ProspectivePublication,
  type Publication,
} from '@cadence/core';
import type { Resource } from '../../data/crud';
import { withIsoTimestamps } from '../../data/present';

type Raw<T> = T & { created_at: Date; updated_at: Date };

// Every industry table follows one rule (docs/architecture.md#rules): read with view() or
// view('industry-publications'), write with create() or create('industry-publications').
const industry = { policy: 'industry' } as const;

export const publications: Resource<Raw<Publication>, Publication> = {
  table: 'industry_publications',
  topic: 'publications',
  label: 'Publication',
  select: (db) => db('industry_publications').select('industry_publications.*'),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as Publication,
  ...industry,
};

export const adTypes: Resource<Raw<AdType>, AdType> = {
  table: 'publication_ad_types',
  topic: 'ad_types',
  label: 'Ad type',
  select: (db) =>
    db('publication_ad_types').select(
      'id', 'publication_id', 'ad_type', 'specifications', 'cost', 'copy_needs', 'image_needs', 'where_shows',
      'example_image_url', 'created_at', 'updated_at', 'version',
    ),
  present: (raw) => withIsoTimestamps({ ...raw, cost: raw.cost === null ? null : Number(raw.cost) }) as AdType,
  ...industry,
};

/** Ads come back with their publication's name and their ad type's details (docs/architecture.md#row-shapes). */
export const ads: Resource<Raw<Ad>, Ad> = {
  table: 'industry_publication_ads',
  idColumn: 'a.id',
  topic: 'ads',
  label: 'Ad',
  select: (db) =>
    db('industry_publication_ads as a')
      .join('industry_publications as p', 'p.id', 'a.publication_id')
      .leftJoin('publication_ad_types as t', 't.id', 'a.ad_type_id')
      .select(
        'a.*',
        'p.name as publication_name',
        't.ad_type',
        't.copy_needs',
        't.image_needs',
        't.where_shows',
        't.example_image_url',
      ),
  present: (raw) => withIsoTimestamps(raw) as Ad,
  ...industry,
};

export const prospective: Resource<Raw<ProspectivePublication>, ProspectivePublication> = {
  table: 'prospective_publications',
  topic: 'prospective_publications',
  label: 'Prospective publication',
  select: (db) => db('prospective_publications').select('prospective_publications.*'),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as ProspectivePublication,
  ...industry,
};

export const articles: Resource<Raw<Article>, Article> = {
  table: 'sponsored_articles',
  topic: 'articles',
  label: 'Article',
  select: (db) => db('sponsored_articles').select('sponsored_articles.*'),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as Article,
  ...industry,
};
