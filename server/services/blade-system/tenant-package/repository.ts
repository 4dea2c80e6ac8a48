import type { AppContext } from '../../../context.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { wire, insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';

/**
 * Tenant packages (spec screen 12): global rows naming the menus a tenant may use at most
 * (services/access.ts packageMenuIds cuts every grant of that tenant down to them).
 */
export const PACKAGE_LIST: ListSpec = {
  filters: { packageName: { column: 'packageName' } },
  sorts: { packageName: 'packageName', createTime: 'createTime', updateTime: 'updateTime' },
};

const COLUMNS = [
  'id',
  'packageName',
  'menuId',
  'remark',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
] as const;

function livePackages(ctx: AppContext) {
  return ctx.db.selectFrom('bladeTenantPackage').where('isDeleted', '=', 0);
}

export async function listPackages(ctx: AppContext, query: QueryMap) {
  const page = await paged(
    livePackages(ctx),
    (qb) => qb.select(COLUMNS),
    query,
    PACKAGE_LIST,
    ctx.dialect,
    [
      { column: 'createTime', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ],
  );
  return { ...page, records: page.records.map(wire) };
}

export async function getPackage(ctx: AppContext, id: string) {
  const row = await livePackages(ctx).select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return wire(row);
}

export interface PackageInput {
  id?: string | undefined;
  packageName: string;
  menuIds: string[];
  remark?: string | undefined;
}

/** Every id must be a live menu: a package naming a removed menu would grant nothing by surprise. */
async function assertLiveMenus(ctx: AppContext, menuIds: string[]): Promise<void> {
  const found = new Set<string>();
  for (let i = 0; i < menuIds.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('id', 'in', menuIds.slice(i, i + 500))
      .where('isDeleted', '=', 0)
      .execute();
    for (const r of rows) found.add(r.id);
  }
  if (found.size !== menuIds.length) throw badRequest('menuId:菜单不存在或已删除');
}

export async function savePackage(
  ctx: AppContext,
  user: AuthUser,
  input: PackageInput,
): Promise<string> {
  await assertLiveMenus(ctx, input.menuIds);
  const now = nowText();
  const fields = {
    packageName: input.packageName,
    menuId: input.menuIds.join(','),
    remark: input.remark ?? null,
    updateUser: user.userId,
    updateTime: now,
  };
  if (!input.id) {
    const id = nextId();
    await ctx.db
      .insertInto('bladeTenantPackage')
      .values({
        id,
        ...fields,
        ...insertAudit(user, now),
      })
      .execute();
    return id;
  }
  const result = await ctx.db
    .updateTable('bladeTenantPackage')
    .set(fields)
    .where('id', '=', input.id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound();
  return input.id;
}

export async function removePackages(
  ctx: AppContext,
  user: AuthUser,
  ids: string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('bladeTenantPackage')
      .select('id')
      .where('id', 'in', unique)
      .where('isDeleted', '=', 0)
      .execute();
    if (found.length !== unique.length) throw notFound();
    const inUse = await trx
      .selectFrom('bladeTenant')
      .select('id')
      .where('packageId', 'in', unique)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (inUse) throw badRequest('该产品包已被租户使用');
    await trx
      .updateTable('bladeTenantPackage')
      .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
      .where('id', 'in', unique)
      .execute();
  });
}
