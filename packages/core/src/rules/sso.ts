import { CHANNEL_VALUES, type Channel } from '../channels';
import type { PermissionType } from '../constants';

/**
 * Single sign-on (docs/adr/0027-single-sign-on.md): what the provider's claims grant, and the
 * errors a sign-in can end with. Pure, shared by the server, the app and the CLI.
 */

/** One thing a mapping grants: the administrator role or one permission record. */
export type SsoGrant = { kind: 'role'; role: 'admin' } | { kind: 'permission'; permission_type: PermissionType; channel: Channel | null };

const GLOBAL = ['global_view', 'global_create'] as const;
const PER_CHANNEL = ['channel_view', 'channel_create'] as const;

/** `admin`, `global_view`, `global_create`, `channel_view:email`, `channel_create:email`; null when not one of these. */
export function parseSsoGrant(text: string): SsoGrant | null {
  const value = text.trim();
  if (value === 'admin') return { kind: 'role', role: 'admin' };
  if ((GLOBAL as readonly string[]).includes(value)) return { kind: 'permission', permission_type: value as PermissionType, channel: null };
  const [type, channel, ...rest] = value.split(':');
  if (rest.length || !type || !channel) return null;
  if (!(PER_CHANNEL as readonly string[]).includes(type) || !(CHANNEL_VALUES as readonly string[]).includes(channel)) return null;
  return { kind: 'permission', permission_type: type as PermissionType, channel: channel as Channel };
}

export const formatSsoGrant = (g: SsoGrant): string =>
  g.kind === 'role' ? g.role : g.channel ? `${g.permission_type}:${g.channel}` : g.permission_type;

export interface SsoMapping {
  /** The claim to read, e.g. `groups`; a string or an array of strings in the ID token or userinfo. */
  claim: string;
  /** The value the claim must contain, e.g. `marketing-email`. */
  value: string;
  grant: string;
}

/** The values a claim carries: an array of strings, or one string (some providers send a single group). */
export function claimValues(claims: Record<string, unknown>, claim: string): string[] {
  const raw = claims[claim];
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Every grant the claims earn under the mappings, each once, as its text form (`channel_view:email`). */
export function grantsFromClaims(mappings: readonly SsoMapping[], claims: Record<string, unknown>): string[] {
  const earned = new Set<string>();
  for (const m of mappings) {
    if (!claimValues(claims, m.claim).includes(m.value)) continue;
    const grant = parseSsoGrant(m.grant);
    if (grant) earned.add(formatSsoGrant(grant));
  }
  return [...earned].sort();
}

/**
 * What a sync changes. `mapped` is what earlier syncs granted, `manual` what an administrator
 * granted by hand: a hand grant is never removed, and a grant already held by hand is not added
 * again as a mapped one (so removing it from the provider leaves the hand grant alone).
 */
export function planGrantSync(earned: readonly string[], mapped: readonly string[], manual: readonly string[]): { add: string[]; remove: string[] } {
  const want = new Set(earned);
  const byHand = new Set(manual);
  return {
    add: earned.filter((g) => !mapped.includes(g) && !byHand.has(g)),
    remove: mapped.filter((g) => !want.has(g) || byHand.has(g)),
  };
}

/** Why an SSO sign-in stopped, as a code in the redirect to the sign-in page (never a token, never provider text). */
export const SSO_ERRORS = {
  sso_disabled: 'Single sign-on is not set up on this server.',
  state_invalid: 'This sign-in link has expired or was already used. Start again.',
  provider_error: 'The identity provider did not sign you in. Start again, or ask your administrator.',
  provider_unreachable: 'The identity provider could not be reached. Try again shortly.',
  token_invalid: "The identity provider's answer could not be verified, so you were not signed in.",
  email_missing: 'The identity provider did not share an e-mail address for your account.',
  email_unverified: 'The identity provider has not verified your e-mail address, so you were not signed in. Verify it with the provider, then start again.',
  link_not_allowed: 'An account with this e-mail already exists and was not created with single sign-on. Ask your administrator to allow linking.',
  link_unconfirmed: 'An account with this e-mail already exists, but its address was never confirmed, so it cannot be linked to your sign-in. Confirm it with the link mailed to that address, or ask your administrator.',
  link_identity_taken: 'The account with this e-mail address already signs in with another identity-provider account, so yours cannot be linked to it. Ask your administrator.',
  rate_limited: 'Too many sign-in attempts. Try again later.',
  code_invalid: 'This sign-in has expired. Start again.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;
export const ssoErrorMessage = (code: string | null | undefined): string =>
  (code && Object.prototype.hasOwnProperty.call(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : SSO_ERRORS.provider_error);

