import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import * as oidc from 'openid-client';
import type { Session } from '@cadence/core';
import type { Services } from '../../services';
import { hashToken, randomToken } from '../secrets';
import { FIRST_ADMIN_LOCK, issueSession } from '../session-issue';
import { normalizeEmail, type UserRow } from '../users';
import { syncMappedGrants } from './grants';
import { CALLBACK_PATH, SsoError } from './oidc';

/** How long a started sign-in may take at the provider (login, MFA, consent). */
const REQUEST_TTL_MS = 10 * 60_000;
/** The SPA exchanges the handoff code as soon as the page loads. */
const HANDOFF_TTL_MS = 60_000;

export const redirectUri = (s: Services) => `${s.site.url}${CALLBACK_PATH}`;

/**
 * Starts a sign-in: state, nonce and PKCE verifier stay in the database; the browser gets a
 * random binding (cookie) whose hash must come back with the state, so a callback URL carried to
 * another browser (login CSRF, a leaked link) is refused.
 */
export async function startSignIn(s: Services, client: LoopbackClient | null = null): Promise<{ url: URL; binding: string }> {
  if (!s.oidc) throw new SsoError('sso_disabled');
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const binding = randomToken();
  const url = await s.oidc.authorizationUrl(redirectUri(s), { state, nonce, codeVerifier });
  await s.db('sso_requests').insert({
    state_hash: hashToken(state),
    binding_hash: hashToken(binding),
    nonce,
    code_verifier: codeVerifier,
    redirect_to: client?.redirectUri ?? null,
    client_challenge: client?.challenge ?? null,
    expires_at: new Date(Date.now() + REQUEST_TTL_MS),
  });
  // Started sign-ins nobody finished pile up otherwise.
  void s.db('sso_requests').where('expires_at', '<', new Date(Date.now() - 86_400_000)).delete().catch(() => {});
  return { url, binding };
}

/** The callback: spends the state (once, with its binding), verifies the provider's answer, finds or makes the account. */
export async function finishSignIn(
  s: Services,
  query: Record<string, string | string[] | undefined>,
  binding: string | undefined,
  found: (request: { redirect_to: string | null }) => void = () => {},
): Promise<string> {
  if (!s.oidc) throw new SsoError('sso_disabled');
  const state = typeof query.state === 'string' ? query.state : '';
  if (!state || !binding) throw new SsoError('state_invalid', state ? 'no binding cookie' : 'no state');
  const [request] = await s.db('sso_requests')
    .where({ state_hash: hashToken(state), binding_hash: hashToken(binding), used_at: null })
    .andWhere('expires_at', '>', s.db.fn.now())
    .update({ used_at: s.db.fn.now() })
    .returning(['nonce', 'code_verifier', 'redirect_to', 'client_challenge']);
  if (!request) throw new SsoError('state_invalid', 'unknown, spent, expired or unbound state');
  found(request);

  const callbackUrl = new URL(redirectUri(s));
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string') callbackUrl.searchParams.set(k, v);
  const verified = await s.oidc.completeSignIn(callbackUrl, { state, nonce: request.nonce, codeVerifier: request.code_verifier });

  const code = randomToken();
  await s.db.transaction(async (trx) => {
    const { user, identityId } = await findOrCreateAccount(s, trx, verified.issuer, verified.claims);
    const familyId = randomUUID();
    await syncMappedGrants(trx, user.id, verified.claims, s.log);
    await trx('sso_sessions').insert({
      family_id: familyId,
      identity_id: identityId,
      provider_refresh_token: verified.refreshToken ? s.oidc!.seal(verified.refreshToken) : null,
    });
    await trx('sso_handoffs').insert({
      code_hash: hashToken(code),
      user_id: user.id,
      family_id: familyId,
      client_challenge: request.client_challenge,
      expires_at: new Date(Date.now() + HANDOFF_TTL_MS),
    });
  });
  s.principals.invalidate();
  return code;
}

