import { describe, expect, it } from 'vitest';
import { makeAdType } from '../testing/fixtures-more';
import { adTypeBody, adTypeForm, imageProblem, publicationBody, publicationForm } from './publication-rules';

describe('publication rules', () => {
  it('should enforce only the name, split tags and save empty fields as null', () => {
    expect(publicationBody(publicationForm())).toEqual({ error: 'Publication name is required' });
    expect(publicationBody({ ...publicationForm(), name: ' Weekly ', industry_tags: ' Power, ,Water ' })).toEqual({
      body: { name: 'Weekly', category: null, description: null, target_audience: null, region: null, industry_tags: ['Power', 'Water'], notes: null },
    });
  });

  it('should require an ad type name and parse cost with 2 decimals', () => {
    expect(adTypeBody(adTypeForm(), null)).toEqual({ error: 'Ad type name is required' });
    expect(adTypeBody({ ...adTypeForm(), ad_type: 'Banner', cost: '99.999' }, 'https://x/y.png')).toMatchObject({ body: { cost: 100, example_image_url: 'https://x/y.png', specifications: null } });
    expect(adTypeForm(makeAdType({ publication_id: 'p', ad_type: 'B', cost: 5 })).cost).toBe('5.00');
  });

  it('should accept images under 5MB only', () => {
    expect(imageProblem({ size: 5 * 1024 * 1024, type: 'image/png' })).toBe('Image must be less than 5MB');
    expect(imageProblem({ size: 10, type: 'text/plain' })).toBe('Please select an image file');
    expect(imageProblem({ size: 10, type: 'image/webp' })).toBeNull();
  });
});
