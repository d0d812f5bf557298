import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt, mentionToken, mentionedIds, mentionsAsText, newlyMentioned, splitMentions } from './mentions';

const ann = '0b6f8a7e-1d2c-4e5f-8a9b-0c1d2e3f4a5b';
const bob = '1c7f8a7e-1d2c-4e5f-8a9b-0c1d2e3f4a5b';

describe('mentions', () => {
  it('should read the ids a text mentions, each once, whatever the label says', () => {
    const text = `Hi ${mentionToken('ann@example.com', ann)} and ${mentionToken('old@example.com', bob.toUpperCase())}, ${mentionToken('x', ann)}`;
    expect(mentionedIds(text)).toEqual([ann, bob]);
  });

  it('should not take an e-mail or a plain link for a mention', () => {
    expect(mentionedIds('mail @ann@example.com or see [this](https://example.com) and @[x](user:not-a-uuid)')).toEqual([]);
  });

  it('should keep brackets and line breaks out of a label', () => {
    expect(mentionToken('a]b[c\nd', ann)).toBe(`@[abcd](user:${ann})`);
  });

  it('should name only the people an edit adds', () => {
    expect(newlyMentioned([ann], [ann, bob])).toEqual([bob]);
    expect(newlyMentioned([ann, bob], [bob])).toEqual([]);
  });

  it('should cut a text at its mentions', () => {
    expect(splitMentions(`a ${mentionToken('ann', ann)}!`)).toEqual([{ text: 'a ' }, { mention: ann, label: 'ann' }, { text: '!' }]);
  });

  it('should find the mention being typed at the caret, and replace it with a token', () => {
    expect(mentionQueryAt('Hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail ann@exa', 12)).toBeNull();
    expect(mentionQueryAt('Hello @an there', 15)).toBeNull();
    expect(insertMention('Hello @an!', 6, 9, 'ann@example.com', ann)).toEqual({ text: `Hello @[ann@example.com](user:${ann}) !`, caret: 6 + `@[ann@example.com](user:${ann}) `.length });
  });

  it('should quote a text with each mention as @label', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(mentionsAsText(`Thanks ${mentionToken('ann@example.com', id)}, see **this**`)).toBe('Thanks @ann@example.com, see **this**');
    expect(mentionsAsText('No mentions here')).toBe('No mentions here');
  });
});
