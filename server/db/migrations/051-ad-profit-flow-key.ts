import type { Kysely } from 'kysely';

/**
 * One profit flow row per flow master, plan, position, lot and day (issue 28 item 3): the
 * delivery events' roll-up adds a batch's revenue to that row by upsert and recomputes the share
 * from the day's summed revenue, so two processes rolling disjoint batches end with one exact row.
 * The roll-up writes '' for "no lot" (a NULL would never conflict).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('blade_ad_profit_flow_key')
    .on('blade_ad_profit_flow')
    .columns(['tenant_id', 'flow_master_id', 'plan_id', 'position_id', 'lot_id', 'flow_date'])
    .unique()
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
