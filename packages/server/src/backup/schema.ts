import type { Knex } from 'knex';
import { STORAGE_TABLES } from '../storage/postgres';

/**
 * What a backup copies, read from the database itself rather than a list in code, so a backup
 * keeps working whatever tables later migrations add, rename or drop (docs/adr/0025).
 */
type Q = Knex | Knex.Transaction;

/** Knex's own bookkeeping is rebuilt by running the migrations; stored files travel as files. */
const NOT_ROWS = new Set(['knex_migrations', 'knex_migrations_lock', ...STORAGE_TABLES]);

/**
 * Tables a migration fills itself (one row of state), present in a database with no data yet: each
 * with the SQL test that its rows are still as the migration left them. The change log's state
 * always is; the working week is, until an administrator sets another weekend.
 */
export const SEEDED_BY_MIGRATIONS: ReadonlyMap<string, string> = new Map([
  ['changes_meta', 'true'],
  ['working_week', "weekend = '{5,6}'"],
]);

/**
 * The feed's per-row bookkeeping that names transactions (docs/adr/0023, 0034): not data, never
 * backed up; a restore leaves it 0 (or empty).
 */
export const FEED_STAMPS: readonly string[] = ['change_xid', 'created_xid', 'counted_before'];

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rows<T>(db: Q, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  const result = await db.raw(sql, bindings as Knex.RawBinding[]);
  return result.rows as T[];
}

/** Ordinary tables of the public schema that hold rows worth keeping, by name. */
export async function dataTables(db: Q): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return found.map((t) => t.name).filter((t) => !NOT_ROWS.has(t));
}

/** Columns in table order; generated columns are computed again, never written. */
export async function columns(db: Q, table: string): Promise<Array<{ name: string; generated: boolean }>> {
  const found = await rows<{ name: string; is_generated: string }>(
    db,
    `SELECT column_name AS name, is_generated FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position`,
    [table],
  );
  return found.map((c) => ({ name: c.name, generated: c.is_generated === 'ALWAYS' }));
}

/** The primary key's columns (rows are written in this order, so equal databases give equal backups). */
export async function primaryKey(db: Q, table: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = ?::regclass AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [`public.${quoteIdent(table)}`],
  );
  return found.map((c) => c.name);
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** Foreign keys whose table is one of `tables`, with their definitions to add them back. */
export async function foreignKeys(db: Q, tables: string[]): Promise<ForeignKey[]> {
  const found = await rows<ForeignKey>(
    db,
    `SELECT c.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace
      ORDER BY c.relname, k.conname`,
  );
  return found.filter((k) => tables.includes(k.table));
}

/** Sequences behind serial and identity columns, with the column they number. */
export async function sequences(db: Q, tables: string[]): Promise<Array<{ table: string; column: string; sequence: string }>> {
  const found = await rows<{ table: string; column: string; sequence: string | null }>(
    db,
    `SELECT table_name AS "table", column_name AS "column",
            pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
       FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  return found.filter((s): s is { table: string; column: string; sequence: string } => !!s.sequence && tables.includes(s.table));
}

export async function appliedMigrations(db: Q): Promise<string[]> {
  if (!(await db.schema.hasTable('knex_migrations'))) return [];
  const found = await db('knex_migrations').orderBy('id').select('name');
  return found.map((m: { name: string }) => m.name);
}
