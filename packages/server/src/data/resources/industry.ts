import type { Ad, AdType, Article, ProspectivePublication, Publication } from '@cadence/core';
import { withIsoTimestamps } from '../present';
import { defineResource } from '../resource';

type Raw<T> = T & { created_at: Date; updated_at: Date };

// Every industry table follows one rule (docs/architecture.md#rules): read with view() or
// view('industry-publications'), write with create() or create('industry-publications').

export const publications = defineResource('publications', {
  table: 'industry_publications',
  label: 'Publication',
  select: (db) => db('industry_publications').select('industry_publications.*'),
  selectIsTable: true,
  present: (raw: Raw<Publication>) => withIsoTimestamps(raw) as Publication,
});

export const adTypes = defineResource('ad_types', {
  table: 'publication_ad_types',
  label: 'Ad type',
  select: (db) =>
    db('publication_ad_types').select(
      'id', 'publication_id', 'ad_type', 'specifications', 'cost', 'copy_needs', 'image_needs', 'where_shows',
      'example_image_url', 'created_at', 'updated_at', 'version',
    ),
  present: (raw: Raw<AdType>) => withIsoTimestamps({ ...raw, cost: raw.cost === null ? null : Number(raw.cost) }) as AdType,
});

/** Ads come back with their publication's name and their ad type's details (docs/architecture.md#row-shapes). */
export const ads = defineResource('ads', {
  table: 'industry_publication_ads',
  idColumn: 'a.id',
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
  present: (raw: Raw<Ad>) => withIsoTimestamps(raw) as Ad,
});

export const prospective = defineResource('prospective_publications', {
  table: 'prospective_publications',
  label: 'Prospective publication',
  select: (db) => db('prospective_publications').select('prospective_publications.*'),
  selectIsTable: true,
  present: (raw: Raw<ProspectivePublication>) => withIsoTimestamps(raw) as ProspectivePublication,
});

export const articles = defineResource('articles', {
  table: 'sponsored_articles',
  label: 'Article',
  select: (db) => db('sponsored_articles').select('sponsored_articles.*'),
  selectIsTable: true,
  present: (raw: Raw<Article>) => withIsoTimestamps(raw) as Article,
});
