import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * System settings (issue 6 part 4): notices (blade-desk), regions, SMS and object-storage
 * settings and the SMS outbox. `blade_client` exists since 001. Portable between SQLite and
 * PostgreSQL like 001: text ids, text dates, integer flags.
 */
type Builder = CreateTableBuilder<string, never>;

function audit(t: Builder): Builder {
  return t
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

const id = (t: Builder) => t.addColumn('id', 'varchar(32)', (c) => c.primaryKey());

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  // contract.md 4.11 (content is text here: BladeX's 255 characters is too short for a notice).
  await audit(
    id(s.createTable('blade_notice'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('release_time', 'varchar(19)')
      .addColumn('content', 'text'),
  ).execute();
  await s
    .createIndex('blade_notice_tenant')
    .on('blade_notice')
    .columns(['tenant_id', 'release_time'])
    .execute();

  // contract.md 4.10: keyed by code, a global lightweight table (physical delete, no audit).
  await s
    .createTable('blade_region')
    .addColumn('code', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('parent_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('ancestors', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('province_code', 'varchar(12)')
    .addColumn('province_name', 'varchar(32)')
    .addColumn('city_code', 'varchar(12)')
    .addColumn('city_name', 'varchar(32)')
    .addColumn('district_code', 'varchar(12)')
    .addColumn('district_name', 'varchar(32)')
    .addColumn('town_code', 'varchar(12)')
    .addColumn('town_name', 'varchar(32)')
    .addColumn('village_code', 'varchar(12)')
    .addColumn('village_name', 'varchar(32)')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .execute();
  await s.createIndex('blade_region_parent').on('blade_region').column('parent_code').execute();

  // SMS and object-storage settings per tenant. status: 1 off, 2 on (BladeX); at most one row
  // of a tenant is on, which the partial unique index guarantees whatever the callers do.
  await audit(
    id(s.createTable('blade_sms'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('sms_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('template_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('access_key', 'varchar(255)')
      .addColumn('secret_key', 'varchar(255)')
      .addColumn('region_id', 'varchar(64)')
      .addColumn('sign_name', 'varchar(64)')
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await s
    .createIndex('blade_sms_one_enabled')
    .on('blade_sms')
    .column('tenant_id')
    .unique()
    .where(sql.ref('status'), '=', 2)
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await audit(
    id(s.createTable('blade_oss'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('oss_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('endpoint', 'varchar(255)', (c) => c.notNull())
      .addColumn('access_key', 'varchar(255)')
      .addColumn('secret_key', 'varchar(255)')
      .addColumn('bucket_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(64)')
      .addColumn('region', 'varchar(64)')
      .addColumn('remark', 'varchar(255)'),
  ).execute();
  await s
    .createIndex('blade_oss_one_enabled')
    .on('blade_oss')
    .column('tenant_id')
    .unique()
    .where(sql.ref('status'), '=', 2)
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  // The embedded SMS driver's outbox: one row per recipient of every message sent.
  await id(s.createTable('blade_sms_outbox'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('sms_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sms_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sign_name', 'varchar(64)')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await s
    .createIndex('blade_sms_outbox_tenant')
    .on('blade_sms_outbox')
    .columns(['tenant_id', 'create_time'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
