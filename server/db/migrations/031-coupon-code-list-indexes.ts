import type { Kysely } from 'kysely';

/**
 * Coupon code lists narrowed to one good (with or without a state) or one batch read their page
 * in the list's order (newest first) from an index instead of sorting every matching code (1M
 * codes, one good's unused codes: p95 309 ms before); the batch refresh of verification status
 * finds a supplier's issued codes by issue time without a good.
 */
const INDEXES: [name: string, columns: string[]][] = [
  ['blade_sup_code_good_list', ['tenant_id', 'good_id', 'is_deleted', 'create_time', 'id']],
  [
    'blade_sup_code_good_state_list',
    ['tenant_id', 'good_id', 'state', 'is_deleted', 'create_time', 'id'],
  ],
  ['blade_sup_code_batch_list', ['tenant_id', 'batch_id', 'is_deleted', 'create_time', 'id']],
  ['blade_sup_code_sup_issued', ['tenant_id', 'sup_id', 'state', 'issue_time']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES)
    await db.schema.createIndex(name).on('blade_sup_coupon_code').columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
