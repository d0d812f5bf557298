import { can } from '@cadence/core';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { createRow, deleteRow, getRow, listRows, page, updateRow, type Patch, type Resource } from '../data/crud';
import { forbidden } from '../errors';
import type { HandlerInput, RouteTable } from '../http/route';
import type { Services } from '../services';

type Query = { limit?: number | undefined; offset?: number | undefined } & Record<string, unknown>;

/**
 * The five routes most resources share (list, get, create, update, delete), each guarded by
 * core's `can()` for the resource's `policy`. Anything particular goes through the hooks.
 */
export interface StandardRoutes<Raw extends { id: string; version: number }, Row> {
  base: string;
  tag: string;
  /** 'publication' — used in summaries. */
  noun: string;
  resource: Resource<Raw, Row>;
  row: z.ZodType;
  list: { summary: string; query: z.ZodType<Query>; orderBy: Array<{ column: string; order?: 'asc' | 'desc' }>; filter?: (q: Knex.QueryBuilder, query: Query) => void };
  create?: {
    summary: string;
    body: z.ZodType<Record<string, unknown>>;
    /** Extra checks or values before the insert; returns the values to insert. */
    values?: (body: Record<string, unknown>, input: HandlerInput<unknown, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>;
  };
  update?: { summary: string; body: z.ZodType<Record<string, unknown>>; patch?: (body: Record<string, unknown>) => Patch<Raw> };
  remove?: { summary: string; beforeDelete?: (trx: Knex, row: Raw) => Promise<void> };
}

export function standardRoutes<Raw extends { id: string; version: number }, Row>(s: Services, t: RouteTable, def: StandardRoutes<Raw, Row>): void {
  const { base, tag, resource } = def;
  t.add({
    method: 'get', path: base, tag, access: 'user', summary: def.list.summary, query: def.list.query, response: zod.array(def.row),
    handler: ({ auth, query }) => {
      const q = resource.select(s.db).orderBy(def.list.orderBy);
      def.list.filter?.(q, query);
      return listRows(resource, auth.principal, page(q, query));
    },
  });
  t.add({
    method: 'get', path: `${base}/:id`, tag, access: 'user', summary: `One ${def.noun}`, response: def.row,
    handler: ({ auth, params }) => getRow(s, resource, auth.principal, params.id!),
  });
  const create = def.create;
  if (create) {
    t.add({
      method: 'post', path: base, tag, access: 'user', status: 201, summary: create.summary, body: create.body, response: def.row,
      handler: async (input) => {
        if (!can(input.auth.principal, 'create', resource.policy)) throw forbidden(`You may not add ${def.noun}s`);
        const values = create.values ? await create.values(input.body, input as HandlerInput<unknown, unknown>) : input.body;
        return createRow(s, resource, { ...values, created_by: input.auth.principal.userId });
      },
    });
  }
  const update = def.update;
  if (update) {
    t.add({
      method: 'patch', path: `${base}/:id`, tag, access: 'user', summary: update.summary, body: update.body, response: def.row,
      handler: ({ auth, params, body, ifMatch }) =>
        updateRow(s, resource, auth.principal, params.id!, update.patch ? update.patch(body) : body, { ifMatch }),
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
