import {
  can,
  type CadenceClient,
  type CadenceEvent,
  type Channel,
  type Idea,
  type IdeaComment,
  type Permission,
  type PermissionType,
  type Principal,
  type Role,
} from '@cadence/core';
import { commentCreateSchema, eventCreateSchema, eventUpdateSchema, ideaCreateSchema, ideaUpdateSchema } from '@cadence/core/schemas';
import { forbidden, memoryId, memoryTable, notFound, parse, type Run } from './memory-crud';
import type { MemoryLog } from './memory-history';

export interface MemoryDirectoryUser {
  id: string;
  email: string;
  role?: Role | null;
}

export interface PeopleData {
  ideas: Idea[];
  comments: IdeaComment[];
  events: CadenceEvent[];
  users: MemoryDirectoryUser[];
  permissions: Permission[];
}

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => b.created_at.localeCompare(a.created_at);

/** Ideas and comments (authors or admins edit), events, and the admin-only user directory. */
export function memoryPeople(data: PeopleData, run: Run, now: () => string, principal: Principal, log: MemoryLog) {
  const userId = principal.userId;
  const admin = () => {
    if (!can(principal, 'administer', 'user')) throw forbidden();
  };
  const ideas = memoryTable(data.ideas, {
    run, now, userId, history: { log, resource: 'ideas' }, name: 'ideas', create: ideaCreateSchema, update: ideaUpdateSchema, compare: newestFirst,
    canRead: () => can(principal, 'read', 'idea'),
    canWrite: (row) => (row && row.version ? can(principal, 'update', 'idea', row) : can(principal, 'create', 'idea')),
    defaults: { description: null }, onRemove: (idea) => {
      for (let i = data.comments.length - 1; i >= 0; i--) if (data.comments[i]?.idea_id === idea.id) data.comments.splice(i, 1);
    },
  });
  const events = memoryTable(data.events, {
    run, now, userId, history: { log, resource: 'events' }, name: 'events', create: eventCreateSchema, update: eventUpdateSchema,
    compare: (a, b) => a.start_date.localeCompare(b.start_date),
    canRead: () => can(principal, 'read', 'event'), canWrite: () => can(principal, 'update', 'event'),
    defaults: { vertical_other: null, region: null, location: null, venue: null, event_url: null },
  });
  const oldestFirst = (list: IdeaComment[]) => [...list].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((c) => structuredClone(c));
  const comments: CadenceClient['comments'] = {
    listAll: () => run('comments.listAll', () => oldestFirst(data.comments)),
    list: (ideaId) => run('comments.list', () => oldestFirst(data.comments.filter((c) => c.idea_id === ideaId)), [ideaId]),
    create: (ideaId, body) =>
      run('comments.create', () => {
        const parsed = parse(commentCreateSchema, body);
        if (!data.ideas.some((i) => i.id === ideaId)) throw notFound();
        if (!can(principal, 'create', 'comment')) throw forbidden();
        const stamp = now();
        const row: IdeaComment = { ...parsed, id: memoryId(), idea_id: ideaId, created_by: userId, created_at: stamp, updated_at: stamp, version: 1 };
        data.comments.push(row);
        log.record('comments', row.id, 'create', {});
        return structuredClone(row);
      }, [ideaId, body]),
    remove: (id) =>
      run('comments.remove', () => {
        const row = data.comments.find((c) => c.id === id);
        if (!row) throw notFound();
        if (!can(principal, 'delete', 'comment', row)) throw forbidden();
        removeComment(row);
      }, [id]),
  };
  const removeComment = (row: IdeaComment, reverts?: string) => {
    data.comments.splice(data.comments.indexOf(row), 1);
    log.record('comments', row.id, 'delete', { row: structuredClone(row), reverts });
  };
  log.register('comments', {
    get: (id) => structuredClone(data.comments.find((c) => c.id === id)),
    update: () => {
      throw forbidden();
    },
    recreate: (gone, reverts) => {
      const row = { ...(gone as unknown as IdeaComment), version: gone.version + 1, updated_at: now() };
      if (!data.ideas.some((i) => i.id === row.idea_id)) throw notFound();
      data.comments.push(row);
      log.record('comments', row.id, 'create', { reverts });
      return structuredClone(row);
    },
    remove: (id, _version, reverts) => {
      const row = data.comments.find((c) => c.id === id);
      if (!row) throw notFound();
      if (!can(principal, 'delete', 'comment', row)) throw forbidden();
      removeComment(row, reverts);
    },
  });
  const same = (p: Permission, userId: string, type: PermissionType, channel: Channel | null | undefined) =>
    p.user_id === userId && p.permission_type === type && (p.channel ?? null) === (channel ?? null);
  const users: CadenceClient['users'] = {
    list: () => run('users.list', () => (admin(), data.users.map(({ id, email, role }) => ({ id, email, admin: role === 'admin' })))),
    permissions: (id) => run('users.permissions', () => (admin(), structuredClone(data.permissions.filter((p) => p.user_id === id))), [id]),
    grant: (id, type, channel) =>
      run('users.grant', () => {
        admin();
        const found = data.permissions.find((p) => same(p, id, type, channel));
        if (found) return structuredClone(found);
        const row: Permission = { id: memoryId(), user_id: id, permission_type: type, channel: channel ?? null, created_by: userId, created_at: now() };
        data.permissions.push(row);
        return structuredClone(row);
      }, [id, type, channel]),
    revoke: (id, type, channel) =>
      run('users.revoke', () => {
        admin();
        const i = data.permissions.findIndex((p) => same(p, id, type, channel));
        if (i >= 0) data.permissions.splice(i, 1);
      }, [id, type, channel]),
    role: (id) => run('users.role', () => (admin(), { user_id: id, role: data.users.find((u) => u.id === id)?.role ?? null }), [id]),
    setRole: (id, role) =>
      run('users.setRole', () => {
        admin();
        const u = data.users.find((x) => x.id === id);
        if (!u) throw notFound();
        u.role = role;
        return { user_id: id, role };
      }, [id, role]),
  };
  return { ideas: ideas as unknown as CadenceClient['ideas'], comments, events: events as unknown as CadenceClient['events'], users };
}
