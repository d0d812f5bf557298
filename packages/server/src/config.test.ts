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

  it('should keep finished webhook deliveries 30 days and read inbox items 90 unless told, 0 keeping them forever', () => {
    expect(loadConfig({})).toMatchObject({ WEBHOOK_DELIVERY_RETENTION_DAYS: 30, NOTIFICATION_RETENTION_DAYS: 90 });
    expect(loadConfig({ WEBHOOK_DELIVERY_RETENTION_DAYS: ' ', NOTIFICATION_RETENTION_DAYS: '' })).toMatchObject({ WEBHOOK_DELIVERY_RETENTION_DAYS: 30, NOTIFICATION_RETENTION_DAYS: 90 });
    expect(loadConfig({ WEBHOOK_DELIVERY_RETENTION_DAYS: '7', NOTIFICATION_RETENTION_DAYS: '0' })).toMatchObject({ WEBHOOK_DELIVERY_RETENTION_DAYS: 7, NOTIFICATION_RETENTION_DAYS: 0 });
    for (const bad of ['-1', '1.5', 'forever']) {
      expect(() => loadConfig({ WEBHOOK_DELIVERY_RETENTION_DAYS: bad })).toThrowError(/WEBHOOK_DELIVERY_RETENTION_DAYS: must be a whole number of days/);
      expect(() => loadConfig({ NOTIFICATION_RETENTION_DAYS: bad })).toThrowError(/NOTIFICATION_RETENTION_DAYS: must be a whole number of days/);
    }
  });

  it('should keep history forever unless HISTORY_RETENTION_DAYS is a whole number of days', () => {
    expect(loadConfig({}).HISTORY_RETENTION_DAYS).toBeUndefined();
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '' }).HISTORY_RETENTION_DAYS).toBeUndefined();
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '730' }).HISTORY_RETENTION_DAYS).toBe(730);
    for (const bad of ['0', '1.5', 'forever']) expect(() => loadConfig({ HISTORY_RETENTION_DAYS: bad })).toThrowError(/HISTORY_RETENTION_DAYS/);
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

  it('should read single sign-on settings, with the documented defaults', () => {
    const off = loadConfig({});
    expect(off.OIDC_ISSUER).toBeUndefined();
    expect(off.AUTH_PASSWORD).toBe(true);
    const c = loadConfig({ OIDC_ISSUER: 'https://login.example.com/realms/staff', OIDC_CLIENT_ID: 'cadence', AUTH_PASSWORD: 'off' });
    expect(c.OIDC_SCOPES).toEqual(['openid', 'email', 'profile']);
    expect(c.OIDC_NAME).toBe('single sign-on');
    expect(c.OIDC_SYNC_SECONDS).toBe(300);
    expect(c.AUTH_PASSWORD).toBe(false);
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'x', OIDC_SCOPES: 'openid groups' }).OIDC_SCOPES).toEqual(['openid', 'groups']);
  });

  it('should refuse incomplete or unsafe single sign-on settings, naming the variable', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrowError(/OIDC_CLIENT_ID: is required when OIDC_ISSUER is set/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'cadence' })).toThrowError(/OIDC_ISSUER: is required when OIDC_CLIENT_ID is set/);
    expect(() => loadConfig({ OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'x' })).toThrowError(/OIDC_ISSUER: must use https/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://l.example', OIDC_CLIENT_ID: 'x', OIDC_SCOPES: 'email' })).toThrowError(/OIDC_SCOPES: must include openid/);
    expect(() => loadConfig({ AUTH_PASSWORD: 'off' })).toThrowError(/AUTH_PASSWORD: can be off only when single sign-on is set up/);
    expect(() => loadConfig({ AUTH_PASSWORD: 'no' })).toThrowError(/AUTH_PASSWORD: must be on or off/);
  });

  it('should keep metrics off by default, and refuse METRICS=1 without a token or a port of its own', () => {
    const c = loadConfig({});
    expect(c.METRICS).toBe(false);
    expect(c.SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(c.SHUTDOWN_DELAY_MS).toBe(0);
    expect(() => loadConfig({ METRICS: '1' })).toThrowError(/METRICS: needs METRICS_TOKEN .* or METRICS_PORT/);
    expect(loadConfig({ METRICS: '1', METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
    expect(loadConfig({ METRICS: '1', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });

  it('should name each bad metrics or shutdown setting', () => {
    expect(() => loadConfig({ METRICS: 'yes' })).toThrowError(/METRICS/);
    expect(() => loadConfig({ METRICS: '1', METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS: '1', METRICS_PORT: 'nine' })).toThrowError(/METRICS_PORT: must be a port number/);
    expect(() => loadConfig({ METRICS: '1', PORT: '8787', METRICS_PORT: '8787' })).toThrowError(/METRICS_PORT: must differ from PORT \(8787\)/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrowError(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'ten seconds' })).toThrowError(/SHUTDOWN_GRACE_MS/);
  });
});
