import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseOrThrow } from './zod-errors';
import { fieldLabel } from './plain-messages';

const failure = (schema: z.ZodType, input: unknown) => {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    return err as { message: string; details: Array<{ path: string; message: string }> };
  }
  throw new Error('expected a validation failure');
};

describe('plain validation messages', () => {
  it('should say "choose at least one channel" for an empty list of channels', () => {
    const err = failure(z.strictObject({ channels: z.array(z.string()).min(1) }), { channels: [] });
    expect(err.message).toBe('Channels: choose at least one channel');
    expect(err.details).toEqual([{ path: 'channels', message: 'Choose at least one channel' }]);
  });

  it('should name a missing field, a wrong type and a text that is too long', () => {
    const schema = z.strictObject({ title: z.string().max(5), count: z.number().int(), live_date: z.string() });
    const err = failure(schema, { title: 'far too long', count: 'many' });
    expect(err.details).toEqual([
      { path: 'title', message: 'Must be at most 5 characters' },
      { path: 'count', message: 'Must be a number, not text' },
      { path: 'live_date', message: 'Is required' },
    ]);
    expect(err.message).toBe('Title: must be at most 5 characters');
  });

  it('should keep a schema’s own message, and put the field in front when the message does not name it', () => {
    expect(failure(z.object({ title: z.string({ error: 'Campaign title is required' }) }), {}).message).toBe('Campaign title is required');
    expect(failure(z.object({ live_date: z.string().regex(/^\d{4}$/, 'Must be a date (YYYY-MM-DD)') }), { live_date: 'x' }).message).toBe(
      'Live date: must be a date (YYYY-MM-DD)',
    );
  });

  it('should say what the body should have been when it is not an object', () => {
    const err = failure(z.strictObject({ title: z.string() }), 'hello');
    expect(err.message).toBe('Request body: must be an object, not text');
    expect(err.details[0]!.path).toBe('body');
  });

  it('should label items of a list by their position', () => {
    expect(fieldLabel(['rows', 3, 'title'])).toBe('Title (row 4)');
    expect(fieldLabel(['channels', 0])).toBe('Channel 1');
    expect(fieldLabel(['ad_type_id'])).toBe('Ad type');
    expect(fieldLabel([])).toBe('Request body');
  });
});
