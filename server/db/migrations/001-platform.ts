import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The platform tables (auth, tenancy, menus, users, roles, dictionaries, parameters).
 * Portable between SQLite and PostgreSQL: text ids, text dates, integer flags, bigint epochs.
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

  await audit(
    id(s.createTable('blade_tenant'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('tenant_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('domain', 'varchar(255)')
      .addColumn('background_url', 'varchar(1000)')
      .addColumn('linkman', 'varchar(50)')
      .addColumn('contact_number', 'varchar(30)')
      .addColumn('address', 'varchar(255)')
      .addColumn('account_number', 'integer', (c) => c.notNull().defaultTo(-1))
      .addColumn('expire_time', 'varchar(19)')
      .addColumn('package_id', 'varchar(32)')
      .addColumn('datasource_id', 'varchar(32)'),
  ).execute();
  await s.createIndex('blade_tenant_tenant_id').on('blade_tenant').column('tenant_id').execute();

  await audit(
    id(s.createTable('blade_tenant_package'))
      .addColumn('package_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('menu_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(255)'),
  ).execute();

  await audit(
    id(s.createTable('blade_client'))
      .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('client_secret', 'varchar(255)', (c) => c.notNull())
      .addColumn('scope', 'varchar(255)', (c) => c.notNull().defaultTo('all'))
      .addColumn('authorized_grant_types', 'varchar(255)', (c) => c.notNull())
      .addColumn('access_token_validity', 'integer', (c) => c.notNull())
      .addColumn('refresh_token_validity', 'integer', (c) => c.notNull())
      .addColumn('web_server_redirect_uri', 'varchar(255)')
      .addColumn('additional_information', 'varchar(4000)'),
  ).execute();

  await audit(
    id(s.createTable('blade_user'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('code', 'varchar(32)')
      .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('account', 'varchar(45)', (c) => c.notNull())
      .addColumn('password', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(50)')
      .addColumn('real_name', 'varchar(50)')
      .addColumn('avatar', 'varchar(2000)')
      .addColumn('email', 'varchar(100)')
      .addColumn('phone', 'varchar(45)')
      .addColumn('birthday', 'varchar(19)')
      .addColumn('sex', 'integer')
      .addColumn('role_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('dept_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('post_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('user_ext', 'text')
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await s
    .createIndex('blade_user_tenant_account')
    .on('blade_user')
    .columns(['tenant_id', 'account'])
    .execute();

  await id(s.createTable('blade_role'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('role_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_alias', 'varchar(50)', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await id(s.createTable('blade_role_menu'))
    .addColumn('menu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .execute();
  await s.createIndex('blade_role_menu_role').on('blade_role_menu').column('role_id').execute();

  await id(s.createTable('blade_role_scope'))
    .addColumn('scope_category', 'integer', (c) => c.notNull())
    .addColumn('scope_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .execute();
  await s.createIndex('blade_role_scope_role').on('blade_role_scope').column('role_id').execute();

  await id(s.createTable('blade_menu'))
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('alias', 'varchar(50)', (c) => c.notNull().defaultTo('menu'))
    .addColumn('path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(255)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('blade_menu_parent').on('blade_menu').column('parent_id').execute();

  await audit(
    id(s.createTable('blade_top_menu'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('code', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('path', 'varchar(500)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await id(s.createTable('blade_top_menu_setting'))
    .addColumn('top_menu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('menu_id', 'varchar(32)', (c) => c.notNull())
    .execute();

  await id(s.createTable('blade_dept'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('ancestors', 'varchar(2000)', (c) => c.notNull().defaultTo('0'))
    .addColumn('dept_category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dept_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(128)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .createIndex('blade_dept_tenant_parent')
    .on('blade_dept')
    .columns(['tenant_id', 'parent_id'])
    .execute();

  await audit(
    id(s.createTable('blade_post'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull().defaultTo(4))
      .addColumn('post_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('post_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)'),
  ).execute();

  for (const table of ['blade_dict', 'blade_dict_biz']) {
    let t = id(s.createTable(table));
    if (table === 'blade_dict_biz') t = t.addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
    await t
      .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
      .addColumn('code', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_key', 'varchar(100)', (c) => c.notNull().defaultTo('-1'))
      .addColumn('dict_value', 'varchar(255)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(255)')
      .addColumn('is_sealed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await s.createIndex(`${table}_code`).on(table).columns(['code', 'parent_id']).execute();
  }

  await audit(
    id(s.createTable('blade_param'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('param_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('param_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('param_value', 'varchar(2000)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await audit(
    id(s.createTable('blade_scope_data'))
      .addColumn('menu_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('resource_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('scope_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('scope_field', 'varchar(255)', (c) => c.notNull().defaultTo('*'))
      .addColumn('scope_class', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('scope_column', 'varchar(100)', (c) => c.notNull().defaultTo('create_dept'))
      .addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('scope_value', 'varchar(2000)')
      .addColumn('remark', 'varchar(255)'),
  ).execute();

  await audit(
    id(s.createTable('blade_scope_api'))
      .addColumn('menu_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('resource_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('scope_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('scope_path', 'varchar(500)', (c) => c.notNull())
      .addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(255)'),
  ).execute();

  await id(s.createTable('auth_session'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(1000)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(1000)', (c) => c.notNull())
    .addColumn('refresh_jti', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'varchar(64)')
    .execute();
  await s.createIndex('auth_session_user').on('auth_session').column('user_id').execute();

  await s
    .createTable('auth_login_failure')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('account', 'varchar(45)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('auth_login_failure_pk', ['tenant_id', 'account'])
    .execute();

  await s
    .createTable('auth_captcha')
    .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(s.createTable('blade_client_log'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text', (c) => c.notNull())
    .addColumn('info', 'text', (c) => c.notNull())
    .addColumn('time', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The platform migration is not reversible');
}
