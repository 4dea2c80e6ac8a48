import type { AppContext } from '../../../context.js';
import type { DictBizTable } from '../../../db/schema.js';
import type { AuthUser } from '../../../auth/index.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { assertUpdated } from '../../../lib/records.js';
import {
  dictDb,
  findRow,
  PARENT_KEY,
  scopedRows,
  TOP_PARENT_ID,
  type DictDb,
  type DictRow,
  type DictStore,
} from './repository.js';

/**
 * Submit and remove rules shared by both dictionaries: sealed dictionaries are frozen for all but
 * the super administrator, keys are unique per dictionary, children follow their parent's code.
 */
export const SEALED = '该字典已封存，不可修改';
export const DUPLICATE_KEY = '当前字典键值已存在!';
export const DUPLICATE_CODE = '当前字典编号已存在!';
export const HAS_CHILDREN = '请先删除子节点!';

export interface DictInput {
  id?: string | undefined;
  /** '0' (or absent) for a dictionary itself, else the id of its parent row. */
  parentId?: string | undefined;
  code: string;
  dictKey?: string | undefined;
  dictValue: string;
  sort: number;
  remark?: string | undefined;
  isSealed: number;
  version?: number | undefined;
}

/** Ids among `parentIds` whose rows are sealed. */
async function sealedIds(
  db: DictDb,
  store: DictStore,
  user: AuthUser,
  parentIds: string[],
): Promise<Set<string>> {
  if (parentIds.length === 0) return new Set();
  const rows = await scopedRows(db, store, user)
    .select('id')
    .where('id', 'in', parentIds)
    .where('isSealed', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A sealed row, or an entry of a sealed dictionary, is changed only by the super administrator. */
async function assertChangeable(
  db: DictDb,
  store: DictStore,
  user: AuthUser,
  rows: Pick<DictRow, 'parentId' | 'isSealed'>[],
): Promise<void> {
  if (user.isSuperAdmin) return;
  if (rows.some((r) => r.isSealed === 1)) throw forbidden(SEALED);
  const parents = [
    ...new Set(rows.filter((r) => r.parentId !== TOP_PARENT_ID).map((r) => r.parentId)),
  ];
  if ((await sealedIds(db, store, user, parents)).size > 0) throw forbidden(SEALED);
}

async function liveChildIds(
  db: DictDb,
  store: DictStore,
  user: AuthUser,
  parentIds: string[],
): Promise<string[]> {
  if (parentIds.length === 0) return [];
  const rows = await scopedRows(db, store, user)
    .select('id')
    .where('parentId', 'in', parentIds)
    .execute();
  return rows.map((r) => r.id);
}

/** The parent row an entry goes under: it must be a visible dictionary (not an entry). */
async function parentRow(db: DictDb, store: DictStore, user: AuthUser, parentId: string) {
  const parent = await scopedRows(db, store, user)
    .select(['id', 'code', 'isSealed'])
    .where('id', '=', parentId)
    .where('parentId', '=', TOP_PARENT_ID)
    .executeTakeFirst();
  if (!parent) throw badRequest('parentId:上级字典不存在');
  return parent;
}

/** Insert (no id) or update with optimistic locking; answers the row's id. */
export async function saveDict(
  ctx: AppContext,
  store: DictStore,
  user: AuthUser,
  input: DictInput,
): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const db = dictDb(trx);
    const current = input.id ? await findRow(trx, store, user, input.id) : undefined;
    if (current) await assertChangeable(db, store, user, [current]);

    const parentId = input.parentId ?? TOP_PARENT_ID;
    let code = input.code;
    let dictKey = PARENT_KEY;
    if (parentId !== TOP_PARENT_ID) {
      if (current && parentId === current.id) throw badRequest('parentId:上级字典不能是自身');
      const parent = await parentRow(db, store, user, parentId);
      if (parent.isSealed === 1 && !user.isSuperAdmin) throw forbidden(SEALED);
      if (!input.dictKey) throw badRequest('dictKey:请输入字典键值');
      if (input.dictKey === PARENT_KEY) throw badRequest('dictKey:字典键值不能为-1');
      // Entries are one level deep: a dictionary that has entries cannot itself become one.
      if (current && (await liveChildIds(db, store, user, [current.id])).length > 0) {
        throw badRequest('parentId:当前字典存在子项，不能设置上级字典');
      }
      code = parent.code;
      dictKey = input.dictKey;
    }

    let duplicate = scopedRows(db, store, user)
      .select('id')
      .where('code', '=', code)
      .where('dictKey', '=', dictKey);
    if (current) duplicate = duplicate.where('id', '<>', current.id);
    if (await duplicate.executeTakeFirst())
      throw badRequest(dictKey === PARENT_KEY ? DUPLICATE_CODE : DUPLICATE_KEY);

    const fields = {
      parentId,
      code,
      dictKey,
      dictValue: input.dictValue,
      sort: input.sort,
      remark: input.remark ?? null,
      isSealed: input.isSealed,
    };

    if (!current) {
      const id = nextId();
      const row = { id, ...fields, isDeleted: 0, version: 1 };
      // The global table has no tenant column; only the business dictionary stores the tenant.
      await db
        .insertInto(store.table)
        .values(store.tenantScoped ? { ...row, tenantId: user.tenantId } : (row as DictBizTable))
        .execute();
      return id;
    }

    const version = input.version ?? current.version;
    let update = db
      .updateTable(store.table)
      .set({ ...fields, version: version + 1 })
      .where('id', '=', current.id)
      .where('isDeleted', '=', 0)
      .where('version', '=', version);
    if (store.tenantScoped) update = update.where('tenantId', '=', user.tenantId);
    assertUpdated((await update.executeTakeFirst()).numUpdatedRows, true);

    if (parentId === TOP_PARENT_ID && code !== current.code) {
      let children = db
        .updateTable(store.table)
        .set((eb) => ({ code, version: eb('version', '+', 1) }))
        .where('parentId', '=', current.id)
        .where('isDeleted', '=', 0);
      if (store.tenantScoped) children = children.where('tenantId', '=', user.tenantId);
      await children.execute();
    }
    return current.id;
  });
}

/**
 * Logical delete. Every id must be visible (else 404, nothing removed); a dictionary goes only
 * when its entries are gone or removed in the same call.
 */
export async function removeDicts(
  ctx: AppContext,
  store: DictStore,
  user: AuthUser,
  ids: string[],
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const db = dictDb(trx);
    const wanted = [...new Set(ids)];
    const rows = await scopedRows(db, store, user)
      .select(['id', 'parentId', 'isSealed'])
      .where('id', 'in', wanted)
      .execute();
    if (rows.length !== wanted.length) throw notFound();
    await assertChangeable(db, store, user, rows);

    const parents = rows.filter((r) => r.parentId === TOP_PARENT_ID).map((r) => r.id);
    const removing = new Set(wanted);
    if ((await liveChildIds(db, store, user, parents)).some((id) => !removing.has(id)))
      throw badRequest(HAS_CHILDREN);

    let update = db.updateTable(store.table).set({ isDeleted: 1 }).where('id', 'in', wanted);
    if (store.tenantScoped) update = update.where('tenantId', '=', user.tenantId);
    await update.execute();
  });
}
