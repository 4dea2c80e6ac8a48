import { insertAudit } from '../../../lib/records.js';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { type AuthUser, SUPER_TENANT } from '../../../auth/index.js';
import { seedTenantParams, seedTopMenus } from '../../../db/seed/system.js';
import { conflict } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { hashPassword } from '../../../lib/password.js';
import { nowText } from '../../../lib/time.js';

/** Account and password of a new tenant's administrator (contract.md 4.7); changed at first login. */
export const TENANT_ADMIN_ACCOUNT = 'admin';
export const TENANT_ADMIN_PASSWORD = 'admin';
export const TENANT_ADMIN_ROLE = { roleName: '管理员', roleAlias: 'admin' };

export interface NewTenant {
  tenantName: string;
  domain: string | null;
  backgroundUrl: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  packageId: string | null;
}

/**
 * A random 6-digit tenant id. Deleted tenants keep their ids too: their users, roles and
 * departments still carry them, and a new tenant must not inherit those rows.
 */
async function freshTenantId(db: Kysely<DB>): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (candidate === SUPER_TENANT) continue;
    const taken = await db
      .selectFrom('bladeTenant')
      .select('id')
      .where('tenantId', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw conflict('租户编号生成失败，请重试');
}

/**
 * The administrator role's grants: every menu except tenant administration (only the super
 * administrator manages tenants), cut down to the package when the tenant has one.
 */
async function grantTenantAdminMenus(
  db: Kysely<DB>,
  roleId: string,
  packageMenus: Set<string> | undefined,
): Promise<void> {
  const menus = await db
    .selectFrom('bladeMenu')
    .select(['id', 'code'])
    .where('isDeleted', '=', 0)
    .execute();
  const rows = menus
    .filter((m) => !m.code.startsWith('tenant') && (!packageMenus || packageMenus.has(m.id)))
    .map((m) => ({ id: nextId(), menuId: m.id, roleId }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('bladeRoleMenu')
      .values(rows.slice(i, i + 200))
      .execute();
}

/**
 * Creates a tenant with everything it needs to be used at once, in one transaction: the
 * administrator role, a root department named after the tenant, the post ceo, the user
 * admin/admin (must change the password), the tenant's parameters and top menus.
 */
export async function provisionTenant(
  ctx: AppContext,
  user: AuthUser,
  input: NewTenant,
  packageMenus: Set<string> | undefined,
): Promise<{ id: string; tenantId: string }> {
  // scrypt outside the transaction: it is slow and needs no lock.
  const password = await hashPassword(TENANT_ADMIN_PASSWORD);
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    const audit = insertAudit(user, now);
    const tenantId = await freshTenantId(trx);
    const id = nextId();
    await trx
      .insertInto('bladeTenant')
      .values({
        id,
        tenantId,
        ...input,
        accountNumber: -1,
        expireTime: null,
        datasourceId: null,
        ...audit,
      })
      .execute();

    const roleId = nextId();
    await trx
      .insertInto('bladeRole')
      .values({
        id: roleId,
        tenantId,
        parentId: '0',
        ...TENANT_ADMIN_ROLE,
        sort: 2,
        isDeleted: 0,
        version: 1,
      })
      .execute();
    await grantTenantAdminMenus(trx, roleId, packageMenus);

    const deptId = nextId();
    await trx
      .insertInto('bladeDept')
      .values({
        id: deptId,
        tenantId,
        parentId: '0',
        ancestors: '0',
        deptCategory: 1,
        deptName: input.tenantName,
        fullName: input.tenantName,
        sort: 1,
        remark: null,
        isDeleted: 0,
        version: 1,
      })
      .execute();

    const postId = nextId();
    await trx
      .insertInto('bladePost')
      .values({
        id: postId,
        tenantId,
        category: 1,
        postCode: 'ceo',
        postName: '首席执行官',
        sort: 1,
        remark: null,
        ...audit,
      })
      .execute();

    await trx
      .insertInto('bladeUser')
      .values({
        id: nextId(),
        tenantId,
        code: TENANT_ADMIN_ACCOUNT,
        userType: 1,
        account: TENANT_ADMIN_ACCOUNT,
        password,
        name: '管理员',
        realName: '管理员',
        avatar: null,
        email: null,
        phone: null,
        birthday: null,
        sex: null,
        roleId,
        deptId,
        postId,
        userExt: null,
        mustChangePassword: 1,
        version: 1,
        ...audit,
      })
      .execute();

    await seedTenantParams(trx, tenantId);
    await seedTopMenus(trx, tenantId);
    return { id, tenantId };
  });
}
