import type { Kysely } from 'kysely';

/**
 * Per-user table layouts (blade-system/table-set). One row per tenant, user and table; the
 * unique constraint is what `save` upserts on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_table_set')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('table_key', 'varchar(100)', (c) => c.notNull())
    // JSON text rather than jsonb: the same column type on SQLite and PostgreSQL, and the server
    // never queries inside it.
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('blade_table_set_owner_key', ['tenant_id', 'user_id', 'table_key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
