import type { Kysely } from 'kysely';

/**
 * One-time download tickets of quota-change vouchers (issue 18 item 4, all-balance-record
 * get-file): the SHA-256 of the ticket, whose attachment, for whom, until when (epoch seconds),
 * and when it was spent. Like the export centre's tickets: the ticket is the credential, no
 * session token travels in the address, and it opens the file once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_sup_file_ticket')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('attach_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('blade_sup_file_ticket_expiry')
    .on('blade_sup_file_ticket')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_sup_file_ticket').execute();
}
