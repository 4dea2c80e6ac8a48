import { sql, type Kysely } from 'kysely';

/**
 * A supplier's code is unique among the live suppliers of its tenant (issue 17 item 1): the
 * submit's check answers 409 naming the field, and this partial unique index holds when two
 * saves race past that check (or a writer skips it). Removed suppliers keep their codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('blade_sup_code_live')
    .on('blade_sup')
    .columns(['tenant_id', 'sup_code'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blade_sup_code_live').execute();
}
