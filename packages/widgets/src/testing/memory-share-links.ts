import {
  CadenceApiError,
  SHARE_LINK_TOKEN_PREFIX,
  can,
  isKeyPrincipal,
  shareLinkExpired,
  shareLinkPath,
  type CadenceClient,
  type Principal,
  type SavedView,
  type ShareLink,
} from '@cadence/core';
import { shareLinkCreateSchema, shareLinkOpenSchema, shareLinkUpdateSchema } from '@cadence/core/schemas';
import { forbidden, memoryId, notFound, parse, type Run } from './memory-crud';

export interface ShareLinksContext {
  run: Run;
  now: () => string;
  /** The client's calendar date (its clock, as the widgets see it). */
  today: () => string;
  principal: Principal;
  emailOf: (userId: string | null) => string | null;
  /** Every saved view, whoever's (a link's view is looked up by id). */
  views: () => SavedView[];
}

interface Stored {
  link: ShareLink;
  token: string;
  password: string | null;
}

const past = () => new CadenceApiError(400, 'validation_failed', 'The expiry date must not be in the past', [{ path: 'expires_on', message: 'The expiry date must not be in the past' }]);
const gone = () => new CadenceApiError(404, 'not_found', 'This link does not exist, has expired or was revoked');

/**
 * Stakeholder links as the server keeps them (docs/adr/0061): made on a view the caller reads,
 * never by a key; changed by their creator or an administrator; an expiry in the past is a 400
 * naming `expires_on`; opening one counts a visit. The credential `open` answers is a token of
 * this client's own (it reads nothing here).
 */
export function memoryShareLinks(o: ShareLinksContext): CadenceClient['shareLinks'] {
  const { principal } = o;
  const rows: Stored[] = [];
  const admin = () => can(principal, 'administer', 'user');
  const person = () => {
    if (isKeyPrincipal(principal)) throw forbidden();
  };
  const view = (id: string) => {
    const v = o.views().find((x) => x.id === id);
    if (!v || !can(principal, 'read', 'view', v)) throw notFound();
    return v;
  };
  const open = (l: ShareLink) => !l.revoked_at && !shareLinkExpired(l.expires_on, o.today());
  const out = (s: Stored): ShareLink => structuredClone({ ...s.link, expired: shareLinkExpired(s.link.expires_on, o.today()) });
  const own = (id: string) => {
    const s = rows.find((r) => r.link.id === id);
    if (!s || (s.link.created_by !== principal.userId && !admin())) throw notFound();
    return s;
  };
  const newestFirst = (a: Stored, b: Stored) => b.link.created_at.localeCompare(a.link.created_at);
  return {
    list: (opts = {}) =>
      o.run('shareLinks.list', () => {
        person();
        return rows.filter((s) => (admin() || s.link.created_by === principal.userId) && (opts.all || open(s.link))).sort(newestFirst).map(out);
      }, [opts]),
    forView: (viewId, opts = {}) =>
      o.run('shareLinks.forView', () => {
        person();
        const v = view(viewId);
        const all = admin() || v.created_by === principal.userId;
        return rows.filter((s) => s.link.view_id === v.id && (all || s.link.created_by === principal.userId) && (opts.all || open(s.link))).sort(newestFirst).map(out);
      }, [viewId, opts]),
    create: (viewId, body) =>
      o.run('shareLinks.create', () => {
        person();
        const v = view(viewId);
        const data = parse(shareLinkCreateSchema, body);
        if (data.expires_on < o.today()) throw past();
        const token = `${SHARE_LINK_TOKEN_PREFIX}${memoryId().replace(/-/g, '')}${memoryId().replace(/-/g, '')}`;
        const link: ShareLink = {
          id: memoryId(), view_id: v.id, view_name: v.name, created_by: principal.userId, created_by_email: o.emailOf(principal.userId) ?? '',
          expires_on: data.expires_on, has_password: !!data.password, fields: data.fields, visits: 0, last_visited_at: null, revoked_at: null,
          created_at: o.now(), expired: false,
        };
        rows.push({ link, token, password: data.password ?? null });
        return { ...out(rows[rows.length - 1]!), token, path: shareLinkPath(token) };
      }, [viewId, body]),
    update: (id, patch) =>
      o.run('shareLinks.update', () => {
        person();
        const data = parse(shareLinkUpdateSchema, patch);
        const s = own(id);
        if (s.link.revoked_at) throw new CadenceApiError(409, 'revoked', 'This link was revoked; share the view again for a new one');
        if (data.expires_on !== undefined && data.expires_on < o.today()) throw past();
        if (data.expires_on !== undefined) s.link.expires_on = data.expires_on;
        if (data.fields !== undefined) s.link.fields = data.fields;
        if (data.password !== undefined) {
          s.password = data.password;
          s.link.has_password = data.password !== null;
        }
        return out(s);
      }, [id, patch]),
    revoke: (id) =>
      o.run('shareLinks.revoke', () => {
        person();
        const s = own(id);
        s.link.revoked_at ??= o.now();
      }, [id]),
    open: (token, body = {}) =>
      o.run('shareLinks.open', () => {
        const data = parse(shareLinkOpenSchema, body);
        const s = rows.find((r) => r.token === token);
        const v = s && o.views().find((x) => x.id === s.link.view_id);
        if (!s || !v || !open(s.link)) throw gone();
        if (s.password !== null) {
          if (!data.password) throw new CadenceApiError(401, 'password_required', 'This link needs a password');
          if (data.password !== s.password) throw new CadenceApiError(403, 'wrong_password', 'That password is not right for this link');
        }
        if (!data.renew) {
          s.link.visits += 1;
          s.link.last_visited_at = o.now();
        }
        return {
          credential: `memory-link:${s.link.id}`,
          credential_expires_at: Math.floor(Date.now() / 1000) + 1800,
          view: { name: v.name, dashboard: v.dashboard, query: v.query },
          fields: [...s.link.fields],
          expires_on: s.link.expires_on,
          shared_by: s.link.created_by_email,
        };
      }, [token, body]),
  };
}
