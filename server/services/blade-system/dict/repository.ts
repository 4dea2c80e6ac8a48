import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DictBizTable } from '../../../db/schema.js';
import type { AuthUser } from '../../../auth/index.js';
import {
  filterConditions,
  paged,
  sortItems,
  type ListSpec,
  type Page,
  type QueryMap,
  type SortItem,
} from '../../../lib/query.js';
import {
  buildTree,
  selectTree,
  wire,
  type SelectNode,
  type TreeNode,
} from '../../../lib/records.js';
import { notFound } from '../../../lib/errors.js';

/**
 * Queries shared by the system dictionary (blade_dict, global) and the business dictionary
 * (blade_dict_biz, one per tenant). A parent row per code has parent_id '0' and dict_key '-1'
 * (its dict_value is the dictionary's title); child rows carry the key/value pairs.
 */
export interface DictStore {
  table: 'bladeDict' | 'bladeDictBiz';
  /** Rows belong to the caller's tenant (tenant_id column) instead of being shared by all. */
  tenantScoped: boolean;
}

export const SYSTEM_DICT: DictStore = { table: 'bladeDict', tenantScoped: false };
export const BIZ_DICT: DictStore = { table: 'bladeDictBiz', tenantScoped: true };

/** The key parent rows carry; never a real entry. */
export const PARENT_KEY = '-1';
export const TOP_PARENT_ID = '0';

/**
 * Both tables typed with the tenant-scoped shape so one set of queries serves both; tenantId is
 * only ever read or written when the store is tenant-scoped (see scopedRows / DICT_COLUMNS).
 */
type DictDB = Record<DictStore['table'], DictBizTable>;
export type DictDb = Kysely<DictDB>;

export function dictDb(db: AppContext['db']): DictDb {
  return db as unknown as DictDb;
}

export interface DictRow {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
  isSealed: number;
  isDeleted: number;
  version: number;
  tenantId?: string;
}

const BASE_COLUMNS = [
  'id',
  'parentId',
  'code',
  'dictKey',
  'dictValue',
  'sort',
  'remark',
  'isSealed',
  'isDeleted',
  'version',
] as const;

function columns(store: DictStore): readonly (keyof DictBizTable)[] {
  return store.tenantScoped ? [...BASE_COLUMNS, 'tenantId'] : BASE_COLUMNS;
}

/** Live rows the caller may see: all of the global table, or their own tenant's. */
export function scopedRows(db: DictDb, store: DictStore, user: AuthUser) {
  let qb = db.selectFrom(store.table).where('isDeleted', '=', 0);
  if (store.tenantScoped) qb = qb.where('tenantId', '=', user.tenantId);
  return qb;
}

type ScopedQuery = ReturnType<typeof scopedRows>;

function selectRows(qb: ScopedQuery, store: DictStore) {
  return qb.select(columns(store)) as unknown as SelectQueryBuilder<
    DictDB,
    DictStore['table'],
    DictRow
  >;
}

