import type { Kysely } from 'kysely';

/**
 * The invoice remarks of the project report (issue 18 item 5): one per tenant, supplier and
 * month ('yyyy-MM'), set by sup-order-report/remarkInvoice and removed by remarkClear. The
 * report rows themselves are computed from the orders and refunds, never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_sup_order_report_remark')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('blade_sup_order_report_remark_key')
    .on('blade_sup_order_report_remark')
    .columns(['tenant_id', 'sup_id', 'month'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_sup_order_report_remark').execute();
}
