import { MESSAGES, type AdStatus } from '../../constants';
import type { Ad, AdCreate } from '../../schemas/industry';
import { isHttpUrl } from '../urls';
import { LINK_MESSAGE, checked, missing, textOrNull, type FormCheck } from './field-errors';

export interface AdForm {
  publication_id: string;
  ad_type_id: string;
  due_date: string;
  live_date: string;
  status: AdStatus;
  content: string;
  copy_images_link: string;
  region: string;
  audience: string;
  industry: string;
  notes: string;
}

export const emptyAdForm = (): AdForm => ({
  publication_id: '', ad_type_id: '', due_date: '', live_date: '', status: 'new', content: '', copy_images_link: '', region: '', audience: '', industry: '', notes: '',
});

export const adFormFrom = (a: Ad): AdForm => ({
  publication_id: a.publication_id, ad_type_id: a.ad_type_id ?? '', due_date: a.due_date, live_date: a.live_date, status: a.status,
  content: a.content ?? '', copy_images_link: a.copy_images_link ?? '', region: a.region ?? '', audience: a.audience ?? '', industry: a.industry ?? '', notes: a.notes ?? '',
});

/** docs/product.md#validation-ads: publication, ad type and both dates required; the link must be a URL. */
export function adBody(f: AdForm): FormCheck<AdCreate, keyof AdForm> {
  const link = textOrNull(f.copy_images_link);
  const errors = {
    ...missing(MESSAGES.requiredFields, { publication_id: !f.publication_id, ad_type_id: !f.ad_type_id, due_date: !f.due_date, live_date: !f.live_date }),
    ...(link && !isHttpUrl(link) ? { copy_images_link: LINK_MESSAGE } : {}),
  };
  return checked(errors, () => ({
    publication_id: f.publication_id, ad_type_id: f.ad_type_id, due_date: f.due_date, live_date: f.live_date, status: f.status,
    content: textOrNull(f.content), copy_images_link: link, region: textOrNull(f.region), audience: textOrNull(f.audience),
    industry: textOrNull(f.industry), notes: textOrNull(f.notes),
  }));
}
