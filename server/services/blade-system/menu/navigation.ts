import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { buildTree, selectTree, type SelectNode, type TreeNode } from '../../../lib/records.js';
import { type AuthUser, grantedMenuIds } from '../../../auth/index.js';
import { ID_PATTERN, inChunks } from './input.js';
import { liveMenus, menuVO, withAncestors, type MenuRow, type MenuVO } from './repository.js';

/**
 * What the signed-in user sees of the menu tree: sidebar routes, button flags, top menus and the
 * trees of the grant dialogs. Everything starts from grantedMenuIds, which already applies the
 * tenant package and the super administrator rule.
 */

/** A sidebar route node: MenuVO plus the i18n meta the console's menu reads. */
export interface RouteNode extends MenuVO {
  meta: { i18n: string; title: { zh: string; en: string } };
}

const routeNode = (m: MenuRow): RouteNode => ({
  ...menuVO(m),
  meta: { i18n: m.code, title: { zh: m.name, en: m.nameEn } },
});

/** Menu ids linked to a top menu of the caller's tenant (another tenant's top menu: none). */
async function topMenuMenuIds(
  db: Kysely<DB>,
  tenantId: string,
  topMenuIds: string[],
): Promise<Set<string>> {
  if (topMenuIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bladeTopMenuSetting as s')
    .innerJoin('bladeTopMenu as t', 't.id', 's.topMenuId')
    .select('s.menuId')
    .where('s.topMenuId', 'in', topMenuIds)
    .where('t.tenantId', '=', tenantId)
    .where('t.isDeleted', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.menuId));
}

/**
 * GET menu/routes: granted screens (optionally of one top menu) with their ancestors; a group
 * shows only with a granted screen below it.
 */
export async function userRoutes(
  ctx: AppContext,
  user: AuthUser,
  topMenuId: string | undefined,
): Promise<TreeNode<RouteNode>[]> {
  const menus = await liveMenus(ctx.db, 1);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const granted = await grantedMenuIds(ctx.db, user);
  let ids = [...granted].filter((id) => byId.has(id));
  if (topMenuId !== undefined) {
    const linked = ID_PATTERN.test(topMenuId)
      ? await topMenuMenuIds(ctx.db, user.tenantId, [topMenuId])
      : new Set<string>();
    ids = ids.filter((id) => linked.has(id));
  }
  // Built from the screens (menus without sub-menus) up: a granted group with no granted screen
  // below it is left out, so no one gets a bare group leading to an empty page (issue 16 item 4).
  const groups = new Set(menus.map((m) => m.parentId));
  const visible = withAncestors(
    byId,
    ids.filter((id) => !groups.has(id)),
  );
  return buildTree(menus.filter((m) => visible.has(m.id)).map(routeNode));
}

/** A button's parent screen carries only what the console needs to group buttons (contract 3.2). */
const buttonParent = (m: MenuRow) => ({
  id: m.id,
  parentId: m.parentId,
  code: m.code,
  name: m.name,
  nameEn: m.nameEn,
  alias: m.alias,
  path: m.path,
  source: m.source,
  action: m.action,
  sort: m.sort,
});

/** GET menu/buttons: granted buttons under their direct parent screens. */
export async function userButtons(ctx: AppContext, user: AuthUser) {
  const menus = await liveMenus(ctx.db);
  const granted = await grantedMenuIds(ctx.db, user);
  const buttons = menus.filter((m) => m.category === 2 && granted.has(m.id));
  const parentIds = new Set(buttons.map((b) => b.parentId));
  const rows = menus.filter((m) => parentIds.has(m.id) || (m.category === 2 && granted.has(m.id)));
  return buildTree<{ id: string; parentId: string }>(
    rows.map((m) => (m.category === 2 ? menuVO(m) : buttonParent(m))),
  );
}

/**
 * GET menu/top-menu: the caller's tenant's top menus that lead somewhere, i.e. are linked to at
 * least one screen (a menu without sub-menus) the caller holds. Choosing any other would load
 * an empty sidebar (menu/routes with that topMenuId).
 */
export async function userTopMenus(ctx: AppContext, user: AuthUser) {
  const rows = await ctx.db
    .selectFrom('bladeTopMenu')
    .select(['id', 'code', 'name', 'nameEn', 'source', 'path', 'sort'])
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const menus = await liveMenus(ctx.db, 1);
  const groups = new Set(menus.map((m) => m.parentId));
  const granted = await grantedMenuIds(ctx.db, user);
  const screens = new Set(
    menus.filter((m) => granted.has(m.id) && !groups.has(m.id)).map((m) => m.id),
  );
  const links = await inChunks(
    rows.map((r) => r.id),
    (slice) =>
      ctx.db
        .selectFrom('bladeTopMenuSetting')
        .select(['topMenuId', 'menuId'])
        .where('topMenuId', 'in', slice)
        .execute(),
  );
  const usable = new Set(links.filter((l) => screens.has(l.menuId)).map((l) => l.topMenuId));
  return rows.filter((r) => usable.has(r.id)).map((r) => ({ ...r, path: r.path ?? '' }));
}

