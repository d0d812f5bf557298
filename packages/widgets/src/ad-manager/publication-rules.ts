import type { Publication } from '@cadence/core';

/** docs/product.md#publications: search over name, region, target audience, category, description and industry tags. */
export const publicationFields = (p: Publication) => [p.name, p.region, p.target_audience, p.category, p.description, p.industry_tags];
