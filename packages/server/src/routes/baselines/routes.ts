import { can, canChangeBaseline, canCompare, canListBaselines, canSaveBaselines, type Baseline } from '@cadence/core';
import { baselineCreateSchema, baselineSchema, baselineUpdateSchema, compareQuerySchema, compareResultSchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { iso } from '../../data/present';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import { comparePlan } from '../../history/as-of';
import type { AuthState } from '../../http/authenticate';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';

// Baselines (docs/adr/0063): named past moments, the team's, and the plan then against the plan
// now. Saved baselines are people's tools, as saved views are: keys are refused outright. A
// comparison is a read of the activity log: whoever may read history may compare.

const TAG = 'Baselines';

interface BaselineRow {
  id: string;
  name: string;
  at: Date | string;
  created_by: string | null;
  created_by_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

const rows = (db: Knex) =>
  db('baselines as b')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .select('b.id', 'b.name', 'b.at', 'b.created_by', 'u.email as created_by_email', 'b.created_at', 'b.updated_at', 'b.version');

const present = (r: BaselineRow): Baseline => ({
  id: r.id,
  name: r.name,
  at: iso(r.at)!,
  created_by: r.created_by,
  created_by_email: r.created_by_email,
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
  version: r.version,
});

/** Saved baselines are people's, as saved views are (core's `canListBaselines` is this question). */
const keysRefused = (auth: AuthState) => {
  if (!can(auth.principal, 'read', 'view')) throw forbidden('Saved baselines belong to people: access keys cannot use them');
};

const nameTaken = (name: string) => {
  const message = `A baseline named “${name}” already exists`;
  return new AppError(409, 'already_exists', message, [{ path: 'name', message }]);
};

/** A unique-index violation on the name (a race the check before lost) answers as the check does. */
async function orNameTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if ((e as { code?: string; constraint?: string }).code === '23505') throw nameTaken(name);
    throw e;
  }
}

export function baselineRoutes(s: Services, t: RouteTable): void {
  const one = async (id: string): Promise<BaselineRow> => {
    const row = await rows(s.db).where('b.id', id).first();
    if (!row) throw notFound('Baseline');
    return row;
  };
  const checkName = async (name: string, except?: string) => {
    const q = s.db('baselines').whereRaw('lower(name) = lower(?)', [name]);
    if (except) q.whereNot('id', except);
    if (await q.first('id')) throw nameTaken(name);
  };

  // Before /api/campaigns/:id would take "compare" for an id (registered ahead of the campaign routes).
  t.add({
    method: 'get', path: '/api/campaigns/compare', tag: TAG, access: 'user',
    summary:
      'The plan at a past moment (at, an ISO date-time) or a saved baseline (baseline, its id) against the plan now, for the campaigns the caller may read ' +
      'whose dates touch from–to then or now: each with its dates then and now (null when it did not exist, or the caller could not read it), ' +
      'moved/added/removed/same and the live date\'s slip in days, and a summary. Rebuilt exactly from the activity log; read-only keys and links are refused (403)',
    query: compareQuerySchema, response: compareResultSchema,
    permit: (auth) => {
      if (!canCompare(auth.principal)) throw forbidden('Comparing with a baseline reads the activity log, which this credential cannot read');
    },
    handler: async ({ auth, query }) => {
      let baseline: Baseline | null = null;
      let at = query.at;
      if (query.baseline) {
        // A key cannot name a saved baseline (they are people's); a person names any of the team's.
        if (!canListBaselines(auth.principal)) throw forbidden('Saved baselines belong to people: access keys cannot use them');
        const row = await rows(s.db).where('b.id', query.baseline).first();
        if (!row) throw fieldError('baseline', 'No such baseline');
        baseline = present(row);
        at = baseline.at;
      }
      const { campaigns, summary } = await comparePlan(s.db, auth.principal, at!, query.from, query.to);
      return { at: new Date(at!).toISOString(), baseline, from: query.from, to: query.to, campaigns, summary };
    },
  });

  t.add({
    method: 'get', path: '/api/baselines', tag: TAG, access: 'user', summary: "The team's saved baselines, newest moment first (people only; keys are refused)",
    response: z.array(baselineSchema), permit: keysRefused,
    handler: async () => ((await rows(s.db).orderBy([{ column: 'b.at', order: 'desc' }, { column: 'b.id', order: 'desc' }])) as BaselineRow[]).map(present),
  });

  t.add({
    method: 'post', path: '/api/baselines', tag: TAG, access: 'user', status: 201,
    summary:
      'Save a baseline: a name (unique, ignoring case: 409 already_exists on name) and a past moment (400 on at when in the future). ' +
      'Administrators and whoever may create campaigns; history pruning keeps what it needs',
    body: baselineCreateSchema, response: baselineSchema, permit: keysRefused,
    handler: async ({ auth, body }) => {
      if (!canSaveBaselines(auth.principal)) throw forbidden('Only administrators and people who create campaigns can save baselines');
      await checkName(body.name);
      const [row] = await orNameTaken(body.name, () => s.db('baselines').insert({ name: body.name, at: body.at, created_by: auth.principal.userId }).returning('id'));
      return present(await one(row.id));
    },
  });

  t.add({
    method: 'patch', path: '/api/baselines/:id', tag: TAG, access: 'user', summary: 'Rename a baseline (its creator or an administrator); its moment stays',
    body: baselineUpdateSchema, response: baselineSchema, permit: keysRefused,
    handler: async ({ auth, params, body }) => {
      const current = await one(params.id!);
      if (!canChangeBaseline(auth.principal, current)) throw forbidden('Only its creator or an administrator can rename this baseline');
      await checkName(body.name, params.id);
      await orNameTaken(body.name, () => s.db('baselines').where({ id: params.id }).update({ name: body.name, version: s.db.raw('version + 1'), updated_at: s.db.fn.now() }));
      return present(await one(params.id!));
    },
  });

  t.add({
    method: 'delete', path: '/api/baselines/:id', tag: TAG, access: 'user', status: 204,
    summary: 'Delete a baseline (its creator or an administrator); history pruning may then remove the entries only it needed',
    permit: keysRefused,
    handler: async ({ auth, params }) => {
      const current = await one(params.id!);
      if (!canChangeBaseline(auth.principal, current)) throw forbidden('Only its creator or an administrator can delete this baseline');
      await s.db('baselines').where({ id: params.id }).delete();
    },
  });
}
