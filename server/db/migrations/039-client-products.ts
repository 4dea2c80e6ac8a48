import type { Kysely } from 'kysely';
import { addScreenButtons } from '../seed/screen-buttons.js';

/**
 * Client products' stock thresholds (issue 27 item 3): one row per product that has its own
 * (add/warning/one) and one per tenant with `product_id` '0', the default every other product
 * takes (client-product-warning-set). The product screen's new button (product_enable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_client_product_warning')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    // '0': the tenant's default.
    .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
    // Unused codes below which the product is marked; null: none (the default applies).
    .addColumn('stock_warn', 'integer')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('blade_client_product_warning_of')
    .on('blade_client_product_warning')
    .columns(['tenant_id', 'product_id'])
    .unique()
    .execute();
  // The forbidden days of one product (the day index of 037 leads with the day).
  await db.schema
    .createIndex('blade_forbidden_sale_day_product')
    .on('blade_forbidden_sale_day')
    .columns(['tenant_id', 'product_id', 'sale_day'])
    .execute();
  await addScreenButtons(db, 'product');
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
