import { describe, expect, it } from 'vitest';
import { makeComment, makeIdea } from '../testing/fixtures-more';
import { campaignFromIdea, commentsByIdea, newestFirst, relativeTime } from './idea-rules';

const now = new Date('2026-03-11T10:00:00.000Z');
const before = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

describe('idea rules', () => {
  it.each([
    [10, 'less than a minute ago'], [60, '1 minute ago'], [5 * 60, '5 minutes ago'], [60 * 60, 'about 1 hour ago'],
    [3 * 3600, 'about 3 hours ago'], [30 * 3600, '1 day ago'], [3 * 86400, '3 days ago'], [40 * 86400, 'about 1 month ago'],
    [100 * 86400, '3 months ago'], [400 * 86400, 'about 1 year ago'],
  ])('should say %i seconds is "%s"', (s, text) => expect(relativeTime(before(s), now)).toBe(text));

  it('should sort ideas newest first and comments oldest first', () => {
    const a = makeIdea({ title: 'A', created_at: before(100) });
    const b = makeIdea({ title: 'B', created_at: before(10) });
    expect(newestFirst([a, b]).map((i) => i.title)).toEqual(['B', 'A']);
    const late = makeComment({ idea_id: a.id, comment: 'late', created_at: before(1) });
    const early = makeComment({ idea_id: a.id, comment: 'early', created_at: before(50) });
    expect(commentsByIdea([late, early]).get(a.id)?.map((c) => c.comment)).toEqual(['early', 'late']);
  });

  it('should prefill the campaign form exactly as the spec says', () => {
    expect(campaignFromIdea(makeIdea({ title: 'T', description: null }))).toEqual({
      title: 'T', description: '', channels: [], status: 'planning', owner: '', priority: 'medium', scope: 'global', primary_channel: null,
    });
  });
});
