import type { Kysely } from 'kysely';

/**
 * Attachments (blade-resource/attach): one row per uploaded file, per tenant. `name` is the
 * object key the server made (`<tenant>/<yyyyMMdd>/<random>.<ext>`); `original_name` is the
 * client's file name, kept for showing and for the download's file name only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_attach')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('file'))
    .addColumn('link', 'varchar(1000)', (c) => c.notNull())
    .addColumn('domain', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('extension', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('attach_size', 'bigint', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('blade_attach_tenant')
    .on('blade_attach')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();
  await db.schema.createIndex('blade_attach_name').on('blade_attach').column('name').execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
