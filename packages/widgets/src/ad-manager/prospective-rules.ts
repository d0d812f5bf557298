import { MESSAGES, isHttpUrl, type ProspectiveCreate, type ProspectivePublication } from '@cadence/core';
import { LINK_MESSAGE } from './ad-rules';

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

const text = (s: string) => (s.trim() === '' ? null : s.trim());

/** Spec §5: name required after trimming; everything trimmed, empty saved as null; website and media kit must be URLs. */
export function prospectiveBody(f: ProspectiveForm): { error: string } | { body: ProspectiveCreate } {
  if (!f.name.trim()) return { error: MESSAGES.publicationNameRequired };
  const website = text(f.website);
  const kit = text(f.media_kit_link);
  if ((website && !isHttpUrl(website)) || (kit && !isHttpUrl(kit))) return { error: LINK_MESSAGE };
  return {
    body: {
      name: f.name.trim(), region: text(f.region), industry: text(f.industry), audience: text(f.audience), website, media_kit_link: kit,
      contacts: text(f.contacts), notes: text(f.notes),
    },
  };
}

/** Spec §2: search over name, region, industry and audience. */
export const prospectiveFields = (p: ProspectivePublication) => [p.name, p.region, p.industry, p.audience];
