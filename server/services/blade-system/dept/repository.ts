import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import type { AuthUser } from '../../../auth/index.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import {
  escapeLike,
  filterConditions,
  likeExpr,
  type ListSpec,
  type QueryMap,
} from '../../../lib/query.js';
import {
  assertUpdated,
  buildTree,
  selectTree,
  wire,
  type SelectNode,
} from '../../../lib/records.js';

/** Departments (contract.md 4.5) are tenant rows: every query is bound to the caller's tenant. */
export const DEPT_LIST: ListSpec = {
  filters: {
    deptName: { column: 'd.deptName' },
    fullName: { column: 'd.fullName' },
  },
  sorts: {},
};

/** parentName of a root department (BladeX DeptVO). */
export const ROOT_PARENT_NAME = '顶级';

const COLUMNS = [
  'd.id',
  'd.tenantId',
  'd.parentId',
  'd.ancestors',
  'd.deptCategory',
  'd.deptName',
  'd.fullName',
  'd.sort',
  'd.remark',
  'd.isDeleted',
  'd.version',
] as const;

/** Live departments of one tenant joined to their parent for `parentName`. */
function tenantDepts(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('bladeDept as d')
    .leftJoin('bladeDept as p', (join) =>
      join.onRef('p.id', '=', 'd.parentId').onRef('p.tenantId', '=', 'd.tenantId'),
    )
    .where('d.tenantId', '=', tenantId)
    .where('d.isDeleted', '=', 0);
}

type DeptRow = {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  deptCategory: number;
  deptName: string;
  fullName: string | null;
  sort: number;
  remark: string | null;
  isDeleted: number;
  version: number;
  parentName: string | null;
};

function deptVO(row: DeptRow) {
  return wire({
    ...row,
    parentName: row.parentId === '0' ? ROOT_PARENT_NAME : (row.parentName ?? ''),
  });
}

async function selectDepts(
  ctx: AppContext,
  user: AuthUser,
  query: QueryMap,
  parentId?: string,
): Promise<DeptRow[]> {
  let qb = tenantDepts(ctx.db, user.tenantId);
  for (const c of filterConditions(query, DEPT_LIST, ctx.dialect)) qb = qb.where(c);
  if (parentId !== undefined) qb = qb.where('d.parentId', '=', parentId);
  return qb
    .select([...COLUMNS, 'p.deptName as parentName'])
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute();
}

/** Which of `ids` have at least one live child (lazy trees draw an expander for them). */
async function idsWithChildren(
  ctx: AppContext,
  tenantId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('bladeDept')
    .select('parentId')
    .distinct()
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('parentId', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.parentId));
}

/** GET list: the filtered departments as a DeptVO tree (a row whose parent is filtered out becomes a root). */
export async function deptTree(ctx: AppContext, user: AuthUser, query: QueryMap) {
  return buildTree((await selectDepts(ctx, user, query)).map(deptVO));
}

/**
 * GET lazy-list: one level under `parentId`. A name search without an explicit parentId looks at
 * every level, as the console's search box expects to find nested departments.
 */
export async function deptLevel(
  ctx: AppContext,
  user: AuthUser,
  query: QueryMap,
  parentId: string | undefined,
) {
  const searching = filterConditions(query, DEPT_LIST, ctx.dialect).length > 0;
  const rows = await selectDepts(ctx, user, query, parentId ?? (searching ? undefined : '0'));
  const withChildren = await idsWithChildren(
    ctx,
    user.tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...deptVO(r), hasChildren: withChildren.has(r.id) }));
}

export async function getDept(ctx: AppContext, user: AuthUser, id: string) {
  const row = await tenantDepts(ctx.db, user.tenantId)
    .select([...COLUMNS, 'p.deptName as parentName'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return deptVO(row);
}

/** GET tree: the tenant's departments as TreeNode. */
export async function deptSelectTree(ctx: AppContext, user: AuthUser): Promise<SelectNode[]> {
  const rows = await selectDepts(ctx, user, {});
  return selectTree(rows, (r) => r.deptName);
}

/** GET lazy-tree: one level of TreeNode under `parentId`. */
export async function deptSelectLevel(
  ctx: AppContext,
  user: AuthUser,
  parentId: string,
): Promise<SelectNode[]> {
  const rows = await selectDepts(ctx, user, {}, parentId);
  const withChildren = await idsWithChildren(
    ctx,
    user.tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    title: r.deptName,
    key: r.id,
    value: r.id,
    hasChildren: withChildren.has(r.id),
  }));
}

