import type { Kysely } from 'kysely';
import { nextId } from '../../lib/ids.js';
import type { DB } from '../schema.js';
import { MENU_TREE, type SeedMenu } from './menu-tree.js';

/** The seed's screen with menu code `code`. */
function seedScreen(code: string, nodes: readonly SeedMenu[] = MENU_TREE): SeedMenu | undefined {
  for (const node of nodes) {
    if (node.code === code) return node;
    const found = seedScreen(code, node.children ?? []);
    if (found) return found;
  }
  return undefined;
}

/**
 * For a migration that gives a screen new buttons (a list made real, an action added): the seed
 * writes the menu tree only into an empty database, so an existing one gets the buttons the
 * seed's tree has for screen `code` and it lacks, each granted to every role that holds the
 * screen (who could see the list may now use it as the new seed's roles do). On an empty
 * database the menus are not there yet and the seed writes them: nothing to do.
 */
export async function addScreenButtons(migrationDb: Kysely<unknown>, code: string): Promise<void> {
  const screen = seedScreen(code);
  if (!screen) throw new Error(`no screen ${code} in the menu tree`);
  // Migrations get the app's Kysely (CamelCasePlugin included), typed loosely.
  const db = migrationDb as unknown as Kysely<DB>;
  const menu = await db
    .selectFrom('bladeMenu')
    .select('id')
    .where('code', '=', code)
    .where('category', '=', 1)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!menu) return;
  const roles = await db
    .selectFrom('bladeRoleMenu')
    .select('roleId')
    .where('menuId', '=', menu.id)
    .execute();
  const buttons = screen.buttons ?? [];
  for (const [index, button] of buttons.entries()) {
    const taken = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', button.code)
      .executeTakeFirst();
    if (taken) continue;
    const id = nextId();
    await db
      .insertInto('bladeMenu')
      .values({
        id,
        parentId: menu.id,
        code: button.code,
        name: button.zh,
        nameEn: button.en,
        alias: button.alias,
        path: '',
        source: '',
        sort: index + 1,
        category: 2,
        action: button.action,
        isOpen: 1,
        remark: null,
        isDeleted: 0,
      })
      .execute();
    for (const role of roles)
      await db
        .insertInto('bladeRoleMenu')
        .values({ id: nextId(), menuId: id, roleId: role.roleId })
        .execute();
  }
}
