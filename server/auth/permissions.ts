import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AuthUser } from './user.js';
import { PLATFORM_ONLY_CODES } from '../db/seed/menu-tree.js';
import { forbidden } from '../lib/errors.js';
import { cachedForGrants, grantsKey } from './grants-cache.js';

/**
 * The menu ids a user holds: the menus granted to their roles, cut down to their tenant's
 * package when the tenant has one, and never a platform-only menu (`SeedMenu.platformOnly`).
 * The super administrator holds every menu.
 */
export function grantedMenuIds(db: Kysely<DB>, user: AuthUser): Promise<ReadonlySet<string>> {
  return cachedForGrants(db, user.grantsVersion, `menus:${grantsKey(user)}`, () =>
    loadGrantedMenuIds(db, user),
  );
}

async function loadGrantedMenuIds(db: Kysely<DB>, user: AuthUser): Promise<Set<string>> {
  if (user.isSuperAdmin) {
    const all = await db.selectFrom('bladeMenu').select('id').where('isDeleted', '=', 0).execute();
    return new Set(all.map((m) => m.id));
  }
  if (user.roleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bladeRoleMenu as rm')
    .innerJoin('bladeRole as r', 'r.id', 'rm.roleId')
    .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
    .select(['m.id', 'm.code'])
    .distinct()
    .where('rm.roleId', 'in', user.roleIds)
    .where('r.tenantId', '=', user.tenantId)
    .where('r.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .execute();
  // A platform-only screen (the component test page) is the super administrator's whatever a
  // role says: an old grant or a copied role never puts it in anyone else's menu.
  const ids = new Set(rows.filter((r) => !PLATFORM_ONLY_CODES.has(r.code)).map((r) => r.id));
  const allowed = await packageMenuIds(db, user.tenantId);
  if (allowed) for (const id of ids) if (!allowed.has(id)) ids.delete(id);
  return ids;
}

/** Menus a tenant's package allows, or undefined when the tenant has no package. */
export async function packageMenuIds(
  db: Kysely<DB>,
  tenantId: string,
): Promise<Set<string> | undefined> {
  const row = await db
    .selectFrom('bladeTenant as t')
    .innerJoin('bladeTenantPackage as p', 'p.id', 't.packageId')
    .select('p.menuId')
    .where('t.tenantId', '=', tenantId)
    .where('t.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  return new Set(row.menuId.split(',').filter(Boolean));
}

/** Codes of every granted menu and button: the permission flags. */
export function permissionCodes(db: Kysely<DB>, user: AuthUser): Promise<ReadonlySet<string>> {
  return cachedForGrants(db, user.grantsVersion, `codes:${grantsKey(user)}`, () =>
    loadPermissionCodes(db, user),
  );
}

async function loadPermissionCodes(db: Kysely<DB>, user: AuthUser): Promise<Set<string>> {
  const ids = [...(await grantedMenuIds(db, user))];
  if (ids.length === 0) return new Set();
  const codes = new Set<string>();
  // Chunked: SQLite binds at most 32766 parameters.
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('bladeMenu')
      .select('code')
      .where('id', 'in', ids.slice(i, i + 5000))
      .execute();
    for (const r of rows) codes.add(r.code);
  }
  return codes;
}

/**
 * For routes that serve two actions (submit = add or edit): the route admits either code, the
 * handler then asks for the one the request really needs.
 */
export async function assertPermission(
  db: Kysely<DB>,
  user: AuthUser,
  ...anyOf: string[]
): Promise<void> {
  if (user.isSuperAdmin) return;
  const codes = await permissionCodes(db, user);
  if (!anyOf.some((code) => codes.has(code))) throw forbidden();
}
