import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor } from './list-cursor';

const ID = '0b7f5f0e-4a1c-4d7e-9a53-2f0c8d1e6b10';

describe('list cursor', () => {
  it('should round-trip the microseconds and the id, in URL-safe characters', () => {
    const c = { createdAt: '2026-11-24T05:44:38.123456Z', id: ID };
    const encoded = encodeListCursor(c);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(encoded)).toEqual(c);
  });

  it('should refuse what the list did not hand out', () => {
    const b64 = (s: string) => btoa(s).replace(/=+$/, '');
    for (const bad of ['', 'not a cursor!', b64('2026-11-24T05:44:38Z'), b64(`yesterday|${ID}`), b64('2026-11-24T05:44:38Z|42'),
      b64(`2026-13-45T99:00:00Z|${ID}`), b64(`2026-11-24T05:44:38Z|${ID}|x`)]) {
      expect(decodeListCursor(bad), bad).toBeNull();
    }
  });
});
