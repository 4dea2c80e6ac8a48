import type { AppContext } from '../../context.js';
import { SUPER_ROLE_ALIAS, SUPER_TENANT, type AuthUser } from '../../auth/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { splitIds } from './input.js';

/** Role, department and post ids a user is given must all be live records of the tenant. */
export async function assertTenantRefs(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  refs: {
    roleIds?: string[] | undefined;
    deptIds?: string[] | undefined;
    postIds?: string[] | undefined;
  },
): Promise<void> {
  const { db } = ctx;
  if (refs.roleIds?.length) {
    const found = await db
      .selectFrom('bladeRole')
      .select('id')
      .where('id', 'in', refs.roleIds)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .execute();
    if (found.length !== refs.roleIds.length) throw badRequest('所选角色不存在');
  }
  if (refs.deptIds?.length) {
    const found = await db
      .selectFrom('bladeDept')
      .select('id')
      .where('id', 'in', refs.deptIds)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .execute();
    if (found.length !== refs.deptIds.length) throw badRequest('所选机构不存在');
  }
  if (refs.postIds?.length) {
    const found = await db
      .selectFrom('bladePost')
      .select('id')
      .where('id', 'in', refs.postIds)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .execute();
    if (found.length !== refs.postIds.length) throw badRequest('所选岗位不存在');
  }
}

/** Ids of the super-administrator roles (alias administrator in tenant 000000). */
async function superRoleIds(ctx: Pick<AppContext, 'db'>): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('bladeRole')
    .select('id')
    .where('tenantId', '=', SUPER_TENANT)
    .where('roleAlias', '=', SUPER_ROLE_ALIAS)
    .where('isDeleted', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Only the super administrator hands out the super-administrator role, and only they may
 * change, reset or remove an account holding it: otherwise anyone granted user_reset in tenant
 * 000000 could reset the admin's password to the known initial one and sign in as admin.
 */
export async function assertMayAssignRoles(
  ctx: Pick<AppContext, 'db'>,
  caller: AuthUser,
  roleIds: string[],
): Promise<void> {
  if (caller.isSuperAdmin || caller.tenantId !== SUPER_TENANT || roleIds.length === 0) return;
  const superIds = await superRoleIds(ctx);
  if (roleIds.some((id) => superIds.has(id))) throw forbidden('无权分配超级管理员角色');
}

export async function assertMayManage(
  ctx: Pick<AppContext, 'db'>,
  caller: AuthUser,
  targets: { roleId: string }[],
): Promise<void> {
  if (caller.isSuperAdmin || caller.tenantId !== SUPER_TENANT) return;
  const superIds = await superRoleIds(ctx);
  if (targets.some((t) => splitIds(t.roleId).some((id) => superIds.has(id)))) {
    throw forbidden('无权操作超级管理员账号');
  }
}

export const QUOTA_REACHED = '当前租户已到最大账号额度!';

/** blade_tenant.account_number: the most live accounts a tenant may hold (-1 = unlimited). */
export async function assertAccountQuota(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
): Promise<void> {
  const tenant = await ctx.db
    .selectFrom('bladeTenant')
    .select('accountNumber')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!tenant || tenant.accountNumber < 0) return;
  const row = await ctx.db
    .selectFrom('bladeUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= tenant.accountNumber) throw badRequest(QUOTA_REACHED);
}
