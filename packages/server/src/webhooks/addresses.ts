import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

// Where a webhook may be sent (docs/adr/0058-signed-webhooks.md): public https addresses, and
// hosts an operator allowed by name (WEBHOOK_ALLOWED_HOSTS), which may also use plain http and
// loopback or private addresses. Link-local and cloud metadata addresses are refused for
// everyone. The check runs on the URL when it is registered and on every address the name
// resolves to when a delivery connects (`checkedLookup`), so a name that later resolves elsewhere
// (DNS rebinding) is refused at the moment that counts.

/** Metadata services reachable at these, whatever the operator allowed. */
const NEVER_CIDRS = ['169.254.0.0/16', 'fe80::/10', '100.100.100.200/32', 'fd00:ec2::254/128'].map((c) => ipaddr.parseCIDR(c));
const NEVER_HOSTS = new Set(['metadata.google.internal', 'metadata.google.internal.', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

export type AddressVerdict = 'public' | 'restricted' | 'never';

/** `public`: anyone may send there; `restricted`: only an allowed host (loopback, private…); `never`: link-local or metadata. */
export function judgeAddress(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return 'never';
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const ip = ipaddr.process(address);
  if (NEVER_CIDRS.some(([range, bits]) => ip.kind() === range.kind() && (ip as ipaddr.IPv4).match(range as ipaddr.IPv4, bits))) return 'never';
  const range = ip.range();
  if (range === 'linkLocal' || range === 'unspecified' || range === 'multicast' || range === 'broadcast') return 'never';
  return range === 'unicast' ? 'public' : 'restricted';
}

/** The URL's host as compared with WEBHOOK_ALLOWED_HOSTS: lower case, IPv6 without brackets. */
export const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

export const isAllowedHost = (host: string, allowed: readonly string[]): boolean => allowed.includes(host);

/** Why a URL may not be registered, or null. Names are judged again on every delivery. */
export function urlProblem(raw: string, allowed: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Must be an https:// address';
  }
  const host = hostOf(url);
  const allowedHost = isAllowedHost(host, allowed);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowedHost)) return 'Must be an https:// address (plain http only for a host in WEBHOOK_ALLOWED_HOSTS)';
  if (url.username || url.password) return 'Must not carry a user name or password';
  if (NEVER_HOSTS.has(host)) return 'Must not be a cloud metadata address';
  if (ipaddr.isValid(host)) {
    const verdict = judgeAddress(host);
    if (verdict === 'never') return 'Must not be a link-local or metadata address';
    if (verdict === 'restricted' && !allowedHost) return 'Must not be a loopback or private address unless its host is in WEBHOOK_ALLOWED_HOSTS';
  } else if ((host === 'localhost' || host.endsWith('.localhost')) && !allowedHost) {
    return 'Must not be a loopback address unless its host is in WEBHOOK_ALLOWED_HOSTS';
  }
  return null;
}

export class ForbiddenAddressError extends Error {
  override name = 'ForbiddenAddressError';
  readonly code = 'EFORBIDDENADDRESS';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the name, refuses it when any address is one the host
 * may not use, and connects to the addresses it checked (never to a second answer).
 */
export function checkedLookup(allowedHost: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | undefined, callback: LookupCallback): void => {
    if (NEVER_HOSTS.has(hostname.toLowerCase())) return callback(new ForbiddenAddressError(`${hostname} is a metadata address`), '');
    dnsLookup(hostname, { all: true, family: Number(options?.family) || 0 }, (err, addresses) => {
      if (err) return callback(err, '');
      for (const a of addresses) {
        const verdict = judgeAddress(a.address);
        if (verdict === 'never' || (verdict === 'restricted' && !allowedHost)) {
          return callback(new ForbiddenAddressError(`${hostname} resolves to ${a.address}, which webhooks may not reach`), '');
        }
      }
      if (options?.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
