import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import {
  SUPER_ROLE_ALIAS,
  type AuthUser,
  grantedMenuIds,
  packageMenuIds,
} from '../../../auth/index.js';
import { revokeUserSessions } from '../../blade-auth/tokens.js';
import { distinct, inChunks } from '../menu/input.js';
import { SUPER_ROLE_MESSAGE, usersHoldingRoles } from './repository.js';

export interface GrantInput {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

export const ESCALATION_MESSAGE = '不能授予自己没有的权限';

/** Scope rows (id -> menu) of one scope table; an unknown id is a bad request. */
async function scopeMenus(
  db: Kysely<DB>,
  table: 'bladeScopeData' | 'bladeScopeApi',
  ids: string[],
  missing: string,
): Promise<string[]> {
  const rows = await inChunks(ids, (slice) =>
    db
      .selectFrom(table)
      .select(['id', 'menuId'])
      .where('id', 'in', slice)
      .where('isDeleted', '=', 0)
      .execute(),
  );
  if (rows.length !== ids.length) throw badRequest(missing);
  return rows.map((r) => r.menuId);
}

/**
 * What a grant may hand out. Menus must exist; a non-super administrator may grant only menus
 * (and scopes of menus) they hold themselves, and nobody may grant a menu outside the tenant's
 * package, so a grant can never raise anyone above its author or the tenant's contract.
 */
async function assertGrantable(ctx: AppContext, user: AuthUser, input: GrantInput): Promise<void> {
  const menus = await inChunks(input.menuIds, (slice) =>
    ctx.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('id', 'in', slice)
      .where('isDeleted', '=', 0)
      .execute(),
  );
  if (menus.length !== input.menuIds.length) throw badRequest('所选菜单不存在');
  const dataMenus = await scopeMenus(
    ctx.db,
    'bladeScopeData',
    input.dataScopeIds,
    '所选数据权限不存在',
  );
  const apiMenus = await scopeMenus(
    ctx.db,
    'bladeScopeApi',
    input.apiScopeIds,
    '所选接口权限不存在',
  );

  const pkg = await packageMenuIds(ctx.db, user.tenantId);
  if (pkg && input.menuIds.some((id) => !pkg.has(id))) throw forbidden(ESCALATION_MESSAGE);
  if (user.isSuperAdmin) return;
  const held = await grantedMenuIds(ctx.db, user);
  if ([...input.menuIds, ...dataMenus, ...apiMenus].some((id) => !held.has(id)))
    throw forbidden(ESCALATION_MESSAGE);
}

/**
 * POST role/grant: for each role, replace its menu, data-scope and API-scope links. The users
 * holding those roles are signed out, so their next call picks up the new permissions.
 */
export async function grantRoles(ctx: AppContext, user: AuthUser, raw: GrantInput): Promise<void> {
  const input: GrantInput = {
    roleIds: distinct(raw.roleIds),
    menuIds: distinct(raw.menuIds),
    dataScopeIds: distinct(raw.dataScopeIds),
    apiScopeIds: distinct(raw.apiScopeIds),
  };
  const roles = await ctx.db
    .selectFrom('bladeRole')
    .select(['id', 'roleAlias'])
    .where('id', 'in', input.roleIds)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  if (roles.length !== input.roleIds.length) throw notFound();
  if (!user.isSuperAdmin && roles.some((r) => r.roleAlias === SUPER_ROLE_ALIAS))
    throw forbidden(SUPER_ROLE_MESSAGE);
  await assertGrantable(ctx, user, input);

  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bladeRoleMenu').where('roleId', 'in', input.roleIds).execute();
    await trx.deleteFrom('bladeRoleScope').where('roleId', 'in', input.roleIds).execute();
    const menuRows = input.roleIds.flatMap((roleId) =>
      input.menuIds.map((menuId) => ({ id: nextId(), menuId, roleId })),
    );
    for (let i = 0; i < menuRows.length; i += 200)
      await trx
        .insertInto('bladeRoleMenu')
        .values(menuRows.slice(i, i + 200))
        .execute();
    const scopeRows = input.roleIds.flatMap((roleId) => [
      ...input.dataScopeIds.map((scopeId) => ({ id: nextId(), scopeCategory: 1, scopeId, roleId })),
      ...input.apiScopeIds.map((scopeId) => ({ id: nextId(), scopeCategory: 2, scopeId, roleId })),
    ]);
    for (let i = 0; i < scopeRows.length; i += 200)
      await trx
        .insertInto('bladeRoleScope')
        .values(scopeRows.slice(i, i + 200))
        .execute();
  });

  const holders = await usersHoldingRoles(ctx.db, ctx.dialect, user.tenantId, input.roleIds);
  await revokeUserSessions(ctx, holders, 'role_grant');
}
