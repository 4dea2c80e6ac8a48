import { z } from 'zod';
import { SCOPE_FIELDS } from '../../../../src/contracts/blade-system/data-scope.js';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../lib/errors.js';
import { blank, dictNames } from '../../../lib/table/index.js';
import type { TableCall } from '../../../lib/table/index.js';

/**
 * What data scopes and API scopes share on the server: they hang under a live menu (their
 * fields are the contracts', SCOPE_FIELDS) and answer its name and their type's.
 */

const MENU_REQUIRED = SCOPE_FIELDS.menuId.required.zh;

/** A menu id: trimmed, of the idList alphabet (a stale or made-up one is 所属菜单不存在). */
export const menuIdField = z.preprocess(
  (v) => (blank(v) ? undefined : String(v).trim()),
  z
    .string({ error: MENU_REQUIRED })
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '所属菜单不存在')
    .min(1, MENU_REQUIRED),
);

export async function assertLiveMenu({ db }: TableCall, menuId: string): Promise<void> {
  const menu = await db
    .selectFrom('bladeMenu')
    .select('id')
    .where('id', '=', menuId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!menu) throw badRequest('menuId:所属菜单不存在');
}

/** `menuName` and `scopeTypeName` (from dictionary `dict`) of scope rows. */
export async function withNames<R extends { menuId: string; scopeType: number }>(
  ctx: AppContext,
  dict: string,
  rows: R[],
): Promise<(R & { menuName: string; scopeTypeName: string })[]> {
  const menuIds = [...new Set(rows.map((r) => r.menuId))];
  const menus = menuIds.length
    ? await ctx.db
        .selectFrom('bladeMenu')
        .select(['id', 'name'])
        .where('id', 'in', menuIds)
        .execute()
    : [];
  const typeName = await dictNames(ctx, dict);
  const menuName = new Map(menus.map((m) => [m.id, m.name]));
  return rows.map((r) => ({
    ...r,
    menuName: menuName.get(r.menuId) ?? '',
    scopeTypeName: typeName.get(String(r.scopeType)) ?? '',
  }));
}
