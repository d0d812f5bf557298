import { describe, expect, it } from 'vitest';
import { ensureHttps, extractWebAddress, isHttpUrl } from './urls';

describe('ensureHttps', () => {
  it('should add https:// when there is no scheme', () => {
    expect(ensureHttps('acme.com/kit')).toBe('https://acme.com/kit');
    expect(ensureHttps('  www.acme.com ')).toBe('https://www.acme.com');
    expect(ensureHttps('localhost:3000')).toBe('https://localhost:3000');
    expect(ensureHttps('//cdn.acme.com/a.pdf')).toBe('https://cdn.acme.com/a.pdf');
  });

  it('should keep http, https and mailto in any case', () => {
    expect(ensureHttps('http://acme.com')).toBe('http://acme.com');
    expect(ensureHttps('https://acme.com')).toBe('https://acme.com');
    expect(ensureHttps('HTTPS://ACME.COM')).toBe('HTTPS://ACME.COM');
    expect(ensureHttps('mailto:jane@acme.com')).toBe('mailto:jane@acme.com');
  });

  it('should never keep a script scheme', () => {
    expect(ensureHttps('javascript:alert(1)')).toBe('https://javascript:alert(1)');
  });

  it('should give null for empty input', () => {
    expect(ensureHttps('')).toBeNull();
    expect(ensureHttps('   ')).toBeNull();
    expect(ensureHttps(null)).toBeNull();
  });
});

describe('extractWebAddress', () => {
  it('should prefer an http(s) link anywhere in the text', () => {
    expect(extractWebAddress('site acme.com, kit at https://acme.com/kit.pdf.')).toBe('https://acme.com/kit.pdf');
    expect(extractWebAddress('Kit: <http://acme.com/kit>')).toBe('http://acme.com/kit');
  });

  it('should fall back to the first domain-like token', () => {
    expect(extractWebAddress('see acme.com/kit please')).toBe('acme.com/kit');
    expect(extractWebAddress('(www.trade-weekly.co.uk)')).toBe('www.trade-weekly.co.uk');
  });

  it('should not take an e-mail address for a web site', () => {
    expect(extractWebAddress('ask sales@acme.com or visit acme.io')).toBe('acme.io');
  });

  it('should fall back to the trimmed text', () => {
    expect(extractWebAddress('  ask Jane for it  ')).toBe('ask Jane for it');
  });

  it('should give null for empty input', () => {
    expect(extractWebAddress('  ')).toBeNull();
    expect(extractWebAddress(null)).toBeNull();
  });
});

describe('isHttpUrl', () => {
  it('should accept absolute http and https URLs', () => {
    expect(isHttpUrl('https://acme.com/kit?x=1')).toBe(true);
    expect(isHttpUrl('http://localhost:3000')).toBe(true);
  });

  it('should refuse other schemes and relative text', () => {
    expect(isHttpUrl('acme.com')).toBe(false);
    expect(isHttpUrl('mailto:a@b.com')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
    expect(isHttpUrl(undefined)).toBe(false);
  });
});
