import { describe, expect, it } from 'vitest';
import { joinCommaList, joinLineList, joinSpaceList, splitCommaList, splitSpaceList, splitUrlList } from './lists';

describe('splitCommaList', () => {
  it('should split on commas, trim and drop blanks', () => {
    expect(splitCommaList(' seo, growth ,, ,b2b ,')).toEqual(['seo', 'growth', 'b2b']);
  });

  it('should give an empty list for empty input', () => {
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList('  ,  ')).toEqual([]);
    expect(splitCommaList(null)).toEqual([]);
  });

  it('should keep spaces inside an item', () => {
    expect(splitCommaList('Jane Doe, John Smith')).toEqual(['Jane Doe', 'John Smith']);
  });
});

describe('splitUrlList', () => {
  it('should accept one URL per line', () => {
    expect(splitUrlList('https://a.com\r\n\n  https://b.com  \nhttps://c.com\n')).toEqual(['https://a.com', 'https://b.com', 'https://c.com']);
  });

  it('should accept comma-separated URLs and a mix of both', () => {
    expect(splitUrlList('https://a.com, https://b.com\nhttps://c.com,')).toEqual(['https://a.com', 'https://b.com', 'https://c.com']);
  });
});

describe('splitSpaceList', () => {
  it('should split hashtags on any whitespace', () => {
    expect(splitSpaceList('  #launch   #b2b\t#saas\n@acme ')).toEqual(['#launch', '#b2b', '#saas', '@acme']);
    expect(splitSpaceList('   ')).toEqual([]);
  });
});

describe('joins', () => {
  it('should join for display in the inputs', () => {
    expect(joinCommaList(['a', 'b'])).toBe('a, b');
    expect(joinCommaList([])).toBe('');
    expect(joinCommaList(null)).toBe('');
    expect(joinLineList(['https://a.com', 'https://b.com'])).toBe('https://a.com\nhttps://b.com');
    expect(joinSpaceList(['#a', '#b'])).toBe('#a #b');
  });

  it('should round-trip with the splits', () => {
    expect(splitCommaList(joinCommaList(['x', 'y z']))).toEqual(['x', 'y z']);
    expect(splitUrlList(joinLineList(['https://a.com', 'https://b.com']))).toEqual(['https://a.com', 'https://b.com']);
  });
});
