import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { liveMenus, withAncestors, type MenuRow } from '../menu/repository.js';

/**
 * What a package's menu list means (issue 16 item 4). A package holds BladeX's checked ids plus
 * the half-checked parents, so the tenant's menu tree can be built from it:
 *
 * - every chosen screen or button brings its ancestors (a screen's group, a button's screen);
 * - a chosen group (a menu with sub-menus) with nothing chosen below it means the whole group,
 *   as checking a parent in the tree checks its subtree: it is expanded to its subtree, buttons
 *   included. (Refusing it instead would make a client that sends checked keys only, as an
 *   el-tree can, fail for a choice whose meaning is plain.)
 *
 * A screen chosen without its buttons stays so: a read-only package is a fair choice. Ids that
 * are not live menus are passed through (the save refuses them). The result keeps the given
 * order, the added ids follow in menu order.
 */
export function completePackageMenus(menus: readonly MenuRow[], chosen: readonly string[]) {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const children = new Map<string, MenuRow[]>();
  for (const m of menus) {
    const list = children.get(m.parentId);
    if (list) list.push(m);
    else children.set(m.parentId, [m]);
  }
  const subtree = (id: string): string[] => {
    const out: string[] = [];
    const walk = (current: string) => {
      for (const c of children.get(current) ?? []) {
        out.push(c.id);
        walk(c.id);
      }
    };
    walk(id);
    return out;
  };

  const given = new Set(chosen);
  const wanted = new Set(chosen);
  for (const id of given) {
    const menu = byId.get(id);
    if (!menu || menu.category !== 1) continue;
    const isGroup = (children.get(id) ?? []).some((c) => c.category === 1);
    if (!isGroup) continue;
    const below = subtree(id);
    if (!below.some((d) => given.has(d))) for (const d of below) wanted.add(d);
  }
  for (const id of withAncestors(byId, [...wanted])) wanted.add(id);

  const added = menus.filter((m) => wanted.has(m.id) && !given.has(m.id)).map((m) => m.id);
  return [...chosen, ...added];
}

/** completePackageMenus over the live menus. */
export async function completePackageMenuIds(db: Kysely<DB>, chosen: readonly string[]) {
  return completePackageMenus(await liveMenus(db), chosen);
}
