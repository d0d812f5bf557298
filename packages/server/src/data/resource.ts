import { ENTITIES, type EntityName, type EntityPolicy, type PolicyResource, type PolicyRows } from '@cadence/core';
import type { Knex } from 'knex';

/** Every editable row carries these (docs/architecture.md#versions). */
export interface StoredRow {
  id: string;
  version: number;
}

/**
 * How one table is read, shown and guarded: what data/crud.ts needs to serve it, the realtime feed
 * to present its changes and the history log to judge its entries. `Raw` is the row as `select`
 * reads it, which is what core's `can()` judges for `policy`, so a rule that reads a field the
 * row lacks is a type error; `Row` is the row as the API shows it.
 */
export interface Resource<Raw extends StoredRow & PolicyRows[P], Row, P extends PolicyResource = PolicyResource> {
  /** Its entity in core's table (docs/architecture.md#entities): its realtime topic. */
  entity: EntityName;
  table: string;
  /** The id column as the select names it, when the table is aliased there. */
  idColumn?: string;
  label: string;
  /** The base query for one row or a list, with any joins the presented row needs. */
  select(db: Knex): Knex.QueryBuilder;
  /**
   * `select` reads the table's own columns only, so `INSERT … RETURNING *` is the row, and
   * `present` only formats timestamps (as the realtime hub does for logged rows): a create is
   * then one statement (createRow).
   */
  selectIsTable?: boolean;
  // A property, not a method: its parameter is checked strictly, never bivariantly.
  present: (raw: Raw) => Row;
  /**
   * For rows as the table keeps them (a delete's row kept by the history, a tombstone in the feed):
   * the same rows with the fields the policy's rule reads from elsewhere (a task's campaign, as it
   * is now or as its delete kept it). Left out where the table's own row is what the rule reads.
   */
  withRuleFields?: (db: Knex, rows: ReadonlyArray<Record<string, unknown>>) => Promise<Array<Record<string, unknown>>>;
  /**
   * Rows a write of row `id` locks before the row itself, in the order every writer takes them: a
   * task's campaign, which its summary trigger updates and whose delete deletes the task, so a task
   * write and the campaign's delete wait for each other instead of deadlocking.
   */
  lockBefore?: (trx: Knex, id: string) => Promise<void>;
  /**
   * Presented values as the table takes them, where a JSON column holds an array (a template's
   * roles and tasks, docs/adr/0054): a revert writes an entry's values back through it. Left out,
   * objects go as JSON text and arrays as SQL arrays.
   */
  toColumns?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** What core's `can()` calls this table's rows, from the entity table; every check asks it. */
  policy: P;
}

/** Any resource, where the row types do not matter (the feed's and the history's lookups). */
export type AnyResource = Resource<any, unknown, PolicyResource>;

/**
 * A resource of entity `entity`, its policy resource taken from core's entity table. The row
 * types come from `present`'s parameter and result; `Raw` must be a row that policy's rule reads.
 */
export function defineResource<N extends EntityName, Raw extends StoredRow & PolicyRows[EntityPolicy<N>], Row>(
  entity: N,
  def: Omit<Resource<Raw, Row, EntityPolicy<N>>, 'entity' | 'policy'>,
): Resource<Raw, Row, EntityPolicy<N>> & { entity: N } {
  return { ...def, entity, policy: ENTITIES[entity].policy };
}

/** Rows as the table keeps them, as the resource's rule reads them (Resource.withRuleFields). */
export async function asJudged(r: AnyResource, db: Knex, rows: ReadonlyArray<Record<string, unknown>>): Promise<Array<Record<string, unknown>>> {
  return r.withRuleFields && rows.length ? r.withRuleFields(db, rows) : [...rows];
}
