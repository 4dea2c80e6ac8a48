import type { Kysely } from 'kysely';

/**
 * Personalisation and platform configuration (issue 6 part 4), one row per tenant (and per
 * platform). Portable between SQLite and PostgreSQL like 001: text ids, text dates, integer
 * flags. `config` is the platform's JSON object as text (src/contracts/platform-settings.ts
 * declares its fields); `version` is the optimistic lock of the configuration screens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('blade_personalise')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('system_color', 'varchar(7)', (c) => c.notNull().defaultTo(''))
    .addColumn('side_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('small_window_logo_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('navigation_bar_logo_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await s
    .createIndex('blade_personalise_tenant')
    .on('blade_personalise')
    .column('tenant_id')
    .unique()
    .execute();

  await s
    .createTable('blade_platform_setting')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('platform', 'varchar(32)', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .createIndex('blade_platform_setting_tenant')
    .on('blade_platform_setting')
    .columns(['tenant_id', 'platform'])
    .unique()
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
