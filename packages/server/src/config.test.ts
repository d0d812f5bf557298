import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('should use the documented defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8787);
    expect(c.DATA_DIR).toBe('./.cadence');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ALLOWED_ORIGINS).toEqual([]);
    expect(c.AUTH_REQUIRE_CONFIRMATION).toBe(false);
  });

  it('should stop start-up with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
      expect((err as Error).message).toMatch(/JWT_SECRET: must be at least 32/);
    }
  });

  it('should split ALLOWED_ORIGINS and refuse one that is not a URL', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'intranet' })).toThrowError(/ALLOWED_ORIGINS/);
  });

  it('should take PUBLIC_URL only as an http(s) address, and treat an empty one as unset', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://cadence.example.com' }).PUBLIC_URL).toBe('https://cadence.example.com');
    expect(loadConfig({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
    for (const bad of ['cadence.example.com', 'ftp://cadence.example.com', 'javascript:alert(1)']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrowError(/PUBLIC_URL: must be the http\(s\) address/);
    }
  });
});
