import { sql, type Kysely } from 'kysely';

/**
 * The prepay screens (issue 27 item 2). The ledger blade_prepay_record is append-only and has no
 * audit columns (migration 037); the resource engine serves tables that have them (id, tenant,
 * audit, status, logic delete). `blade_prepay_record_view` is the ledger as such a table, read
 * only: the engine's columns are constants (never deleted, written by the ledger's caller), so
 * the three prepay-order lists are declared instead of hand-written. It reads the ledger's
 * (tenant, change_type, create_time) and (tenant, app, create_time) indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view blade_prepay_record_view as
    select id, tenant_id, app_id, client_id, change_type, amount, balance_after, reason,
      source_id, source_no, attach_id, file_name, create_user, create_time,
      cast(null as varchar(32)) as create_dept,
      cast(null as varchar(32)) as update_user,
      cast(null as varchar(19)) as update_time,
      1 as status,
      0 as is_deleted
    from blade_prepay_record`.execute(db);
  await db.schema
    .createIndex('blade_psclient_app_prepay_list')
    .on('blade_psclient_app_prepay')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view blade_prepay_record_view`.execute(db);
  await db.schema.dropIndex('blade_psclient_app_prepay_list').execute();
}