/** The menus the caller holds (one category or all) as TreeNodes. */
async function heldMenuTree(ctx: AppContext, user: AuthUser, category?: 1): Promise<SelectNode[]> {
  const granted = await grantedMenuIds(ctx.db, user);
  const menus = await liveMenus(ctx.db, category);
  return selectTree(
    menus.filter((m) => granted.has(m.id)),
    (m) => m.name,
  );
}

/** GET menu/tree and the menu part of grant-top-tree: held screens and groups. */
export const heldScreenTree = (ctx: AppContext, user: AuthUser) => heldMenuTree(ctx, user, 1);

interface ScopeRow {
  id: string;
  menuId: string;
  scopeName: string;
}

/**
 * A scope tree: scope rows as children of their menu, with only the menus that have scopes and
 * their ancestors. A non-super administrator sees only scopes of menus they hold.
 */
function scopeTree(
  menus: MenuRow[],
  scopes: ScopeRow[],
  granted: ReadonlySet<string>,
): SelectNode[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const mine = scopes.filter((s) => granted.has(s.menuId) && byId.has(s.menuId));
  if (mine.length === 0) return [];
  const visible = withAncestors(
    byId,
    mine.map((s) => s.menuId),
  );
  const rows = [
    ...menus
      .filter((m) => visible.has(m.id))
      .map((m) => ({ id: m.id, parentId: m.parentId, title: m.name })),
    ...mine.map((s) => ({ id: s.id, parentId: s.menuId, title: s.scopeName })),
  ];
  return selectTree(rows, (r) => r.title);
}

/** GET menu/grant-tree: {menu, dataScope, apiScope} for the role-grant dialog. */
export async function grantTree(ctx: AppContext, user: AuthUser) {
  const granted = await grantedMenuIds(ctx.db, user);
  const menus = await liveMenus(ctx.db);
  const dataScopes = await ctx.db
    .selectFrom('bladeScopeData')
    .select(['id', 'menuId', 'scopeName'])
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
  const apiScopes = await ctx.db
    .selectFrom('bladeScopeApi')
    .select(['id', 'menuId', 'scopeName'])
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
  return {
    menu: selectTree(
      menus.filter((m) => granted.has(m.id)),
      (m) => m.name,
    ),
    dataScope: scopeTree(menus, dataScopes, granted),
    apiScope: scopeTree(menus, apiScopes, granted),
  };
}

/** Live roles of the caller's tenant among `roleIds` (others are ignored). */
async function tenantRoleIds(
  db: Kysely<DB>,
  tenantId: string,
  roleIds: string[],
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('bladeRole')
    .select('id')
    .where('id', 'in', roleIds)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** GET menu/role-tree-keys: what those roles already hold. */
export async function roleTreeKeys(ctx: AppContext, user: AuthUser, roleIds: string[]) {
  const roles = await tenantRoleIds(ctx.db, user.tenantId, roleIds);
  if (roles.length === 0) return { menu: [], dataScope: [], apiScope: [] };
  const menu = await ctx.db
    .selectFrom('bladeRoleMenu as rm')
    .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
    .select('m.id')
    .distinct()
    .where('rm.roleId', 'in', roles)
    .where('m.isDeleted', '=', 0)
    .execute();
  const dataScope = await ctx.db
    .selectFrom('bladeRoleScope as rs')
    .innerJoin('bladeScopeData as d', 'd.id', 'rs.scopeId')
    .select('d.id')
    .distinct()
    .where('rs.roleId', 'in', roles)
    .where('rs.scopeCategory', '=', 1)
    .where('d.isDeleted', '=', 0)
    .execute();
  const apiScope = await ctx.db
    .selectFrom('bladeRoleScope as rs')
    .innerJoin('bladeScopeApi as a', 'a.id', 'rs.scopeId')
    .select('a.id')
    .distinct()
    .where('rs.roleId', 'in', roles)
    .where('rs.scopeCategory', '=', 2)
    .where('a.isDeleted', '=', 0)
    .execute();
  return {
    menu: menu.map((r) => r.id),
    dataScope: dataScope.map((r) => r.id),
    apiScope: apiScope.map((r) => r.id),
  };
}

/** GET menu/top-tree-keys: menus linked to those top menus of the caller's tenant. */
export async function topTreeKeys(ctx: AppContext, user: AuthUser, topMenuIds: string[]) {
  const linked = await topMenuMenuIds(ctx.db, user.tenantId, topMenuIds);
  const live = await inChunks([...linked], (slice) =>
    ctx.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('id', 'in', slice)
      .where('isDeleted', '=', 0)
      .orderBy('sort')
      .execute(),
  );
  return { menu: live.map((r) => r.id) };
}
