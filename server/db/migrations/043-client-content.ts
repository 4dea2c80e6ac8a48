import type { CreateTableBuilder, Kysely } from 'kysely';
import { nextId } from '../../lib/ids.js';
import type { DB } from '../schema.js';
import { MENU_TREE, type SeedMenu } from '../seed/menu-tree.js';
import { addScreenButtons } from '../seed/screen-buttons.js';
import { createEngineTable } from '../table-builder.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's columns
type Builder = CreateTableBuilder<string, any>;

/**
 * Client content and manuscript drafts (issue 27 item 9): blade_client_content (thumbnails as a
 * JSON array of media-stock picture ids), blade_client_draft (state by its lifecycle) and
 * blade_client_draft_thumbnail (a draft's thumbnails, addressed by their own ids).
 *
 * The two screens are new menus (spec.md names no route for them): an existing database gets
 * them as the seed writes them, under 接入方管理, granted to the roles that hold the access
 * parties' archives (/access/archives) and linked to the same top menus; then their buttons
 * (addScreenButtons). On an empty database the seed writes the whole tree: nothing to do.
 */
export async function up(migrationDb: Kysely<unknown>): Promise<void> {
  const article = (t: Builder) =>
    t
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('summary', 'varchar(500)')
      .addColumn('body', 'text')
      .addColumn('link_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
      .addColumn('link_url', 'varchar(1000)')
      .addColumn('client_id', 'varchar(32)')
      .addColumn('product_id', 'varchar(32)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0));
  await createEngineTable(
    migrationDb,
    'blade_client_content',
    { scope: 'tenant', versioned: true },
    (t) =>
      article(t)
        .addColumn('thumbnails', 'varchar(2000)')
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('online')),
  );
  await createEngineTable(
    migrationDb,
    'blade_client_draft',
    { scope: 'tenant', versioned: true },
    (t) =>
      article(t)
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
        .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
        .addColumn('commit_user', 'varchar(32)')
        .addColumn('commit_time', 'varchar(19)'),
  );
  const s = migrationDb.schema;
  await s
    .createTable('blade_client_draft_thumbnail')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('draft_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('pic_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  // The lists: pinned first, then the sort order, newest first; drafts also by state (counts).
  await s
    .createIndex('blade_client_content_list')
    .on('blade_client_content')
    .columns(['tenant_id', 'is_deleted', 'pinned', 'sort', 'create_time'])
    .execute();
  await s
    .createIndex('blade_client_draft_list')
    .on('blade_client_draft')
    .columns(['tenant_id', 'is_deleted', 'pinned', 'sort', 'create_time'])
    .execute();
  await s
    .createIndex('blade_client_draft_state')
    .on('blade_client_draft')
    .columns(['tenant_id', 'is_deleted', 'state'])
    .execute();
  await s
    .createIndex('blade_client_draft_thumbnail_of')
    .on('blade_client_draft_thumbnail')
    .columns(['tenant_id', 'draft_id', 'sort'])
    .execute();
  await addScreens(migrationDb, ['client_content', 'client_draft']);
}

function seedMenu(code: string, nodes: readonly SeedMenu[] = MENU_TREE): SeedMenu | undefined {
  for (const node of nodes) {
    if (node.code === code) return node;
    const found = seedMenu(code, node.children ?? []);
    if (found) return found;
  }
  return undefined;
}

/** The seed's screens `codes` under 接入方管理, as the archives' roles and top menus hold it. */
async function addScreens(migrationDb: Kysely<unknown>, codes: readonly string[]) {
  // Migrations get the app's Kysely (CamelCasePlugin included), typed loosely.
  const db = migrationDb as unknown as Kysely<DB>;
  const menuOf = (code: string) =>
    db
      .selectFrom('bladeMenu')
      .select(['id', 'parentId'])
      .where('code', '=', code)
      .where('category', '=', 1)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  const group = await menuOf('access_manage');
  if (!group) return;
  const archives = await menuOf('client');
  const roles = archives
    ? await db
        .selectFrom('bladeRoleMenu')
        .select('roleId')
        .where('menuId', '=', archives.id)
        .execute()
    : [];
  const topMenus = archives
    ? await db
        .selectFrom('bladeTopMenuSetting')
        .select('topMenuId')
        .where('menuId', '=', archives.id)
        .execute()
    : [];
  const last = await db
    .selectFrom('bladeMenu')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('parentId', '=', group.id)
    .executeTakeFirst();
  let sort = Number(last?.sort ?? 0);
  for (const code of codes) {
    const screen = seedMenu(code);
    if (!screen) throw new Error(`no screen ${code} in the menu tree`);
    const taken = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (taken) continue;
    const id = nextId();
    sort += 1;
    await db
      .insertInto('bladeMenu')
      .values({
        id,
        parentId: group.id,
        code,
        name: screen.zh,
        nameEn: screen.en,
        alias: 'menu',
        path: screen.path,
        source: screen.icon,
        sort,
        category: 1,
        action: 0,
        isOpen: 1,
        remark: null,
        isDeleted: 0,
      })
      .execute();
    for (const { roleId } of roles)
      await db.insertInto('bladeRoleMenu').values({ id: nextId(), menuId: id, roleId }).execute();
    for (const { topMenuId } of topMenus)
      await db
        .insertInto('bladeTopMenuSetting')
        .values({ id: nextId(), topMenuId, menuId: id })
        .execute();
    await addScreenButtons(migrationDb, code);
  }
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
