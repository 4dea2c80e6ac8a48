import { sql, type Kysely } from 'kysely';

/**
 * Which order holds which code (issue 24, domain.md "coupon code": a code goes to one order,
 * ever, unless that order refunded it). `blade_sup_coupon_code.order_id` says who holds a code
 * now; this table says which codes each order was given and which of them its refunds returned,
 * and its partial unique index makes the promise a fact of the database: a code has at most one
 * row without a `return_order_id`, so a second order cannot take a code the first still holds,
 * whatever path the code took (both databases support partial indexes).
 *
 * Existing databases are back-filled from the codes' `order_id` (and the refund that returned
 * each code, from its recovery record).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_sup_order_code')
    .addColumn('code_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('issue_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('return_order_id', 'varchar(32)')
    .addColumn('return_time', 'varchar(19)')
    .addPrimaryKeyConstraint('blade_sup_order_code_pk', ['code_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('blade_sup_order_code_held')
    .unique()
    .on('blade_sup_order_code')
    .column('code_id')
    .where(sql.ref('return_order_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('blade_sup_order_code_order')
    .on('blade_sup_order_code')
    .columns(['tenant_id', 'order_id'])
    .execute();
  await sql`
    insert into blade_sup_order_code
      (code_id, order_id, tenant_id, issue_time, return_order_id, return_time)
    select c.id, c.order_id, c.tenant_id, coalesce(c.issue_time, c.create_time, ''),
      r.return_order_id, r.create_time
    from blade_sup_coupon_code c
    left join blade_sup_coupon_code_recovery r on r.id = (
      select max(r2.id) from blade_sup_coupon_code_recovery r2
      where r2.code_id = c.id and r2.order_id = c.order_id and r2.return_order_id is not null)
    where c.order_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_sup_order_code').execute();
}
