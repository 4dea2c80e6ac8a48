import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The supplier archive (issue 17, domain.md "sup"), portable between SQLite and PostgreSQL:
 * - `blade_sup`: one supplier of a tenant. `status` is the enable flag (1 enabled, 0 disabled),
 *   `contact_phone` and `interface_secret` are ciphertext (like user phones), `driver` names
 *   the supplier interface that answers for it (`sandbox` or `http`).
 * - `blade_sup_file`: its qualification (`kind` 1) and agreement (`kind` 2) files, by attach id.
 * - `blade_sup_belong`: the tenants that may sell its goods (product-belong-sup).
 * Goods, stores and groups have their own migrations.
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
      .createTable('blade_sup')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('sup_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('sup_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('short_name', 'varchar(50)')
      .addColumn('contact_name', 'varchar(50)')
      .addColumn('contact_phone', 'varchar(512)')
      .addColumn('settlement_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('supply_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('driver', 'varchar(16)', (c) => c.notNull().defaultTo('sandbox'))
      .addColumn('interface_endpoint', 'varchar(500)')
      .addColumn('interface_key', 'varchar(100)')
      .addColumn('interface_secret', 'varchar(1024)')
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  await s
    .createIndex('blade_sup_code')
    .on('blade_sup')
    .columns(['tenant_id', 'sup_code'])
    .execute();
  await s
    .createIndex('blade_sup_name')
    .on('blade_sup')
    .columns(['tenant_id', 'sup_name'])
    .execute();

  await s
    .createTable('blade_sup_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('attach_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createIndex('blade_sup_file_sup')
    .on('blade_sup_file')
    .columns(['tenant_id', 'sup_id', 'kind'])
    .execute();

  await s
    .createTable('blade_sup_belong')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('belong_tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await s
    .createIndex('blade_sup_belong_pair')
    .on('blade_sup_belong')
    .columns(['tenant_id', 'sup_id', 'belong_tenant_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_sup_belong').execute();
  await db.schema.dropTable('blade_sup_file').execute();
  await db.schema.dropTable('blade_sup').execute();
}
