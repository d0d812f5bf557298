import { can, type PolicyResource, type PolicyRows, type Principal } from '@cadence/core';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { createRow, deleteRow, getRow, listRows, page, updateRow, type Resource } from '../data/crud';
import type { AnyResource, StoredRow } from '../data/resource';
import { fieldError, forbidden } from '../errors';
import type { HandlerInput, RouteTable } from '../http/route';
import { parseOrThrow } from '../http/zod-errors';
import type { Services } from '../services';

type Query = { limit?: number | undefined; offset?: number | undefined } & Record<string, unknown>;
type Values = Record<string, unknown>;
type Input = HandlerInput<unknown, unknown>;

/** The list: the readable rows in a fixed order, paged by `limit`/`offset`. */
export interface ListRoute {
  summary: string;
  query: z.ZodType<Query>;
  orderBy: Array<{ column: string; order?: 'asc' | 'desc' }>;
  filter?: (q: Knex.QueryBuilder, query: Query) => void;
  /** Listed under the parent only: the base path's list is a route of its own (tasks: My work at /api/tasks). */
  parentOnly?: boolean;
}

/**
 * Rows that belong to a parent row (comments to an idea, ad types to a publication): listed and
 * created under `path` (e.g. `/api/ideas/:id/comments`) once the caller has read the parent (404
 * when it may not), the parent's id in `column`.
 */
export interface ParentRoutes {
  path: string;
  resource: AnyResource;
  column: string;
  /** The parent's rows, in the list's order. */
  list?: { summary: string };
}

/**
 * Create: `can(p, 'create', policy)` first (a caller who may create none of these is refused
 * before anything else), then the values about to be written, judged by `can()` again.
 */
export interface CreateRoute<P extends PolicyResource, B> {
  summary: string;
  body: z.ZodType<B>;
  /**
   * The row about to be written, as the rule judges it, from the body, its creator included
   * (`byCaller`), and the parent row the caller has read (presented, under a parent). It is what
   * is inserted, with the parent's id added, unless `stored` says which of it the table keeps.
   */
  values: (body: B, input: Input, parent: Values | undefined) => PolicyRows[P] | Promise<PolicyRows[P]>;
  /** The table's columns of `values`, where the rule reads more than the table keeps (a task's campaign). */
  stored?: (values: PolicyRows[P]) => Values;
  /** What a refused caller is told; `You may not add {noun}s` unless said. */
  refusal?: string;
  /** What the database must confirm before the insert, once the rights are settled (a referenced row exists). */
  check?: (values: Values, input: Input) => Promise<void>;
  /**
   * What the database decides of the row in the insert's own transaction, after `check` (a task's
   * rank among its campaign's tasks, under the campaign's lock): the row to insert. With it, the
   * insert and its history entry are one transaction with it.
   */
  prepare?: (values: Values, input: Input, trx: Knex) => Promise<Values>;
  /**
   * What else the create writes in its own transaction, once the row is there (with `prepare`
   * only): a task's assignee's inbox item (docs/adr/0060).
   */
  afterInsert?: (row: unknown, input: Input, trx: Knex) => Promise<void>;
  /** What runs once the create has committed, with the row as answered (a comment's mentions are announced). */
  afterCommit?: (row: unknown, input: Input) => Promise<void>;
  /** Many rows in one request as `{rows: […]}`, beside one row: a bulk write, by its named command. */
  many?: { body: z.ZodType<{ rows: Array<Record<string, unknown>> }>; write: (p: Principal, rows: Array<Record<string, unknown>>) => Promise<unknown[]> };
}

/** Update: the read, write and If-Match checks on the locked row, then `patch` and `check` with it. */
export interface UpdateRoute<Raw, B> {
  summary: string;
  body: z.ZodType<B>;
  /**
   * The fields the update writes, as the rule knows them (`changes`), judged with the locked row
   * before anything else: where some callers may write some fields only (a task's assignee, its
   * status). Left out, the locked row is judged as for an update that may write any field.
   */
  changes?: (body: B) => readonly string[];
  /**
   * The fields to write, from the body and the locked row (the body itself unless said); may refuse
   * with a 4xx, and may ask the database in the update's transaction (a task's new rank).
   */
  patch?: (body: B, before: Raw, input: Input, trx: Knex) => Values | Promise<Values>;
  /** What the database must confirm before the write, in its transaction (the rows a patch refers to exist). */
  check?: (before: Raw, patch: Values, trx: Knex) => Promise<void>;
  /** What runs once the update has committed, with the row as answered. */
  afterCommit?: (row: unknown, input: Input) => Promise<void>;
}

/**
 * The five routes a data resource has (list, get, create, update, delete), each guarded by core's
 * `can()` for the resource's `policy`, declared once (docs/adr/0043). Anything particular goes
 * through the hooks; writes that are more than one row's create, update or delete are named
 * commands (server/src/commands/) on routes of their own.
 */
export interface StandardRoutes<Raw extends StoredRow & PolicyRows[P], Row, P extends PolicyResource, CB, UB> {
  base: string;
  tag: string;
  /** 'publication' — used in summaries and messages. */
  noun: string;
  resource: Resource<Raw, Row, P>;
  row: z.ZodType;
  /** Absent when the resource lists its rows on a route of its own (campaigns: windows, filters, cursors). */
  list?: ListRoute;
  parent?: ParentRoutes;
  create?: CreateRoute<P, CB>;
  update?: UpdateRoute<Raw, UB>;
  remove?: { summary: string; beforeDelete?: (trx: Knex, row: Raw) => Promise<void> };
}

