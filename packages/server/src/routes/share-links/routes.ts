import { CONFLICTS_NOT_BINDABLE, SHARE_LINK_TOKEN_PREFIX, can, isKeyPrincipal, shareLinkPath, todayYmd, viewNeedsWholePlan } from '@cadence/core';
import {
  shareLinkCreateSchema,
  shareLinkCreatedSchema,
  shareLinkListQuerySchema,
  shareLinkOpenSchema,
  shareLinkOpenedSchema,
  shareLinkSchema,
  shareLinkUpdateSchema,
} from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AuthState } from '../../auth/auth-state';
import { RateLimiter } from '../../auth/rate-limit';
import { hashToken, randomToken } from '../../auth/secrets';
import { LINK_CREDENTIAL_TTL_SECONDS, findOpenLink } from '../../auth/share-links';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { viewById } from '../views/store';
import { presentLink, selectLinks, whereOpen, type ShareLinkRaw } from './store';

const TAG = 'Share links';

/** People share views; a key (a link's credential included) neither makes nor manages links. */
function person(auth: AuthState): void {
  if (isKeyPrincipal(auth.principal) || auth.accessKeyId || auth.link) throw forbidden('Access keys cannot manage share links');
}

const isAdmin = (auth: AuthState) => can(auth.principal, 'administer', 'user');

/** The rule: "a link expiry in the past" is refused, naming `expires_on`. */
function checkExpiry(expiresOn: string): void {
  if (expiresOn < todayYmd()) throw fieldError('expires_on', 'The expiry date must not be in the past');
}

const gone = () => new AppError(404, 'not_found', 'This link does not exist, has expired or was revoked');

const TOKEN = { pattern: /^cad_link_[A-Za-z0-9_-]{20,100}$/, description: 'The link’s secret, as the page’s address carries it' };

async function linkById(db: Knex, id: string): Promise<ShareLinkRaw | undefined> {
  return selectLinks(db).where('l.id', id).first();
}

/** A link its caller may change: its creator's or, for an administrator, anyone's. Others are told nothing of it. */
async function ownLink(s: Services, auth: AuthState, id: string): Promise<ShareLinkRaw> {
  const admin = isAdmin(auth);
  const link = await linkById(s.db, id);
  if (!link || (link.created_by !== auth.principal.userId && !admin)) throw notFound('Share link');
  return link;
}

