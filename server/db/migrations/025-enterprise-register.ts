import type { Kysely } from 'kysely';

/**
 * Enterprise registration (issue 17 item 5, domain.md "enterprise-register"), portable between
 * SQLite and PostgreSQL: `blade_sup_enterprise_register`, one supplier's sign-up application in
 * the operator tenant it applied to. `state` is 'pending', 'approved' or 'rejected';
 * an approved one names the supplier it became (`sup_id`), a rejected one its reason.
 * `status` and `version` are the usual audit columns (optimistic locking of the review).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('blade_sup_enterprise_register')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('contact_phone', 'varchar(512)', (c) => c.notNull())
    .addColumn('email', 'varchar(100)', (c) => c.notNull())
    .addColumn('supply_type', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('sup_id', 'varchar(32)')
    .addColumn('audit_user', 'varchar(32)')
    .addColumn('audit_time', 'varchar(19)')
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The review list: newest first, by state; and the name and credit code look-ups.
  await s
    .createIndex('blade_sup_enterprise_register_list')
    .on('blade_sup_enterprise_register')
    .columns(['tenant_id', 'is_deleted', 'state', 'create_time'])
    .execute();
  await s
    .createIndex('blade_sup_enterprise_register_credit')
    .on('blade_sup_enterprise_register')
    .columns(['tenant_id', 'credit_code', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_sup_enterprise_register').execute();
}
