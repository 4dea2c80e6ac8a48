import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import {
  columnSql,
  filterConditions,
  sortItems,
  type ListSpec,
  type QueryMap,
} from '../../../lib/query.js';
import { assertUpdated, buildTree, type TreeNode } from '../../../lib/records.js';
import { inChunks } from './input.js';

/**
 * blade_menu: one global tree shared by every tenant (no tenant column). Category 1 rows are
 * screens and groups, category 2 rows are buttons; every code is a permission flag.
 */
export const MENU_COLUMNS = [
  'id',
  'parentId',
  'code',
  'name',
  'nameEn',
  'alias',
  'path',
  'source',
  'sort',
  'category',
  'action',
  'isOpen',
  'remark',
  'isDeleted',
  'version',
] as const;

export interface MenuRow {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
  isDeleted: number;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
}

/** MenuVO (contract.md 3.1): the row plus display names, filled only by `detail`. */
export interface MenuVO extends Omit<MenuRow, 'remark'> {
  remark: string;
  parentName: string;
  categoryName: string;
  actionName: string;
  isOpenName: string;
}

export const CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' };
export const ACTION_NAMES: Record<number, string> = {
  0: '无',
  1: '工具栏',
  2: '操作栏',
  3: '工具操作栏',
};
export const IS_OPEN_NAMES: Record<number, string> = { 1: '否', 2: '是' };

export function menuVO(
  row: MenuRow,
  names: Partial<Pick<MenuVO, 'parentName' | 'categoryName' | 'actionName' | 'isOpenName'>> = {},
): MenuVO {
  return {
    ...row,
    remark: row.remark ?? '',
    parentName: '',
    categoryName: '',
    actionName: '',
    isOpenName: '',
    ...names,
  };
}

/** Every live menu (optionally one category), in display order. */
export async function liveMenus(db: Kysely<DB>, category?: 1 | 2): Promise<MenuRow[]> {
  let q = db.selectFrom('bladeMenu').select(MENU_COLUMNS).where('isDeleted', '=', 0);
  if (category) q = q.where('category', '=', category);
  return q.orderBy('sort').orderBy('id').execute();
}

/** `ids` plus every ancestor reachable through live menus. */
export function withAncestors(byId: Map<string, MenuRow>, ids: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const start of ids) {
    let current = byId.get(start);
    while (current && !out.has(current.id)) {
      out.add(current.id);
      current = current.parentId === '0' ? undefined : byId.get(current.parentId);
    }
  }
  return out;
}

/**
 * The map filters of the menu lists. `category` is an integer column, so it is not a ListSpec
 * filter (a LIKE or a text value on it would be a PostgreSQL type error); see categoryFilter.
 */
/** `category` is an exact integer (1 screen, 2 button); anything else matches nothing. */
export const MENU_LIST: ListSpec = {
  filters: {
    code: { column: 'code' },
    name: { column: 'name' },
    alias: { column: 'alias' },
    path: { column: 'path' },
    category: { column: 'category', default: 'equal', type: 'int' },
  },
  sorts: { sort: 'sort', code: 'code', name: 'name' },
};

interface ListOptions {
  /** Force one category (menu-list, lazy-menu-list). */
  category?: 1 | 2;
  /** Restrict to children of this parent (lazy lists). */
  parentId?: string;
}

async function filteredMenus(
  ctx: AppContext,
  query: QueryMap,
  options: ListOptions,
): Promise<MenuRow[]> {
  let q = ctx.db.selectFrom('bladeMenu').select(MENU_COLUMNS).where('isDeleted', '=', 0);
  for (const c of filterConditions(query, MENU_LIST, ctx.dialect)) q = q.where(c);
  if (options.category) q = q.where('category', '=', options.category);
  if (options.parentId !== undefined) q = q.where('parentId', '=', options.parentId);
  const sorts = sortItems(query, MENU_LIST);
  for (const s of sorts.length ? sorts : [{ column: 'sort', direction: 'asc' as const }])
    q = q.orderBy(columnSql(s.column), s.direction);
  return q.orderBy('id').execute();
}

/** list / menu-list: the whole (filtered) tree; a match whose parent did not match is a root. */
export async function menuTree(
  ctx: AppContext,
  query: QueryMap,
  category?: 1,
): Promise<TreeNode<MenuVO>[]> {
  const rows = await filteredMenus(ctx, query, category ? { category } : {});
  return buildTree(rows.map((r) => menuVO(r)));
}

const hasFilters = (query: QueryMap, dialect: AppContext['dialect']) =>
  filterConditions(query, MENU_LIST, dialect).length > 0;

/**
 * lazy-list / lazy-menu-list: one level with `hasChildren`. Without a parentId the top level is
 * listed, unless filters are given: then matches of every level (Saber clears parentId to search).
 */
export async function lazyMenus(
  ctx: AppContext,
  query: QueryMap,
  parentId: string | undefined,
  category?: 1,
): Promise<MenuVO[]> {
  const level = parentId ?? (hasFilters(query, ctx.dialect) ? undefined : '0');
  const rows = await filteredMenus(ctx, query, {
    ...(category ? { category } : {}),
    ...(level !== undefined ? { parentId: level } : {}),
  });
  const withChildren = new Set(
    (
      await inChunks(
        rows.map((r) => r.id),
        (slice) => {
          let q = ctx.db
            .selectFrom('bladeMenu')
            .select('parentId')
            .distinct()
            .where('isDeleted', '=', 0)
            .where('parentId', 'in', slice);
          if (category) q = q.where('category', '=', category);
          return q.execute();
        },
      )
    ).map((r) => r.parentId),
  );
  return rows.map((r) => ({ ...menuVO(r), hasChildren: withChildren.has(r.id) }));
}

