import { describe, expect, it } from 'vitest';
import type { AdType } from '../../schemas/industry';
import { adBody, emptyAdForm } from './ad-form';
import { articleBody, emptyArticleForm } from './article-form';
import { emptyEventForm, eventBody } from './event-form';
import { ideaBody } from './idea-form';
import { emptyProspectiveForm, prospectiveBody } from './prospective-form';
import { adTypeBody, adTypeForm, imageProblem, parseCost, publicationBody, publicationForm } from './publication-form';

const REQUIRED = 'Please fill in all required fields';
const P = '00000000-0000-4000-a000-0000000000aa';
const T = '00000000-0000-4000-a000-0000000000bb';

describe('ad form', () => {
  const full = { ...emptyAdForm(), publication_id: P, ad_type_id: T, due_date: '2026-03-01', live_date: '2026-03-09' };

  it('should send the body with empty optional fields as null', () => {
    expect(adBody(full)).toMatchObject({ body: { status: 'new', content: null, copy_images_link: null } });
    expect(adBody({ ...full, copy_images_link: ' https://x.example/a ' })).toMatchObject({ body: { copy_images_link: 'https://x.example/a' } });
  });

  it('should name each missing required field and a link that is no URL', () => {
    for (const k of ['publication_id', 'ad_type_id', 'due_date', 'live_date'] as const) {
      expect(adBody({ ...full, [k]: '' })).toEqual({ errors: { [k]: REQUIRED } });
    }
    expect(adBody({ ...full, copy_images_link: 'drive/folder' })).toEqual({ errors: { copy_images_link: 'Please enter a valid URL' } });
    expect(adBody({ ...emptyAdForm(), copy_images_link: 'x' })).toEqual({
      errors: { publication_id: REQUIRED, ad_type_id: REQUIRED, due_date: REQUIRED, live_date: REQUIRED, copy_images_link: 'Please enter a valid URL' },
    });
  });
});

describe('event form', () => {
  const full = { ...emptyEventForm(), name: ' Expo ', vertical: ['water' as const], audience: ['owners' as const], type: ['exhibit' as const], start_date: '2026-03-14', end_date: '2026-03-15' };

  it('should require name, a vertical, an audience, both dates and a type, each beside its field', () => {
    expect(eventBody(full)).toMatchObject({ body: { name: 'Expo', region: null, location: null, vertical_other: null } });
    for (const missing of ['name', 'vertical', 'audience', 'type', 'start_date', 'end_date'] as const) {
      const blank = { ...full, [missing]: Array.isArray(full[missing]) ? [] : '' };
      expect(eventBody(blank)).toEqual({ errors: { [missing]: REQUIRED } });
    }
  });

  it("should keep the 'other' vertical's text only while 'other' is chosen", () => {
    expect(eventBody({ ...full, vertical: ['other'], vertical_other: ' Rail ' })).toMatchObject({ body: { vertical_other: 'Rail' } });
    expect(eventBody({ ...full, vertical_other: 'dropped' })).toMatchObject({ body: { vertical_other: null } });
  });
});

describe('article form', () => {
  it('should require a title and both dates, saving empty fields as null', () => {
    const full = { ...emptyArticleForm(), title: ' Story ', due_date: '2026-03-01', live_date: '2026-03-02' };
    expect(articleBody(full)).toMatchObject({ body: { title: 'Story', publication_name: null, objective: null } });
    expect(articleBody(emptyArticleForm())).toEqual({ errors: { title: REQUIRED, due_date: REQUIRED, live_date: REQUIRED } });
  });
});

describe('publication and ad type forms', () => {
  it('should enforce only the name, split tags and save empty fields as null', () => {
    expect(publicationBody(publicationForm())).toEqual({ errors: { name: 'Publication name is required' } });
    expect(publicationBody({ ...publicationForm(), name: ' Weekly ', industry_tags: ' Power, ,Water ' })).toEqual({
      body: { name: 'Weekly', category: null, description: null, target_audience: null, region: null, industry_tags: ['Power', 'Water'], notes: null },
    });
  });

  it('should require an ad type name and parse cost with 2 decimals', () => {
    expect(adTypeBody(adTypeForm(), null)).toEqual({ errors: { ad_type: 'Ad type name is required' } });
    expect(adTypeBody({ ...adTypeForm(), ad_type: 'Banner', cost: '99.999' }, 'https://x/y.png')).toMatchObject({
      body: { cost: 100, example_image_url: 'https://x/y.png', specifications: null },
    });
    expect(adTypeForm({ ad_type: 'B', cost: 5 } as AdType).cost).toBe('5.00');
    expect(parseCost('12.345')).toBe(12.35);
    expect(parseCost('')).toBeNull();
    expect(parseCost('abc')).toBeNull();
  });

  it('should accept images under 5MB only', () => {
    expect(imageProblem({ size: 5 * 1024 * 1024, type: 'image/png' })).toBe('Image must be less than 5MB');
    expect(imageProblem({ size: 10, type: 'text/plain' })).toBe('Please select an image file');
    expect(imageProblem({ size: 10, type: 'image/webp' })).toBeNull();
  });
});

describe('prospective form', () => {
  it('should require a trimmed name and URLs, saving empty text as null', () => {
    expect(prospectiveBody({ ...emptyProspectiveForm(), name: '  ' })).toEqual({ errors: { name: 'Publication name is required' } });
    expect(prospectiveBody({ ...emptyProspectiveForm(), name: 'X', website: 'not a url', media_kit_link: 'kit' })).toEqual({
      errors: { website: 'Please enter a valid URL', media_kit_link: 'Please enter a valid URL' },
    });
    expect(prospectiveBody({ ...emptyProspectiveForm(), name: ' X ', website: ' https://x.example ', notes: ' ' })).toEqual({
      body: { name: 'X', region: null, industry: null, audience: null, website: 'https://x.example', media_kit_link: null, contacts: null, notes: null },
    });
  });
});

describe('idea form', () => {
  it('should send a trimmed title and a description or null, and nothing for a blank title', () => {
    expect(ideaBody({ title: '  Idea ', description: ' ' })).toEqual({ body: { title: 'Idea', description: null } });
    expect(ideaBody({ title: '   ', description: 'x' })).toEqual({ errors: {} });
  });
});
