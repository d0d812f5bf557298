import { afterEach, describe, expect, it, vi } from 'vitest';
import { Jwt } from './jwt';

describe('Jwt access tokens', () => {
  afterEach(() => vi.useRealTimers());
  const jwt = new Jwt('a-test-secret-that-is-long-enough-0123456789', 60);
  const claims = { userId: '7a1f7a4e-7a1f-4a4e-8a1f-7a1f7a4e7a1f', sessionId: '5b2f7a4e-7a1f-4a4e-8a1f-7a1f7a4e7a1f' };

  it('gives back the claims of a token it signed, again and again', async () => {
    const { token } = await jwt.sign(claims);
    expect(await jwt.verify(token)).toEqual(claims);
    expect(await jwt.verify(token)).toEqual(claims);
  });

  it('refuses a tampered token, another secret and a token already expired when first seen', async () => {
    const { token } = await jwt.sign(claims);
    const [h, p, sig] = token.split('.');
    expect(await jwt.verify(`${h}.${p}.${sig!.slice(0, -2)}AA`)).toBeNull();
    expect(await new Jwt('another-secret-that-is-long-enough-0123456789', 60).verify(token)).toBeNull();
    const old = await jwt.sign(claims, Date.now() - 120_000);
    expect(await jwt.verify(old.token)).toBeNull();
  });

  it('stops accepting a verified token once it expires, although it was accepted before', async () => {
    const { token } = await jwt.sign(claims);
    expect(await jwt.verify(token)).toEqual(claims);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await jwt.verify(token)).toBeNull();
  });
});
