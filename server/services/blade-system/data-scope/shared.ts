import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../lib/errors.js';
import { blank } from '../../../lib/table/index.js';
import type { TableCall } from '../../../lib/table/index.js';

/** What data scopes and API scopes share: they hang under a menu and carry a typed rule. */

export const MENU_REQUIRED = '请选择所属菜单';

export const menuIdField = z.preprocess(
  (v) => (blank(v) ? undefined : String(v).trim()),
  z
    .string({ error: MENU_REQUIRED })
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '所属菜单不存在')
    .min(1, MENU_REQUIRED),
);

/** An integer from 1 to `max` (a dictionary key), with one message for anything else. */
export const typeField = (max: number, message: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

/** The resource code a declaration names (letters, digits, _ - . :). */
export const resourceCodeField = z
  .string({ error: '请输入权限编号' })
  .trim()
  .min(1, '请输入权限编号')
  .max(100, '长度不能超过100个字符')
  .regex(/^[A-Za-z0-9_.:-]+$/, '权限编号只能包含字母、数字、下划线、点、冒号和中划线');

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
  const types = await ctx.db
    .selectFrom('bladeDict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', dict)
    .where('parentId', '<>', '0')
    .where('isDeleted', '=', 0)
    .execute();
  const menuName = new Map(menus.map((m) => [m.id, m.name]));
  const typeName = new Map(types.map((t) => [t.dictKey, t.dictValue]));
  return rows.map((r) => ({
    ...r,
    menuName: menuName.get(r.menuId) ?? '',
    scopeTypeName: typeName.get(String(r.scopeType)) ?? '',
  }));
}