/** GET select: a flat list for pickers. */
export async function deptOptions(ctx: AppContext, user: AuthUser) {
  const rows = await selectDepts(ctx, user, {});
  return rows.map((r) => ({ id: r.id, parentId: r.parentId, deptName: r.deptName }));
}

export interface DeptInput {
  id?: string | undefined;
  /** '0' for a root. */
  parentId: string;
  deptName: string;
  fullName?: string | undefined;
  deptCategory: number;
  sort: number;
  remark?: string | undefined;
  version?: number | undefined;
}

export const SELF_PARENT = '父节点不可选择自身!';

/** The ancestors path a department gets under `parentId` (comma path from '0'). */
async function ancestorsUnder(
  db: Kysely<DB>,
  tenantId: string,
  parentId: string,
  movingId: string | undefined,
): Promise<string> {
  if (parentId === '0') return '0';
  if (movingId && parentId === movingId) throw badRequest(SELF_PARENT);
  const parent = await db
    .selectFrom('bladeDept')
    .select(['id', 'ancestors'])
    .where('id', '=', parentId)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!parent) throw badRequest('上级机构不存在!');
  // Moving a department under one of its own descendants would cut the subtree off the tree.
  if (movingId && parent.ancestors.split(',').includes(movingId)) throw badRequest(SELF_PARENT);
  return `${parent.ancestors},${parent.id}`;
}

export async function saveDept(ctx: AppContext, user: AuthUser, input: DeptInput): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const fields = {
      parentId: input.parentId,
      deptName: input.deptName,
      fullName: input.fullName ?? null,
      deptCategory: input.deptCategory,
      sort: input.sort,
      remark: input.remark ?? null,
    };
    if (!input.id) {
      const ancestors = await ancestorsUnder(trx, user.tenantId, input.parentId, undefined);
      const id = nextId();
      await trx
        .insertInto('bladeDept')
        .values({ id, tenantId: user.tenantId, ancestors, ...fields, isDeleted: 0, version: 1 })
        .execute();
      return id;
    }
    const id = input.id;
    const current = await trx
      .selectFrom('bladeDept')
      .select(['ancestors', 'version'])
      .where('id', '=', id)
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!current) throw notFound();
    const ancestors = await ancestorsUnder(trx, user.tenantId, input.parentId, id);
    const version = input.version ?? current.version;
    const result = await trx
      .updateTable('bladeDept')
      .set({ ...fields, ancestors, version: version + 1 })
      .where('id', '=', id)
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .where('version', '=', version)
      .executeTakeFirst();
    assertUpdated(result.numUpdatedRows, true);
    if (ancestors !== current.ancestors) {
      await rewriteDescendantAncestors(
        trx,
        user.tenantId,
        `${current.ancestors},${id}`,
        `${ancestors},${id}`,
      );
    }
    return id;
  });
}

/** After a move, every descendant's path starts with the moved department's new path. */
async function rewriteDescendantAncestors(
  db: Kysely<DB>,
  tenantId: string,
  oldPrefix: string,
  newPrefix: string,
): Promise<void> {
  const rows = await db
    .selectFrom('bladeDept')
    .select(['id', 'ancestors'])
    .where('tenantId', '=', tenantId)
    .execute();
  for (const row of rows) {
    if (row.ancestors !== oldPrefix && !row.ancestors.startsWith(`${oldPrefix},`)) continue;
    await db
      .updateTable('bladeDept')
      .set({ ancestors: newPrefix + row.ancestors.slice(oldPrefix.length) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function removeDepts(ctx: AppContext, user: AuthUser, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('bladeDept')
      .select('id')
      .where('id', 'in', unique)
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .execute();
    if (found.length !== unique.length) throw notFound();
    const child = await trx
      .selectFrom('bladeDept')
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .where('parentId', 'in', unique)
      .where('id', 'not in', unique)
      .executeTakeFirst();
    if (child) throw badRequest('请先删除子节点!');
    // dept_id is a comma list: LIKE narrows the rows, the exact check is done on the split list.
    const candidates = await trx
      .selectFrom('bladeUser')
      .select('deptId')
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .where((eb) =>
        eb.or(unique.map((id) => likeExpr('deptId', `%${escapeLike(id)}%`, ctx.dialect))),
      )
      .execute();
    const used = candidates.some((u) => u.deptId.split(',').some((d) => unique.includes(d.trim())));
    if (used) throw badRequest('请先删除机构下的用户');
    await trx
      .updateTable('bladeDept')
      .set((eb) => ({ isDeleted: 1, version: eb('version', '+', 1) }))
      .where('id', 'in', unique)
      .where('tenantId', '=', user.tenantId)
      .execute();
  });
}
