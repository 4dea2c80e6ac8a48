import { sql, type Kysely } from 'kysely';
import { addScreenButtons } from '../seed/screen-buttons.js';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';

/**
 * Client app stock (issue 27 item 6) and the statements' reads (item 8).
 *
 * - blade_client_app_stock: what an operator reserved for an app of one product (a quota): the
 *   remaining quantity, never below 0, moved only by stock/ledger.ts; one live row per app and
 *   product. An app without a row for a product is not limited.
 * - blade_client_app_stock_record: its ledger (append-only, like blade_prepay_record): each change
 *   signed with the quantity after it; `order_id` names the order an 'order' row took for, and
 *   the returns and failures that gave it back, so no order gets back more than it took.
 * - blade_client_app_stock_record_view: the ledger as an engine table, read only (as migration
 *   040 does for the prepay ledger).
 * - The statements read orders per app and time (037's index) and returns per app and time (new).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await createEngineTable(db, 'blade_client_app_stock', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('warn_quantity', 'integer'),
  );
  await liveUniqueIndex(db, 'blade_client_app_stock', ['tenant_id', 'app_id', 'product_id']);
  await s
    .createIndex('blade_client_app_stock_list')
    .on('blade_client_app_stock')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();

  await s
    .createTable('blade_client_app_stock_record')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
    // 'add' | 'deduct' | 'order' | 'return' | 'fail'
    .addColumn('change_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('source_id', 'varchar(32)')
    .addColumn('source_no', 'varchar(40)')
    .addColumn('order_id', 'varchar(32)')
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  const index = (name: string, table: string, columns: string[]) =>
    s.createIndex(name).on(table).columns(columns).execute();
  await index('blade_client_app_stock_record_list', 'blade_client_app_stock_record', [
    'tenant_id',
    'create_time',
  ]);
  await index('blade_client_app_stock_record_of', 'blade_client_app_stock_record', [
    'tenant_id',
    'app_id',
    'product_id',
  ]);
  await index('blade_client_app_stock_record_order', 'blade_client_app_stock_record', ['order_id']);
  await sql`
    create view blade_client_app_stock_record_view as
    select id, tenant_id, app_id, client_id, product_id, change_type, quantity, quantity_after,
      reason, source_id, source_no, order_id, create_user, create_time,
      cast(null as varchar(32)) as create_dept,
      cast(null as varchar(32)) as update_user,
      cast(null as varchar(19)) as update_time,
      1 as status,
      0 as is_deleted
    from blade_client_app_stock_record`.execute(db);

  await index('blade_client_return_app', 'blade_client_return_order', [
    'tenant_id',
    'app_id',
    'create_time',
  ]);
  await addScreenButtons(db, 'app_stock');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view blade_client_app_stock_record_view`.execute(db);
  await db.schema.dropIndex('blade_client_return_app').execute();
  await db.schema.dropTable('blade_client_app_stock_record').execute();
  await db.schema.dropTable('blade_client_app_stock').execute();
}