const BY_SORT: SortItem[] = [
  { column: 'sort', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];

export const DICT_LIST: ListSpec = {
  filters: {
    code: { column: 'code' },
    dictValue: { column: 'dictValue' },
    dictKey: { column: 'dictKey' },
  },
  sorts: { sort: 'sort', code: 'code', dictKey: 'dictKey', dictValue: 'dictValue' },
};

export const PARENT_LIST: ListSpec = {
  filters: { code: { column: 'code' }, dictValue: { column: 'dictValue' } },
  sorts: { sort: 'sort', code: 'code', dictValue: 'dictValue' },
};

export const CHILD_LIST: ListSpec = {
  filters: { dictKey: { column: 'dictKey' }, dictValue: { column: 'dictValue' } },
  sorts: { sort: 'sort', dictKey: 'dictKey', dictValue: 'dictValue' },
};

async function filteredRows(
  ctx: AppContext,
  store: DictStore,
  base: ScopedQuery,
  query: QueryMap,
  spec: ListSpec,
) {
  let qb = base;
  for (const c of filterConditions(query, spec, ctx.dialect)) qb = qb.where(c);
  const sorts = sortItems(query, spec);
  let q = selectRows(qb, store);
  for (const s of sorts.length ? [...sorts, ...BY_SORT] : BY_SORT)
    q = q.orderBy(s.column as 'sort', s.direction);
  return q.execute();
}

/** GET list: the filtered rows as a tree (an entry whose parent was filtered out becomes a root). */
export async function listTree(
  ctx: AppContext,
  store: DictStore,
  user: AuthUser,
  query: QueryMap,
): Promise<TreeNode<DictRow>[]> {
  const rows = await filteredRows(
    ctx,
    store,
    scopedRows(dictDb(ctx.db), store, user),
    query,
    DICT_LIST,
  );
  return buildTree(rows.map(wire));
}

/** GET parent-list: the dictionaries themselves (parent rows), paged. */
export async function parentPage(
  ctx: AppContext,
  store: DictStore,
  user: AuthUser,
  query: QueryMap,
): Promise<Page<DictRow>> {
  const base = scopedRows(dictDb(ctx.db), store, user).where('parentId', '=', TOP_PARENT_ID);
  const page = await paged(
    base,
    (qb) => selectRows(qb, store),
    query,
    PARENT_LIST,
    ctx.dialect,
    BY_SORT,
  );
  return { ...page, records: page.records.map(wire) };
}

/** GET child-list: a visible parent's entries; a page when the caller asks for one, else all of them. */
export async function childList(
  ctx: AppContext,
  store: DictStore,
  user: AuthUser,
  parentId: string,
  query: QueryMap,
): Promise<Page<DictRow> | DictRow[]> {
  await findRow(ctx.db, store, user, parentId);
  const base = scopedRows(dictDb(ctx.db), store, user).where('parentId', '=', parentId);
  if (query.current === undefined && query.size === undefined) {
    return (await filteredRows(ctx, store, base, query, CHILD_LIST)).map(wire);
  }
  const page = await paged(
    base,
    (qb) => selectRows(qb, store),
    query,
    CHILD_LIST,
    ctx.dialect,
    BY_SORT,
  );
  return { ...page, records: page.records.map(wire) };
}

/** A visible live row, or 404 (another tenant's business dictionary rows do not exist for the caller). */
export async function findRow(
  db: AppContext['db'],
  store: DictStore,
  user: AuthUser,
  id: string,
): Promise<DictRow> {
  const row = await selectRows(
    scopedRows(dictDb(db), store, user).where('id', '=', id),
    store,
  ).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** BladeX names the parent of a top-level row '顶级'. */
export const TOP_PARENT_NAME = '顶级';

export async function detail(ctx: AppContext, store: DictStore, user: AuthUser, id: string) {
  const row = await findRow(ctx.db, store, user, id);
  let parentName = TOP_PARENT_NAME;
  if (row.parentId !== TOP_PARENT_ID) {
    const parent = await scopedRows(dictDb(ctx.db), store, user)
      .select('dictValue')
      .where('id', '=', row.parentId)
      .executeTakeFirst();
    parentName = parent?.dictValue ?? '';
  }
  return { ...wire(row), parentName };
}

/** GET tree: every visible row as a TreeNode titled by its value. */
export async function tree(
  ctx: AppContext,
  store: DictStore,
  user: AuthUser,
): Promise<SelectNode[]> {
  const rows = await scopedRows(dictDb(ctx.db), store, user)
    .select(['id', 'parentId', 'dictValue'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return selectTree(rows, (r) => r.dictValue);
}

export interface DictionaryEntry {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
}

/** GET dictionary?code=: the entries of one dictionary, for the console's selects. */
export async function dictionary(
  ctx: AppContext,
  store: DictStore,
  user: AuthUser,
  code: string,
): Promise<DictionaryEntry[]> {
  const rows = await scopedRows(dictDb(ctx.db), store, user)
    .select(['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark'])
    .where('code', '=', code)
    .where('dictKey', '<>', PARENT_KEY)
    .where('parentId', '<>', TOP_PARENT_ID)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, remark: r.remark ?? '' }));
}