/** The body as the row, created by the caller: the `values` of most creates. */
export const byCaller = <B extends object>(body: B, { auth }: Input): B & { created_by: string } => ({ ...body, created_by: auth.principal.userId });

export function standardRoutes<Raw extends StoredRow & PolicyRows[P], Row, P extends PolicyResource, CB, UB>(
  s: Services,
  t: RouteTable,
  def: StandardRoutes<Raw, Row, P, CB, UB>,
): void {
  const { base, tag, resource, list, parent } = def;
  const listed = (q: Knex.QueryBuilder, query: Query, p: Principal) => {
    q.orderBy(list!.orderBy);
    list!.filter?.(q, query);
    return listRows(resource, p, page(q, query));
  };
  if (parent?.list && list) {
    t.add({
      method: 'get', path: parent.path, tag, access: 'user', summary: parent.list.summary, query: list.query, response: zod.array(def.row),
      handler: async ({ auth, params, query }) => {
        await getRow(s, parent.resource, auth.principal, params.id!);
        return listed(resource.select(s.db).where({ [parent.column]: params.id }), query, auth.principal);
      },
    });
  }
  if (list && !list.parentOnly) {
    t.add({
      method: 'get', path: base, tag, access: 'user', summary: list.summary, query: list.query, response: zod.array(def.row),
      handler: ({ auth, query }) => listed(resource.select(s.db), query, auth.principal),
    });
  }
  if (def.create) createRoute(s, t, def, def.create);
  t.add({
    method: 'get', path: `${base}/:id`, tag, access: 'user', summary: `One ${def.noun}`, response: def.row,
    handler: ({ auth, params }) => getRow(s, resource, auth.principal, params.id!),
  });
  const update = def.update;
  if (update) {
    t.add({
      method: 'patch', path: `${base}/:id`, tag, access: 'user', summary: update.summary, body: update.body, response: def.row,
      handler: async (input) => {
        const { auth, params, body, ifMatch } = input;
        const changes = update.changes?.(body);
        if (!update.patch && !update.check) return updateRow(s, resource, auth.principal, params.id!, body as Values, { ifMatch, changes });
        const row = await updateRow(
          s,
          resource,
          auth.principal,
          params.id!,
          async (before, trx) => {
            const patch = update.patch ? await update.patch(body, before, input as Input, trx) : (body as Values);
            await update.check?.(before, patch, trx);
            return patch;
          },
          { ifMatch, changes },
        );
        await update.afterCommit?.(row, input as Input);
        return row;
      },
    });
  }
  const remove = def.remove;
  if (remove) {
    t.add({
      method: 'delete', path: `${base}/:id`, tag, access: 'user', status: 204, summary: remove.summary,
      handler: ({ auth, params, ifMatch }) =>
        deleteRow(s, resource, auth.principal, params.id!, { ifMatch, ...(remove.beforeDelete ? { beforeDelete: remove.beforeDelete } : {}) }),
    });
  }
}

function createRoute<Raw extends StoredRow & PolicyRows[P], Row, P extends PolicyResource, CB, UB>(
  s: Services,
  t: RouteTable,
  def: StandardRoutes<Raw, Row, P, CB, UB>,
  create: CreateRoute<P, CB>,
): void {
  const { resource, parent, noun } = def;
  const refusal = create.refusal ?? `You may not add ${noun}s`;
  const insert = async (body: CB, input: Input, parentRow: Values | undefined) => {
    const p = input.auth.principal;
    const values = await create.values(body, input, parentRow);
    if (!can(p, 'create', resource.policy, values)) throw forbidden(refusal);
    const kept: Values = create.stored ? create.stored(values) : { ...values };
    const row: Values = parent ? { ...kept, [parent.column]: input.params.id } : kept;
    await create.check?.(row, input);
    const prepare = create.prepare;
    const created = !prepare
      ? await createRow(s, resource, row)
      : await s.db.transaction(async (trx) => {
          const inserted = await createRow(s, resource, await prepare(row, input, trx), { trx });
          await create.afterInsert?.(inserted, input, trx);
          return inserted;
        });
    await create.afterCommit?.(created, input);
    return created;
  };
  // Before anything else: the parent (404 when the caller may not read it), then the right to create any such row.
  const allowed = async ({ auth, params }: Input): Promise<Values | undefined> => {
    const parentRow = parent ? ((await getRow(s, parent.resource, auth.principal, params.id!)) as Values) : undefined;
    if (!can(auth.principal, 'create', resource.policy)) throw forbidden(refusal);
    return parentRow;
  };
  const path = parent?.path ?? def.base;
  const many = create.many;
  if (!many) {
    t.add({
      method: 'post', path, tag: def.tag, access: 'user', status: 201, summary: create.summary, body: create.body, response: def.row,
      handler: async (input) => insert(input.body, input as Input, await allowed(input as Input)),
    });
    return;
  }
  t.add({
    method: 'post', path, tag: def.tag, access: 'user', status: 201, summary: create.summary,
    bodyDoc: zod.union([create.body, many.body]), response: zod.union([def.row, zod.array(def.row)]),
    handler: async (input) => {
      const parentRow = await allowed(input as Input);
      const body = input.ctx.request.body === undefined ? {} : input.ctx.request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw fieldError('body', `The request body must be a JSON object: one ${noun}, or {"rows": [...]}`);
      }
      if (!('rows' in body)) return insert(parseOrThrow(create.body, body), input as Input, parentRow);
      return many.write(input.auth.principal, parseOrThrow(many.body, body).rows);
    },
  });
}
