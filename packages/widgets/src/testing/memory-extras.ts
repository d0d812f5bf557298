import { CadenceApiError, type CadenceClient } from '@cadence/core';
import { memoryCrud, memoryId } from './memory-crud';

type Run = <T>(op: string, fn: () => T, args?: unknown[]) => Promise<T>;

const unsupported = (what: string) => () =>
  Promise.reject(new CadenceApiError(400, 'validation_failed', `[Cadence memory client] ${what} is not simulated`));

/**
 * Everything but campaigns: enough for stories of other widgets, with the generic
 * versioned store. Widgets of issue #6 can grow these as they need.
 */
export function memoryExtras(run: Run, now: () => string, user: { id: string; email: string }): Omit<CadenceClient, 'campaigns' | 'dashboard'> {
  const session = () => ({
    access_token: 'memory', refresh_token: 'memory', token_type: 'bearer' as const, expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600, user: { id: user.id, email: user.email, email_confirmed_at: null, created_at: now() },
  });
  const comments: any[] = [];
  const adTypes: any[] = [];
  const prospective: any[] = [];
  const adTypeCrud = memoryCrud<any, any, any, any>(adTypes, run, 'adTypes', now);
  const prospectiveCrud = memoryCrud<any, any, any, any>(prospective, run, 'prospective', now);
  return {
    auth: {
      signUp: () => run('auth.signUp', () => ({ user: session().user })),
      signIn: () => run('auth.signIn', session),
      refresh: () => run('auth.refresh', session),
      signOut: () => run('auth.signOut', () => undefined),
      user: unsupported('auth.user'),
      sendPasswordReset: () => run('auth.sendPasswordReset', () => undefined),
      updatePassword: () => run('auth.updatePassword', () => undefined),
    },
    ideas: memoryCrud([], run, 'ideas', now),
    comments: {
      listAll: () => run('comments.listAll', () => structuredClone(comments)),
      list: (ideaId) => run('comments.list', () => comments.filter((c) => c.idea_id === ideaId)),
      create: (ideaId, body) =>
        run('comments.create', () => {
          const row = { ...body, id: memoryId(), idea_id: ideaId, created_by: user.id, created_at: now(), updated_at: now(), version: 1 };
          comments.push(row);
          return row;
        }),
      remove: (id) => run('comments.remove', () => void comments.splice(comments.findIndex((c) => c.id === id), 1)),
    },
    publications: memoryCrud([], run, 'publications', now),
    adTypes: {
      get: adTypeCrud.get,
      update: adTypeCrud.update,
      remove: adTypeCrud.remove,
      list: (publicationId) => run('adTypes.list', () => adTypes.filter((a) => !publicationId || a.publication_id === publicationId)),
      create: (publicationId, body) => adTypeCrud.create({ ...body, publication_id: publicationId }),
    },
    ads: memoryCrud([], run, 'ads', now),
    prospective: {
      list: prospectiveCrud.list,
      get: prospectiveCrud.get,
      update: prospectiveCrud.update,
      remove: prospectiveCrud.remove,
      create: prospectiveCrud.create,
      createMany: (rows) => Promise.all(rows.map((r) => prospectiveCrud.create(r))),
      importCsv: unsupported('prospective.importCsv'),
    },
    articles: memoryCrud([], run, 'articles', now),
    events: memoryCrud([], run, 'events', now),
    users: {
      list: () => run('users.list', () => [{ id: user.id, email: user.email }]),
      permissions: () => run('users.permissions', () => []),
      grant: unsupported('users.grant'),
      revoke: unsupported('users.revoke'),
      role: (userId) => run('users.role', () => ({ user_id: userId, role: null })),
      setRole: (userId, role) => run('users.setRole', () => ({ user_id: userId, role })),
    },
  };
}
