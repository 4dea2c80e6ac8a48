import { sql, type Kysely } from 'kysely';
import { nextId } from '../../lib/ids.js';

/**
 * Excel imports (server/lib/import): one row per uploaded file. `file_hash` (sha256 of the
 * bytes) makes a re-upload of a file already imported successfully a no-op: the partial unique
 * index admits one successful import per tenant, type and file, so two racing uploads of the
 * same file cannot both write.
 *
 * Also gives existing databases the users screen's import button (`user_import`, seeded by
 * menu-tree.ts on new ones), granted to every role that may already create users. On an empty
 * database the menu table is still empty here and the seed does it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_import')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('import_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_file', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blade_import_success')
    .on('blade_import')
    .columns(['tenant_id', 'import_type', 'file_hash'])
    .unique()
    .where(sql.ref('status'), '=', 'success')
    .execute();
  await db.schema
    .createIndex('blade_import_owner')
    .on('blade_import')
    .columns(['tenant_id', 'user_id'])
    .execute();

  const { rows: menus } = await sql<{ id: string }>`
    select id from blade_menu where code = 'user' and category = 1 and is_deleted = 0
  `.execute(db);
  const screen = menus[0];
  if (!screen) return;
  const { rows: existing } = await sql<{ id: string }>`
    select id from blade_menu where code = 'user_import'
  `.execute(db);
  if (existing.length > 0) return;
  const buttonId = nextId();
  await sql`
    insert into blade_menu (id, parent_id, code, name, name_en, alias, path, source, sort,
      category, action, is_open, remark, is_deleted)
    values (${buttonId}, ${screen.id}, 'user_import', '导入', 'Import', 'import', '', '', 10,
      2, 1, 1, null, 0)
  `.execute(db);
  // Rows come back camelCased through the app's CamelCasePlugin (role_id -> roleId).
  const { rows: roles } = await sql<Record<string, string>>`
    select distinct rm.role_id from blade_role_menu rm
    join blade_menu m on m.id = rm.menu_id
    where m.code = 'user_add'
  `.execute(db);
  for (const role of roles) {
    const roleId = role.roleId ?? role.role_id;
    await sql`
      insert into blade_role_menu (id, menu_id, role_id) values (${nextId()}, ${buttonId}, ${roleId})
    `.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
