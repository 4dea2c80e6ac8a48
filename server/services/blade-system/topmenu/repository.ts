import type { AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { assertUpdated, wire, insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import type { AuthUser } from '../../../auth/index.js';
import { distinct, inChunks } from '../menu/input.js';

/**
 * blade_top_menu: the entries of the top bar, per tenant; blade_top_menu_setting links each to
 * the menus its sidebar shows (menu/routes?topMenuId=).
 */
export const TOP_MENU_LIST: ListSpec = {
  filters: { code: { column: 'code' }, name: { column: 'name' } },
  sorts: { sort: 'sort', code: 'code', name: 'name', createTime: 'createTime' },
};

const COLUMNS = [
  'id',
  'tenantId',
  'code',
  'name',
  'nameEn',
  'source',
  'path',
  'sort',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
  'version',
] as const;

const tenantTopMenus = (ctx: AppContext, user: AuthUser) =>
  ctx.db
    .selectFrom('bladeTopMenu')
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0);

export async function listTopMenus(ctx: AppContext, user: AuthUser, query: QueryMap) {
  const page = await paged(
    tenantTopMenus(ctx, user),
    (qb) => qb.select(COLUMNS),
    query,
    TOP_MENU_LIST,
    ctx.dialect,
    [
      { column: 'sort', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ],
  );
  return { ...page, records: page.records.map(wire) };
}

export async function getTopMenu(ctx: AppContext, user: AuthUser, id: string) {
  const row = await tenantTopMenus(ctx, user)
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return wire(row);
}

export interface TopMenuInput {
  id?: string | undefined;
  code: string;
  name: string;
  nameEn?: string | undefined;
  source?: string | undefined;
  path?: string | undefined;
  sort?: number | undefined;
  /** The version the editor loaded (absent: whatever is current); a stale one is 409. */
  version?: number | undefined;
}

export async function saveTopMenu(
  ctx: AppContext,
  user: AuthUser,
  input: TopMenuInput,
): Promise<string> {
  const sameCode = await tenantTopMenus(ctx, user)
    .select('id')
    .where('code', '=', input.code)
    .execute();
  if (sameCode.some((r) => r.id !== input.id)) throw badRequest('顶部菜单编号已存在');
  const now = nowText();
  if (!input.id) {
    const id = nextId();
    await ctx.db
      .insertInto('bladeTopMenu')
      .values({
        id,
        tenantId: user.tenantId,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? '',
        source: input.source ?? '',
        path: input.path ?? null,
        sort: input.sort ?? 0,
        ...insertAudit(user, now),
      })
      .execute();
    return id;
  }
  const current = await getTopMenu(ctx, user, input.id);
  const version = input.version ?? current.version;
  const result = await ctx.db
    .updateTable('bladeTopMenu')
    .set({
      code: input.code,
      name: input.name,
      nameEn: input.nameEn ?? current.nameEn,
      source: input.source ?? current.source,
      path: input.path ?? (current.path || null),
      sort: input.sort ?? current.sort,
      updateUser: user.userId,
      updateTime: now,
      version: version + 1,
    })
    .where('id', '=', input.id)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('version', '=', version)
    .executeTakeFirst();
  assertUpdated(result.numUpdatedRows, true);
  return input.id;
}

/** The ids must all be live top menus of the caller's tenant (another tenant's: 404). */
async function assertOwnTopMenus(ctx: AppContext, user: AuthUser, ids: string[]): Promise<void> {
  const found = await tenantTopMenus(ctx, user).select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw notFound();
}

export async function removeTopMenus(
  ctx: AppContext,
  user: AuthUser,
  raw: string[],
): Promise<void> {
  const ids = distinct(raw);
  await assertOwnTopMenus(ctx, user, ids);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bladeTopMenu')
      .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
      .where('id', 'in', ids)
      .where('tenantId', '=', user.tenantId)
      .execute();
    await trx.deleteFrom('bladeTopMenuSetting').where('topMenuId', 'in', ids).execute();
  });
}

/** POST topmenu/grant: replace the menus of those top menus. */
export async function grantTopMenus(
  ctx: AppContext,
  user: AuthUser,
  raw: { topMenuIds: string[]; menuIds: string[] },
): Promise<void> {
  const topMenuIds = distinct(raw.topMenuIds);
  const menuIds = distinct(raw.menuIds);
  await assertOwnTopMenus(ctx, user, topMenuIds);
  const menus = await inChunks(menuIds, (slice) =>
    ctx.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('id', 'in', slice)
      .where('isDeleted', '=', 0)
      .execute(),
  );
  if (menus.length !== menuIds.length) throw badRequest('所选菜单不存在');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bladeTopMenuSetting').where('topMenuId', 'in', topMenuIds).execute();
    const rows = topMenuIds.flatMap((topMenuId) =>
      menuIds.map((menuId) => ({ id: nextId(), topMenuId, menuId })),
    );
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('bladeTopMenuSetting')
        .values(rows.slice(i, i + 200))
        .execute();
  });
}
