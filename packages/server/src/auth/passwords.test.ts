import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { Passwords } from './passwords';

describe('Passwords (hashed in worker threads)', () => {
  const passwords = new Passwords(4);

  it('hashes at the configured cost and verifies only the right password', async () => {
    const hash = await passwords.hash('correct horse');
    expect(hash).toMatch(/^\$2[ab]\$04\$/);
    expect(await passwords.verify('correct horse', hash)).toBe(true);
    expect(await passwords.verify('wrong horse', hash)).toBe(false);
  });

  it('refuses an account without a password hash, after doing the same work', async () => {
    expect(await passwords.verify('cadence-timing-equaliser', null)).toBe(false);
    expect(await passwords.verify('anything', undefined)).toBe(false);
  });

  it('reads hashes written before the worker pool (bcryptjs on the main thread)', async () => {
    const legacy = bcrypt.hashSync('s3cret-pass', 5);
    expect(await passwords.verify('s3cret-pass', legacy)).toBe(true);
  });

  it('keeps many concurrent hashes apart', async () => {
    const inputs = Array.from({ length: 12 }, (_, i) => `password-${i}`);
    const hashes = await Promise.all(inputs.map((p) => passwords.hash(p)));
    const checks = await Promise.all(inputs.map((p, i) => passwords.verify(p, hashes[(i + 1) % hashes.length])));
    expect(checks.every((ok) => !ok)).toBe(true);
    expect(await Promise.all(inputs.map((p, i) => passwords.verify(p, hashes[i])))).toEqual(inputs.map(() => true));
  });
});
