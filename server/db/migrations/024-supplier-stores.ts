import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Supplier stores and store groups (issue 17 item 3, domain.md "sup-store and store group"),
 * portable between SQLite and PostgreSQL:
 * - `blade_sup_store`: one store of a supplier. `status` is the enable flag; the region is the
 *   three codes of blade_region (province, city, district); `good_ids` are the goods it accepts
 *   (comma-joined ids of blade_sup_good, empty = every good of its supplier); `repeat_flag` 1
 *   marks a store kept beside another with the same code (an import answered "exclusive").
 *   The store code is unique per supplier among live rows that are not repeats (checked by the
 *   server, not an index: an exclusive import keeps both).
 * - `blade_sup_store_group` and `blade_sup_store_group_rel`: groups and the stores they hold.
 * - `blade_sup_store_repeat`: rows of an import whose store code already exists, waiting for the
 *   user's choice (merge: update the existing store; exclusive: keep both, the new one marked).
 */
type Builder = CreateTableBuilder<string, never>;

function audited(t: Builder): Builder {
  return t
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await audited(
    s
      .createTable('blade_sup_store')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('store_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('store_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('province_code', 'varchar(12)')
      .addColumn('city_code', 'varchar(12)')
      .addColumn('district_code', 'varchar(12)')
      .addColumn('address', 'varchar(255)')
      .addColumn('phone', 'varchar(32)')
      .addColumn('good_ids', 'varchar(4000)')
      .addColumn('repeat_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  // The list's usual filters, led by tenant and is_deleted (ARCHITECTURE.md, Database).
  await s
    .createIndex('blade_sup_store_code')
    .on('blade_sup_store')
    .columns(['tenant_id', 'is_deleted', 'sup_id', 'store_code'])
    .execute();
  await s
    .createIndex('blade_sup_store_region')
    .on('blade_sup_store')
    .columns(['tenant_id', 'is_deleted', 'province_code', 'city_code', 'district_code'])
    .execute();

  await audited(
    s
      .createTable('blade_sup_store_group')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('group_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  await s
    .createIndex('blade_sup_store_group_name')
    .on('blade_sup_store_group')
    .columns(['tenant_id', 'is_deleted', 'group_name'])
    .execute();

  await s
    .createTable('blade_sup_store_group_rel')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('store_id', 'varchar(32)', (c) => c.notNull())
    .execute();
  await s
    .createIndex('blade_sup_store_group_rel_pair')
    .on('blade_sup_store_group_rel')
    .columns(['group_id', 'store_id'])
    .unique()
    .execute();
  await s
    .createIndex('blade_sup_store_group_rel_store')
    .on('blade_sup_store_group_rel')
    .columns(['tenant_id', 'store_id'])
    .execute();

  await s
    .createTable('blade_sup_store_repeat')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('import_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('store_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('choice', 'varchar(16)')
    .addColumn('applied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await s
    .createIndex('blade_sup_store_repeat_import')
    .on('blade_sup_store_repeat')
    .columns(['tenant_id', 'import_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_sup_store_repeat').execute();
  await db.schema.dropTable('blade_sup_store_group_rel').execute();
  await db.schema.dropTable('blade_sup_store_group').execute();
  await db.schema.dropTable('blade_sup_store').execute();
}
