import { LIMITS, MESSAGES, splitCommaList, joinCommaList, type AdType, type AdTypeCreate, type Publication, type PublicationCreate } from '@cadence/core';
import { parseCost } from './ad-rules';

export interface PublicationForm {
  name: string;
  category: string;
  description: string;
  target_audience: string;
  region: string;
  industry_tags: string;
  notes: string;
}

export const publicationForm = (p?: Publication | null): PublicationForm => ({
  name: p?.name ?? '', category: p?.category ?? '', description: p?.description ?? '', target_audience: p?.target_audience ?? '',
  region: p?.region ?? '', industry_tags: joinCommaList(p?.industry_tags), notes: p?.notes ?? '',
});

const text = (s: string) => (s.trim() === '' ? null : s.trim());

/** Spec §5: only the name is enforced; tags are split on commas; empty optional fields are null. */
export function publicationBody(f: PublicationForm): { error: string } | { body: PublicationCreate } {
  if (!f.name.trim()) return { error: MESSAGES.publicationNameRequired };
  return {
    body: {
      name: f.name.trim(), category: text(f.category), description: text(f.description), target_audience: text(f.target_audience),
      region: text(f.region), industry_tags: splitCommaList(f.industry_tags), notes: text(f.notes),
    },
  };
}

/** Spec §2: search over name, region, target audience, category, description and industry tags. */
export const publicationFields = (p: Publication) => [p.name, p.region, p.target_audience, p.category, p.description, p.industry_tags];

export interface AdTypeForm {
  ad_type: string;
  specifications: string;
  cost: string;
  copy_needs: string;
  image_needs: string;
  where_shows: string;
  example_image_url: string;
}

export const adTypeForm = (t?: AdType | null): AdTypeForm => ({
  ad_type: t?.ad_type ?? '', specifications: t?.specifications ?? '', cost: t?.cost === null || t?.cost === undefined ? '' : t.cost.toFixed(2),
  copy_needs: t?.copy_needs ?? '', image_needs: t?.image_needs ?? '', where_shows: t?.where_shows ?? '', example_image_url: t?.example_image_url ?? '',
});

export function adTypeBody(f: AdTypeForm, exampleUrl: string | null): { error: string } | { body: AdTypeCreate } {
  if (!f.ad_type.trim()) return { error: MESSAGES.adTypeNameRequired };
  return {
    body: {
      ad_type: f.ad_type.trim(), specifications: text(f.specifications), cost: parseCost(f.cost), copy_needs: text(f.copy_needs),
      image_needs: text(f.image_needs), where_shows: text(f.where_shows), example_image_url: exampleUrl,
    },
  };
}

export const IMAGE_TYPE_MESSAGE = 'Please select an image file';

/** Spec §5: the example image must be an image under 5 MB. */
export function imageProblem(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_TYPE_MESSAGE;
  if (file.size >= LIMITS.imageUploadBytes) return MESSAGES.imageTooLarge;
  return null;
}