export function shareLinkRoutes(s: Services, t: RouteTable): void {
  const config = s.config;
  const windowMs = config.RATE_SIGNIN_WINDOW_SECONDS * 1000;
  // A wrong password is a failed sign-in: the same budgets, per link and per address.
  const perLink = new RateLimiter(s.db, 'share-link', config.RATE_SIGNIN_PER_EMAIL, windowMs);
  const perIp = new RateLimiter(s.db, 'share-link-ip', config.RATE_SIGNIN_PER_IP, windowMs);

  t.add({
    method: 'post', path: '/api/views/:id/share-links', tag: TAG, access: 'user', status: 201, permit: person,
    summary:
      'Share a saved view the caller may read as a read-only stakeholder link that opens without an account: it expires on `expires_on`, ' +
      'may ask for a password and shows only the ticked `fields`; it reads what the view shows now with the sharer’s rights now. The secret is shown once.',
    body: shareLinkCreateSchema, response: shareLinkCreatedSchema,
    handler: async ({ params, body, auth }) => {
      const view = await viewById(s.db, params.id!);
      if (!view || !can(auth.principal, 'read', 'view', view)) throw notFound('View');
      if (viewNeedsWholePlan(view)) throw fieldError('view', CONFLICTS_NOT_BINDABLE);
      checkExpiry(body.expires_on);
      const token = `${SHARE_LINK_TOKEN_PREFIX}${randomToken(32)}`;
      const password_hash = body.password ? await s.passwords.hash(body.password) : null;
      const [row] = await s.db('share_links')
        .insert({ view_id: view.id, created_by: auth.principal.userId, token_hash: hashToken(token), expires_on: body.expires_on, password_hash, fields: body.fields })
        .returning('id');
      const link = presentLink((await linkById(s.db, row.id))!);
      return { ...link, token, path: shareLinkPath(token) };
    },
  });

  t.add({
    method: 'get', path: '/api/views/:id/share-links', tag: TAG, access: 'user', permit: person,
    summary: 'The links of a saved view the caller may read: those the caller made (an administrator or the view’s owner: all); `all=1` adds revoked and expired ones',
    query: shareLinkListQuerySchema, response: z.array(shareLinkSchema),
    handler: async ({ params, query, auth }) => {
      const view = await viewById(s.db, params.id!);
      if (!view || !can(auth.principal, 'read', 'view', view)) throw notFound('View');
      const q = selectLinks(s.db).where('l.view_id', view.id);
      if (!isAdmin(auth) && view.created_by !== auth.principal.userId) q.where('l.created_by', auth.principal.userId);
      if (!wantsAll(query.all)) whereOpen(q);
      return ((await q) as ShareLinkRaw[]).map((r) => presentLink(r));
    },
  });

  t.add({
    method: 'get', path: '/api/share-links', tag: TAG, access: 'user', permit: person,
    summary: 'The caller’s links (an administrator: everyone’s); `all=1` adds revoked and expired ones',
    query: shareLinkListQuerySchema, response: z.array(shareLinkSchema),
    handler: async ({ query, auth }) => {
      const q = selectLinks(s.db);
      if (!isAdmin(auth)) q.where('l.created_by', auth.principal.userId);
      if (!wantsAll(query.all)) whereOpen(q);
      return ((await q) as ShareLinkRaw[]).map((r) => presentLink(r));
    },
  });

  t.add({
    method: 'patch', path: '/api/share-links/:id', tag: TAG, access: 'user', permit: person,
    summary: 'Change a link’s expiry date, shown fields or password (null: none); its creator or an administrator. An open page follows at once',
    body: shareLinkUpdateSchema, response: shareLinkSchema,
    handler: async ({ params, body, auth }) => {
      const link = await ownLink(s, auth, params.id!);
      if (link.revoked_at) throw new AppError(409, 'revoked', 'This link was revoked; share the view again for a new one');
      if (body.expires_on !== undefined) checkExpiry(body.expires_on);
      const patch: Record<string, unknown> = {};
      if (body.expires_on !== undefined) patch.expires_on = body.expires_on;
      if (body.fields !== undefined) patch.fields = body.fields;
      if (body.password !== undefined) patch.password_hash = body.password === null ? null : await s.passwords.hash(body.password);
      if (Object.keys(patch).length) {
        await s.db('share_links').where({ id: link.id }).update(patch);
        s.principals.invalidate();
      }
      return presentLink((await linkById(s.db, link.id))!);
    },
  });

  t.add({
    method: 'delete', path: '/api/share-links/:id', tag: TAG, access: 'user', status: 204, permit: person,
    summary: 'Revoke a link (its creator or an administrator): it stops opening, and a page already open stops reading, at once',
    handler: async ({ params, auth }) => {
      const link = await ownLink(s, auth, params.id!);
      if (!link.revoked_at) await s.db('share_links').where({ id: link.id }).whereNull('revoked_at').update({ revoked_at: s.db.fn.now() });
      s.principals.invalidate();
    },
  });

  t.add({
    method: 'post', path: '/api/shared/:token/open', tag: TAG, access: 'public', params: { token: TOKEN },
    summary:
      'Open a stakeholder link (no account): counts a visit (not with renew: true, an open page renewing its credential) and answers a short-lived credential that reads the view’s campaigns through the ordinary routes. ' +
      '401 `password_required` when it needs a password and none was sent, 403 for a wrong one (limited like sign-in), 404 for a link that is unknown, revoked or expired',
    body: shareLinkOpenSchema, response: shareLinkOpenedSchema,
    handler: async ({ params, body, ctx }) => {
      const tokenHash = hashToken(params.token!);
      const ipKey = `ip:${ctx.ip}`;
      const message = 'Too many wrong passwords. Try again later.';
      await perIp.check(ipKey, message);
      await perLink.check(tokenHash, message);
      const link = await findOpenLink(s, { 'l.token_hash': tokenHash });
      if (!link) throw gone();
      if (link.password_hash) {
        if (!body.password) throw new AppError(401, 'password_required', 'This link needs a password');
        if (!(await s.passwords.verify(body.password, link.password_hash))) {
          await Promise.all([perIp.hit(ipKey), perLink.hit(tokenHash)]);
          throw new AppError(403, 'wrong_password', 'That password is not right for this link');
        }
      }
      const [sharer] = await Promise.all([
        s.db('users').where({ id: link.created_by }).first<{ email: string }>('email'),
        body.renew ? null : s.db('share_links').where({ id: link.id }).update({ visits: s.db.raw('visits + 1'), last_visited_at: s.db.fn.now() }),
      ]);
      const credential = await s.jwt.signLink(link.id, LINK_CREDENTIAL_TTL_SECONDS);
      return {
        credential: credential.token,
        credential_expires_at: credential.expiresAt,
        view: { name: link.view_name, dashboard: link.view_dashboard, query: link.view_query ?? '' },
        fields: link.fields,
        expires_on: link.expires_on,
        shared_by: sharer?.email ?? '',
      };
    },
  });
}

const wantsAll = (v: string | undefined) => v === '1' || v === 'true';
