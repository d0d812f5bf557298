import type { Knex } from 'knex';

/**
 * Uploaded files in the database, so every process on one PostgreSQL serves every upload
 * (docs/adr/0025). Content-addressed: a blob is its bytes' SHA-256, stored as ordered chunks so
 * neither a write nor a read holds a whole file; a key names a blob.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('storage_blobs', (t) => {
    t.uuid('id').primary();
    // Null while the blob is being written (inside its transaction); unique once it is whole.
    t.text('sha256').nullable().unique();
    t.bigInteger('size').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('storage_blob_chunks', (t) => {
    t.uuid('blob_id').notNullable().references('id').inTable('storage_blobs').onDelete('CASCADE');
    t.integer('n').notNullable();
    t.binary('data').notNullable();
    t.primary(['blob_id', 'n']);
  });
  // Images are compressed already: storing chunks out of line without trying to compress them
  // again saves a futile compression pass on every write and a decompression check on every read.
  await knex.raw('ALTER TABLE storage_blob_chunks ALTER COLUMN data SET STORAGE EXTERNAL');
  await knex.schema.createTable('storage_files', (t) => {
    t.text('key').primary();
    t.uuid('blob_id').notNullable().references('id').inTable('storage_blobs');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('storage_files');
  await knex.schema.dropTableIfExists('storage_blob_chunks');
  await knex.schema.dropTableIfExists('storage_blobs');
}
