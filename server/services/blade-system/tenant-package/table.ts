import { z } from 'zod';
import { tenantPackageContract } from '../../../../src/contracts/blade-system/tenant-package.js';
import { badRequest } from '../../../lib/errors.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { completePackageMenuIds } from './menus.js';

const MENU_REQUIRED = tenantPackageContract.fields.menuId.required.zh;

/** The menu tree select sends a comma-joined string; an array of ids is accepted as well. */
const menuIdField = z.preprocess(
  (v) => {
    const parts = Array.isArray(v)
      ? v
      : typeof v === 'string' || typeof v === 'number'
        ? String(v).split(',')
        : [];
    return [...new Set(parts.map((p) => String(p).trim()).filter(Boolean))];
  },
  z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '菜单不存在或已删除'))
    .min(1, MENU_REQUIRED)
    .max(5000, '菜单数量过多'),
);

/** Every id must be a live menu: a package naming a removed menu would grant nothing by surprise. */
async function assertLiveMenus({ db }: TableCall, menuIds: string[]): Promise<void> {
  const found = new Set<string>();
  for (let i = 0; i < menuIds.length; i += 500) {
    const rows = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('id', 'in', menuIds.slice(i, i + 500))
      .where('isDeleted', '=', 0)
      .execute();
    for (const r of rows) found.add(r.id);
  }
  if (found.size !== menuIds.length) throw badRequest('menuId:菜单不存在或已删除');
}

/** A package a live tenant uses cannot go: the tenant's grants would silently widen. */
async function assertUnused({ db }: TableCall, ids: string[]): Promise<void> {
  const inUse = await db
    .selectFrom('bladeTenant')
    .select('id')
    .where('packageId', 'in', ids)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (inUse) throw badRequest('该产品包已被租户使用');
}

/**
 * blade-system/tenant-package (spec screen 12): the super administrator's product packages,
 * global rows naming the menus a tenant may use at most (auth/permissions.ts packageMenuIds cuts
 * every grant of that tenant down to them).
 */
export default defineContractTable({
  contract: tenantPackageContract,
  table: 'bladeTenantPackage',
  versioned: true,
  scope: 'global',
  access: { read: SUPER_ADMIN, add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: { menuId: menuIdField },
  // Stored complete: the chosen ids, their parents, and whole groups chosen bare (menus.ts).
  toRow: async (input, { db }) => ({
    ...input,
    menuId: (await completePackageMenuIds(db, input.menuId)).join(','),
  }),
  beforeSave: (call, input) => assertLiveMenus(call, input.menuId),
  beforeRemove: assertUnused,
});
