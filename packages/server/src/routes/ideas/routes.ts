import { commentCreateSchema, commentSchema, ideaCreateSchema, ideaSchema, ideaUpdateSchema, listQuerySchema } from '@cadence/core/schemas';
import { comments, ideas } from '../../data/resources/ideas';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { byCaller, standardRoutes } from '../standard-routes';

const TAG = 'Ideas';

export function ideaRoutes(s: Services, t: RouteTable): void {
  standardRoutes(s, t, {
    base: '/api/ideas',
    tag: TAG,
    noun: 'idea',
    resource: ideas,
    row: ideaSchema,
    list: { summary: 'Ideas, newest first', query: listQuerySchema, orderBy: [{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }] },
    create: { summary: 'Create an idea (title required after trimming)', body: ideaCreateSchema, values: byCaller },
    update: { summary: 'Edit an idea (its author or an admin)', body: ideaUpdateSchema },
    remove: {
      summary: 'Delete an idea and its comments (its author or an admin)',
      // Its comments go with it (ON DELETE CASCADE), each leaving a tombstone in the feed.
    },
  });

  standardRoutes(s, t, {
    base: '/api/comments',
    tag: TAG,
    noun: 'comment',
    resource: comments,
    row: commentSchema,
    parent: { path: '/api/ideas/:id/comments', resource: ideas, column: 'idea_id', list: { summary: "An idea's comments, oldest first" } },
    list: {
      summary: 'All comments, oldest first (the ideas board groups them by idea)',
      query: listQuerySchema,
      orderBy: [{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }],
    },
    create: { summary: 'Comment on an idea (non-empty after trimming)', body: commentCreateSchema, values: byCaller, refusal: 'This key may not comment' },
    remove: { summary: 'Delete a comment (its author or an admin)' },
  });
}
