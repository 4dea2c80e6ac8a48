import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Supplier goods (issue 17 item 2, domain.md "sup-good"), portable between SQLite and PostgreSQL:
 * - `blade_sup_good`: one good of a supplier. `market_amount` (face value) and `cost_price` are
 *   integer fen (bigint); the discount is derived from them, never stored. `status` is the enable
 *   flag, `on_shelf` 1 on shelf / 0 off. `stock_warn` (unused codes) and `valid_time_warn` (days
 *   before expiry) are the warning thresholds; `interface_good_code` and `sign_method` are the
 *   good-interface-set settings (the supplier-side code and how requests are signed).
 * - `blade_sup_good_sign`: the good interface sign configs: the parameters (name, value, order)
 *   that go into a signed request for the good.
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
      .createTable('blade_sup_good')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('good_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('good_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('market_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cost_price', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_days', 'integer')
      .addColumn('valid_end', 'varchar(19)')
      .addColumn('on_shelf', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock_warn', 'integer')
      .addColumn('valid_time_warn', 'integer')
      .addColumn('interface_good_code', 'varchar(64)')
      .addColumn('sign_method', 'varchar(16)')
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  // The list's default order and its filters, each led by the tenant and is_deleted so that the
  // paged list's count of a filter reads the index alone (ARCHITECTURE.md, Database).
  const index = (name: string, columns: string[]) =>
    s
      .createIndex(name)
      .on('blade_sup_good')
      .columns(['tenant_id', 'is_deleted', ...columns])
      .execute();
  await index('blade_sup_good_list', ['create_time']);
  await index('blade_sup_good_sup', ['sup_id', 'good_code']);
  await index('blade_sup_good_code', ['good_code']);
  await index('blade_sup_good_name', ['good_name']);
  await index('blade_sup_good_state', ['good_type', 'on_shelf', 'status']);
  // The money sorts (a sort by face value or cost reads the index in order, no sort of every row).
  await index('blade_sup_good_market', ['market_amount']);
  await index('blade_sup_good_cost', ['cost_price']);

  await audited(
    s
      .createTable('blade_sup_good_sign')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('param_value', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  await s
    .createIndex('blade_sup_good_sign_good')
    .on('blade_sup_good_sign')
    .columns(['tenant_id', 'good_id', 'is_deleted'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_sup_good_sign').execute();
  await db.schema.dropTable('blade_sup_good').execute();
}
