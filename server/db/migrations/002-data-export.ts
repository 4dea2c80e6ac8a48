import type { Kysely } from 'kysely';

/** Export centre tasks (spec section 3: id, sourceFileName, createTime, expireTime, status, fileUrl). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_data_export')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('excel_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_path', 'varchar(1000)')
    .addColumn('error_message', 'varchar(1000)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('expire_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('blade_data_export_owner')
    .on('blade_data_export')
    .columns(['tenant_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
