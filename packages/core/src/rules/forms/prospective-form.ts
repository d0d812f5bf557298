import { MESSAGES } from '../../constants';
import type { ProspectiveCreate } from '../../schemas/industry';
import { isHttpUrl } from '../urls';
import { LINK_MESSAGE, checked, textOrNull, type FieldErrors, type FormCheck } from './field-errors';

export interface ProspectiveForm {
  name: string;
  region: string;
  industry: string;
  audience: string;
  website: string;
  media_kit_link: string;
  contacts: string;
  notes: string;
}

export const emptyProspectiveForm = (): ProspectiveForm => ({ name: '', region: '', industry: '', audience: '', website: '', media_kit_link: '', contacts: '', notes: '' });

/** docs/product.md#validation-prospective: name required after trimming; everything trimmed, empty saved as null; website and media kit must be URLs. */
export function prospectiveBody(f: ProspectiveForm): FormCheck<ProspectiveCreate, keyof ProspectiveForm> {
  const website = textOrNull(f.website);
  const kit = textOrNull(f.media_kit_link);
  const errors: FieldErrors<keyof ProspectiveForm> = {
    ...(f.name.trim() ? {} : { name: MESSAGES.publicationNameRequired }),
    ...(website && !isHttpUrl(website) ? { website: LINK_MESSAGE } : {}),
    ...(kit && !isHttpUrl(kit) ? { media_kit_link: LINK_MESSAGE } : {}),
  };
  return checked(errors, () => ({
    name: f.name.trim(), region: textOrNull(f.region), industry: textOrNull(f.industry), audience: textOrNull(f.audience), website, media_kit_link: kit,
    contacts: textOrNull(f.contacts), notes: textOrNull(f.notes),
  }));
}
