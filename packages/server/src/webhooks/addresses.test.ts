import { describe, expect, it } from 'vitest';
import { checkedLookup, judgeAddress, urlProblem } from './addresses';

describe('webhook addresses', () => {
  it('should never allow link-local or metadata addresses, and loopback or private ones only for allowed hosts', () => {
    for (const a of ['169.254.169.254', '169.254.0.1', 'fe80::1', '100.100.100.200', 'fd00:ec2::254', '0.0.0.0', '::', '224.0.0.1', '::ffff:169.254.169.254']) expect(judgeAddress(a), a).toBe('never');
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '::1', 'fd12::1', '100.64.0.1', '::ffff:10.0.0.1']) expect(judgeAddress(a), a).toBe('restricted');
    for (const a of ['93.184.216.34', '2606:2800:220:1::1']) expect(judgeAddress(a), a).toBe('public');
  });

  it('should take https anywhere public, and plain http or a loopback address only on an allowed host', () => {
    expect(urlProblem('https://hooks.example.com/x', [])).toBeNull();
    expect(urlProblem('http://hooks.example.com/x', [])).toMatch(/https/);
    expect(urlProblem('http://127.0.0.1:9/x', ['127.0.0.1'])).toBeNull();
    expect(urlProblem('https://127.0.0.1/x', [])).toMatch(/loopback/);
    expect(urlProblem('https://localhost/x', [])).toMatch(/loopback/);
    expect(urlProblem('http://localhost:3000/x', ['localhost'])).toBeNull();
    // Allowing a host never opens the metadata addresses.
    expect(urlProblem('http://169.254.169.254/', ['169.254.169.254'])).toMatch(/link-local/);
    expect(urlProblem('https://metadata.google.internal/', ['metadata.google.internal'])).toMatch(/metadata/);
    expect(urlProblem('https://0x7f.1/', [])).toMatch(/loopback/);
  });

  it('should refuse a name that resolves to a loopback address at connection time unless the host is allowed', async () => {
    const look = (allowed: boolean) =>
      new Promise<string>((resolve) => checkedLookup(allowed)('localhost', {}, (err, address) => resolve(err ? `error: ${err.message}` : String(address))));
    expect(await look(false)).toMatch(/^error: localhost resolves to/);
    expect(await look(true)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
