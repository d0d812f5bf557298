import type { ProspectivePublication } from '@cadence/core';

/** docs/product.md#prospective: search over name, region, industry and audience. */
export const prospectiveFields = (p: ProspectivePublication) => [p.name, p.region, p.industry, p.audience];
