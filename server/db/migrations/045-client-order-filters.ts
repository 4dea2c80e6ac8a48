import type { Kysely } from 'kysely';

/**
 * The client order list filtered by app and state (the operators' usual view, issue 27 bench:
 * p95 at 1M orders): an index that answers the filter, the live-row condition and the order,
 * so the page and its count read the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('blade_client_order_app_state')
    .on('blade_client_product_order')
    .columns(['tenant_id', 'app_id', 'state', 'is_deleted', 'create_time'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