/**
 * Accounts are keyed by issuer + subject. An unknown subject makes a new account only for an
 * address the provider says is verified (otherwise anyone who can type an address at the provider
 * could take it before its owner arrives). It links to an existing account with the same e-mail
 * only when all of these hold, since otherwise whoever set up that account (anyone can sign up
 * with a password and someone else's address) would be handed the incoming person's access:
 * - the provider says the address is verified, and the administrator allowed linking
 *   (OIDC_LINK_VERIFIED_EMAIL);
 * - the account's address was confirmed in Cadence (the confirmation mail's link was followed);
 * - the account has no identity yet: a second subject with the same e-mail is a different person.
 * Linking ends every earlier session and revokes every access key of the account, so nobody who
 * held it before keeps a way in once it carries what the provider grants.
 */
async function findOrCreateAccount(s: Services, trx: Knex.Transaction, issuer: string, claims: Record<string, unknown> & { sub: string }) {
  await trx.raw('SELECT pg_advisory_xact_lock(?)', [FIRST_ADMIN_LOCK]);
  const identity = await trx('user_identities').where({ issuer, subject: claims.sub }).first('id', 'user_id');
  if (identity) {
    await trx('user_identities').where({ id: identity.id }).update({ last_sign_in_at: trx.fn.now() });
    const user = (await trx<UserRow>('users').where({ id: identity.user_id }).first())!;
    return { user, identityId: identity.id as string };
  }
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  if (!email) throw new SsoError('email_missing');
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const existing = await trx<UserRow>('users').whereRaw('lower(email) = ?', [email]).first();
  let user: UserRow | undefined;
  if (existing) {
    if (!verified) throw new SsoError('email_unverified', `link refused for ${email}: e-mail not verified`);
    if (!s.config.OIDC_LINK_VERIFIED_EMAIL) throw new SsoError('link_not_allowed', `link refused for ${email}: OIDC_LINK_VERIFIED_EMAIL is off`);
    if (!existing.email_confirmed_at) throw new SsoError('link_unconfirmed', `link refused for ${email}: the account's address was never confirmed`);
    if (await trx('user_identities').where({ user_id: existing.id }).first('id')) {
      throw new SsoError('link_identity_taken', `link refused for ${email}: the account already has an identity (another subject)`);
    }
    user = existing;
    // Whoever held the account before the link keeps nothing: sessions and keys end here (the
    // caller invalidates the principal cache after the commit).
    await trx('refresh_tokens').where({ user_id: user.id, revoked_at: null }).update({ revoked_at: trx.fn.now() });
    await trx('access_keys').where({ created_by: user.id, revoked_at: null }).update({ revoked_at: trx.fn.now() });
    s.log.info({ userId: user.id, issuer }, 'single sign-on linked to an existing account with the same confirmed e-mail; its sessions and access keys were ended');
  } else {
    if (!verified) throw new SsoError('email_unverified', `account not created for ${email}: e-mail not verified`);
    const anyUser = await trx('users').first('id');
    [user] = (await trx<UserRow>('users')
      .insert({ email, password_hash: null, email_confirmed_at: trx.fn.now() } as never)
      .returning('*')) as UserRow[];
    if (!anyUser) {
      await trx('user_roles').insert({ user_id: user!.id, role: 'admin' });
      s.log.info({ email }, 'first account created through single sign-on: it is the administrator');
    }
  }
  const [row] = await trx('user_identities').insert({ user_id: user!.id, issuer, subject: claims.sub, last_sign_in_at: trx.fn.now() }).returning('id');
  return { user: user!, identityId: row.id as string };
}

