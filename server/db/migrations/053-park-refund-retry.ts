import { sql, type Kysely } from 'kysely';

/**
 * A bill refund is committed as `requested` before the parking operator is asked (issue 28): the
 * operator's refusal is kept on the refund (`fail_reason`), and the recovery sweep finds the
 * refunds still waiting for an answer by a partial index on that state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blade_park_bill_refund')
    .addColumn('fail_reason', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('blade_park_bill_refund_requested')
    .on('blade_park_bill_refund')
    .column('create_time')
    .where(sql.ref('state'), '=', 'requested')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
