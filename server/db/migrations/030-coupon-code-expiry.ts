import type { Kysely } from 'kysely';

/**
 * The lazy expiry sweep of coupon codes (issue 18 item 2): a tenant's unused codes past their
 * validEnd become `expired`. This index finds them without reading every unused code (the
 * allocation index leads with the good, the state index with the create time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('blade_sup_code_expiry')
    .on('blade_sup_coupon_code')
    .columns(['tenant_id', 'state', 'valid_end'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blade_sup_code_expiry').execute();
}
