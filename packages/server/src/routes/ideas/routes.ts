import { can, type Idea, type IdeaComment } from '@cadence/core';
import { commentCreateSchema, commentSchema, ideaCreateSchema, ideaSchema, ideaUpdateSchema, listQuerySchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { createRow, deleteRow, getRow, listRows, page, type Resource } from '../../data/crud';
import { withIsoTimestamps } from '../../data/present';
import { forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { standardRoutes } from '../standard-routes';

type Raw<T> = T & { created_at: Date; updated_at: Date };

export const ideas: Resource<Raw<Idea>, Idea> = {
  table: 'ideas',
  topic: 'ideas',
  label: 'Idea',
  select: (db) => db('ideas').select('ideas.*'),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as Idea,
  policy: 'idea',
};

export const comments: Resource<Raw<IdeaComment>, IdeaComment> = {
  table: 'ideas_comments',
  topic: 'comments',
  label: 'Comment',
  select: (db) => db('ideas_comments').select('ideas_comments.*'),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as IdeaComment,
  policy: 'comment',
};

const TAG = 'Ideas';

export function ideaRoutes(s: Services, t: RouteTable): void {
  standardRoutes(s, t, {
    base: '/api/ideas',
    tag: TAG,
    noun: 'idea',
    resource: ideas,
    row: ideaSchema,
    list: { summary: 'Ideas, newest first', query: listQuerySchema, orderBy: [{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }] },
    create: { summary: 'Create an idea (title required after trimming)', body: ideaCreateSchema },
    update: { summary: 'Edit an idea (its author or an admin)', body: ideaUpdateSchema },
    remove: {
      summary: 'Delete an idea and its comments (its author or an admin)',
      // Its comments go with it (ON DELETE CASCADE), each leaving a tombstone in the feed.
    },
  });

  t.add({
    method: 'get', path: '/api/ideas/:id/comments', tag: TAG, access: 'user',
    summary: "An idea's comments, oldest first", query: listQuerySchema, response: z.array(commentSchema),
    handler: async ({ auth, params, query }) => {
      await getRow(s, ideas, auth.principal, params.id!);
      const q = comments.select(s.db).where({ idea_id: params.id }).orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }]);
      return listRows(comments, auth.principal, page(q, query));
    },
  });
  t.add({
    method: 'get', path: '/api/comments', tag: TAG, access: 'user',
    summary: 'All comments, oldest first (the ideas board groups them by idea)', query: listQuerySchema, response: z.array(commentSchema),
    handler: ({ auth, query }) =>
      listRows(comments, auth.principal, page(comments.select(s.db).orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }]), query)),
  });
  t.add({
    method: 'post', path: '/api/ideas/:id/comments', tag: TAG, access: 'user', status: 201,
    summary: 'Comment on an idea (non-empty after trimming)', body: commentCreateSchema, response: commentSchema,
    handler: async ({ auth, params, body }) => {
      await getRow(s, ideas, auth.principal, params.id!);
      if (!can(auth.principal, 'create', 'comment')) throw forbidden('This key may not comment');
      return createRow(s, comments, { ...body, idea_id: params.id, created_by: auth.principal.userId });
    },
  });
  t.add({
    method: 'get', path: '/api/comments/:id', tag: TAG, access: 'user', summary: 'One comment', response: commentSchema,
    handler: ({ auth, params }) => getRow(s, comments, auth.principal, params.id!),
  });
  t.add({
    method: 'delete', path: '/api/comments/:id', tag: TAG, access: 'user', status: 204,
    summary: 'Delete a comment (its author or an admin)',
    handler: ({ auth, params, ifMatch }) => deleteRow(s, comments, auth.principal, params.id!, { ifMatch }),
  });
}
