import { LIMITS, MESSAGES } from '../../constants';
import type { AdType, AdTypeCreate, Publication, PublicationCreate } from '../../schemas/industry';
import { joinCommaList, splitCommaList } from '../lists';
import { checked, textOrNull, type FormCheck } from './field-errors';

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

/** docs/product.md#validation-publications: only the name is enforced; tags are split on commas; empty optional fields are null. */
export function publicationBody(f: PublicationForm): FormCheck<PublicationCreate, keyof PublicationForm> {
  return checked(f.name.trim() ? {} : { name: MESSAGES.publicationNameRequired }, () => ({
    name: f.name.trim(), category: textOrNull(f.category), description: textOrNull(f.description), target_audience: textOrNull(f.target_audience),
    region: textOrNull(f.region), industry_tags: splitCommaList(f.industry_tags), notes: textOrNull(f.notes),
  }));
}

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

/** Ad type cost (docs/product.md#validation-ad-types): a decimal with 2 places, or null when empty or not a number. */
export function parseCost(s: string): number | null {
  const n = Number.parseFloat(s);
  return s.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100) / 100;
}

/** docs/product.md#bulk-upload: the name is required; `exampleUrl` is the link typed in, or the uploaded image's. */
export function adTypeBody(f: AdTypeForm, exampleUrl: string | null): FormCheck<AdTypeCreate, keyof AdTypeForm> {
  return checked(f.ad_type.trim() ? {} : { ad_type: MESSAGES.adTypeNameRequired }, () => ({
    ad_type: f.ad_type.trim(), specifications: textOrNull(f.specifications), cost: parseCost(f.cost), copy_needs: textOrNull(f.copy_needs),
    image_needs: textOrNull(f.image_needs), where_shows: textOrNull(f.where_shows), example_image_url: exampleUrl,
  }));
}

export const IMAGE_TYPE_MESSAGE = 'Please select an image file';

/** docs/product.md#validation-ad-types: the example image must be an image under 5 MB. */
export function imageProblem(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_TYPE_MESSAGE;
  if (file.size >= LIMITS.imageUploadBytes) return MESSAGES.imageTooLarge;
  return null;
}