/** The SPA's half: the one-time code from the callback becomes the session's tokens, once. */
export async function exchangeHandoff(s: Services, code: string, verifier?: string): Promise<Session> {
  return s.db.transaction(async (trx) => {
    const [handoff] = await trx('sso_handoffs')
      .where({ code_hash: hashToken(code), used_at: null })
      .andWhere('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning(['user_id', 'family_id', 'client_challenge']);
    if (!handoff) throw new SsoError('code_invalid');
    // A code meant for the CLI is worth nothing to whoever else sees the loopback redirect.
    if (handoff.client_challenge && (!verifier || challengeOf(verifier) !== handoff.client_challenge)) throw new SsoError('code_invalid');
    const user = await trx<UserRow>('users').where({ id: handoff.user_id }).first();
    if (!user) throw new SsoError('code_invalid');
    return issueSession(s, trx, user, handoff.family_id);
  });
}

/**
 * At a refresh of a session begun by SSO, at most every OIDC_SYNC_SECONDS: asks the provider
 * again. Fresh claims re-sync the mapped grants; a refusal means the provider no longer vouches
 * for the user, who then loses every session, key and mapped grant. A provider that cannot be
 * reached is retried at the next refresh rather than locking everyone out during its outage.
 */
export async function recheckAtRefresh(s: Services, familyId: string, userId: string): Promise<'ok' | 'ended'> {
  if (!s.oidc) return 'ok';
  const row = await s.db('sso_sessions as ss')
    .join('user_identities as ui', 'ui.id', 'ss.identity_id')
    .where('ss.family_id', familyId)
    .andWhere('ss.synced_at', '<', s.db.raw('now() - make_interval(secs => ?)', [s.config.OIDC_SYNC_SECONDS]))
    .first('ss.provider_refresh_token', 'ui.subject');
  if (!row) return 'ok';
  const providerToken = row.provider_refresh_token ? s.oidc.unseal(row.provider_refresh_token) : null;
  let outcome: Awaited<ReturnType<NonNullable<Services['oidc']>['refreshClaims']>>;
  if (!providerToken) {
    // Without a provider refresh token the user cannot be re-checked: sign in again (docs/operations.md, offline_access).
    outcome = 'gone';
  } else {
    try {
      outcome = await s.oidc.refreshClaims(providerToken, row.subject);
    } catch (err) {
      s.log.warn({ reason: (err as Error).message }, 'the identity provider could not be reached at refresh; will ask again next time');
      return 'ok';
    }
  }
  if (outcome === 'gone') {
    await endProviderAccess(s, userId, !providerToken ? familyId : null);
    return 'ended';
  }
  const fresh = outcome;
  await s.db.transaction(async (trx) => {
    await syncMappedGrants(trx, userId, fresh.claims, s.log);
    await trx('sso_sessions').where({ family_id: familyId }).update({ synced_at: trx.fn.now(), provider_refresh_token: s.oidc!.seal(fresh.refreshToken) });
  });
  s.principals.invalidate();
  return 'ok';
}

/**
 * The provider refused: every session of the user ends, their access keys are revoked and their
 * mapped grants go (hand grants stay, for when they come back). With `onlyFamily`, only that
 * session ends (it could not be re-checked, which says nothing about the user).
 */
async function endProviderAccess(s: Services, userId: string, onlyFamily: string | null): Promise<void> {
  await s.db.transaction(async (trx) => {
    const tokens = trx('refresh_tokens').where({ revoked_at: null });
    await (onlyFamily ? tokens.where({ family_id: onlyFamily }) : tokens.where({ user_id: userId })).update({ revoked_at: trx.fn.now() });
    if (onlyFamily) return;
    await trx('access_keys').where({ created_by: userId, revoked_at: null }).update({ revoked_at: trx.fn.now() });
    await syncMappedGrants(trx, userId, {}, s.log);
  });
  s.principals.invalidate();
  s.log.info({ userId, onlyFamily }, onlyFamily ? 'SSO session could not be re-checked: ended' : 'the identity provider no longer knows this user: sessions and keys ended');
}

/** `cadence login --sso` (RFC 8252): a loopback address to come back to, and the hash of the CLI's secret. */
export interface LoopbackClient {
  redirectUri: string;
  challenge: string;
}

export const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The one path `cadence login --sso` listens on (packages/cli/src/commands/sso-login.ts). */
export const CLI_CALLBACK_PATH = '/callback';
const LOOPBACK_REDIRECT = new RegExp(`^http://(?:127\\.0\\.0\\.1|\\[::1\\]):([1-9]\\d{0,4})${CLI_CALLBACK_PATH}$`);

/**
 * RFC 8252's loopback redirect, and nothing looser: plain http to a loopback IP literal
 * (127.0.0.1 or [::1], never the name `localhost`, which a resolver or hosts file could point
 * elsewhere: §8.3), any port, the CLI's one callback path, no userinfo, query or fragment.
 * Anywhere else, the one-time code would go to someone else's page.
 */
export function isLoopbackRedirect(uri: string): boolean {
  const m = LOOPBACK_REDIRECT.exec(uri);
  if (!m || Number(m[1]) > 65_535) return false;
  try {
    const url = new URL(uri);
    return url.pathname === CLI_CALLBACK_PATH && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}