export async function findMenu(db: Kysely<DB>, id: string): Promise<MenuRow | undefined> {
  return db
    .selectFrom('bladeMenu')
    .select(MENU_COLUMNS)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

export async function menuDetail(ctx: AppContext, id: string): Promise<MenuVO> {
  const row = await findMenu(ctx.db, id);
  if (!row) throw notFound();
  const parent = row.parentId === '0' ? undefined : await findMenu(ctx.db, row.parentId);
  return menuVO(row, {
    parentName: parent?.name ?? '',
    categoryName: CATEGORY_NAMES[row.category] ?? '',
    actionName: ACTION_NAMES[row.action] ?? '',
    isOpenName: IS_OPEN_NAMES[row.isOpen] ?? '',
  });
}

export interface MenuInput {
  id?: string | undefined;
  parentId?: string | undefined;
  code: string;
  name: string;
  nameEn?: string | undefined;
  alias?: string | undefined;
  path?: string | undefined;
  source?: string | undefined;
  sort?: number | undefined;
  category?: number | undefined;
  action?: number | undefined;
  isOpen?: number | undefined;
  remark?: string | undefined;
  /** The version the editor loaded (absent: whatever is current); a stale one is 409. */
  version?: number | undefined;
}

const ROUTE_PATH = /^(\/[^\s]*|https?:\/\/[^\s]+)$/i;

/** The rules of a menu write that need the database (the body schema checks the rest). */
async function checkMenu(
  db: Kysely<DB>,
  input: MenuInput,
  current: MenuRow | undefined,
): Promise<void> {
  const sameCode = await db
    .selectFrom('bladeMenu')
    .select('id')
    .where('code', '=', input.code)
    .where('isDeleted', '=', 0)
    .execute();
  if (sameCode.some((m) => m.id !== current?.id)) throw badRequest('菜单编号已存在');

  const category = input.category ?? current?.category ?? 1;
  const path = input.path ?? current?.path ?? '';
  if (category === 1 && !ROUTE_PATH.test(path))
    throw badRequest('path:路由地址须以/开头或为http(s)://链接');

  const parentId = input.parentId ?? current?.parentId ?? '0';
  if (parentId === '0') return;
  if (current && parentId === current.id) throw badRequest('父节点不可选择自身!');
  const all = new Map((await liveMenus(db)).map((m) => [m.id, m]));
  const parent = all.get(parentId);
  if (!parent) throw badRequest('父节点不存在');
  if (parent.category !== 1) throw badRequest('按钮下不可添加子节点');
  // Moving a menu under one of its own descendants would cut the subtree off the tree.
  if (current && withAncestors(all, [parentId]).has(current.id))
    throw badRequest('父节点不可选择自身!');
}

export async function saveMenu(ctx: AppContext, input: MenuInput): Promise<string> {
  if (!input.id) {
    await checkMenu(ctx.db, input, undefined);
    const category = input.category ?? 1;
    const id = nextId();
    await ctx.db
      .insertInto('bladeMenu')
      .values({
        id,
        parentId: input.parentId ?? '0',
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? '',
        alias: input.alias ?? (category === 1 ? 'menu' : ''),
        path: input.path ?? '',
        source: input.source ?? '',
        sort: input.sort ?? 0,
        category,
        action: input.action ?? 0,
        isOpen: input.isOpen ?? 1,
        remark: input.remark ?? null,
        isDeleted: 0,
      })
      .execute();
    return id;
  }
  const current = await findMenu(ctx.db, input.id);
  if (!current) throw notFound();
  await checkMenu(ctx.db, input, current);
  // Fields the client left out keep their value (BladeX updateById skips nulls).
  const version = input.version ?? current.version;
  const result = await ctx.db
    .updateTable('bladeMenu')
    .set({
      parentId: input.parentId ?? current.parentId,
      code: input.code,
      name: input.name,
      nameEn: input.nameEn ?? current.nameEn,
      alias: input.alias ?? current.alias,
      path: input.path ?? current.path,
      source: input.source ?? current.source,
      sort: input.sort ?? current.sort,
      category: input.category ?? current.category,
      action: input.action ?? current.action,
      isOpen: input.isOpen ?? current.isOpen,
      remark: input.remark ?? current.remark,
      version: version + 1,
    })
    .where('id', '=', input.id)
    .where('isDeleted', '=', 0)
    .where('version', '=', version)
    .executeTakeFirst();
  assertUpdated(result.numUpdatedRows, true);
  return input.id;
}

/**
 * Logic delete; the grants and top-menu links of the removed menus go with them. A menu whose
 * live children are not removed with it is refused, so no subtree is orphaned.
 */
export async function removeMenus(ctx: AppContext, ids: string[]): Promise<void> {
  const found = await ctx.db
    .selectFrom('bladeMenu')
    .select('id')
    .where('id', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
  if (found.length !== new Set(ids).size) throw notFound();
  const child = await ctx.db
    .selectFrom('bladeMenu')
    .select('id')
    .where('parentId', 'in', ids)
    .where('id', 'not in', ids)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (child) throw badRequest('请先删除子节点!');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bladeMenu')
      .set((eb) => ({ isDeleted: 1, version: eb('version', '+', 1) }))
      .where('id', 'in', ids)
      .execute();
    await trx.deleteFrom('bladeRoleMenu').where('menuId', 'in', ids).execute();
    await trx.deleteFrom('bladeTopMenuSetting').where('menuId', 'in', ids).execute();
  });
}
