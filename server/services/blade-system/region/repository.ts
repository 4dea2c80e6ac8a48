import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB, RegionTable as RegionColumns } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { filterConditions, paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { assertUpdated, buildTree, wire, type SelectNode } from '../../../lib/records.js';

/**
 * Regions (contract.md 4.10): one global table keyed by the region code. The wire adds BladeX's
 * RegionVO fields `id` (= code), `parentId` (= parentCode), `parentName` and `hasChildren`, so the
 * console's tree engine treats a region like any tree node. The root is 00 (parentCode '0').
 */
export const REGION_LIST: ListSpec = {
  filters: {
    code: { column: 'r.code' },
    name: { column: 'r.name' },
    parentCode: { column: 'r.parentCode', default: 'equal' },
    level: { column: 'r.level', default: 'equal', type: 'int' },
  },
  sorts: { code: 'r.code', name: 'r.name', sort: 'r.sort', level: 'r.level' },
};

/** Code and name columns of each level (1 province … 5 village); level 0 is the country. */
const LEVEL_COLUMNS = {
  1: ['provinceCode', 'provinceName'],
  2: ['cityCode', 'cityName'],
  3: ['districtCode', 'districtName'],
  4: ['townCode', 'townName'],
  5: ['villageCode', 'villageName'],
} as const;
export const MAX_LEVEL = 5;

/** parentName of the root (BladeX's top node). */
export const ROOT_PARENT_NAME = '顶级';

export const HAS_CHILDREN = '请先删除子节点!';

const COLUMNS = [
  'r.code',
  'r.parentCode',
  'r.ancestors',
  'r.name',
  'r.provinceCode',
  'r.provinceName',
  'r.cityCode',
  'r.cityName',
  'r.districtCode',
  'r.districtName',
  'r.townCode',
  'r.townName',
  'r.villageCode',
  'r.villageName',
  'r.level',
  'r.sort',
  'r.remark',
  'r.version',
] as const;

/** A region row as selected (its version read, not generated). */
type RegionTable = Selectable<RegionColumns>;
type RegionRow = RegionTable & { parentName: string | null };

function regions(db: Kysely<DB>) {
  return db
    .selectFrom('bladeRegion as r')
    .leftJoin('bladeRegion as p', 'p.code', 'r.parentCode')
    .select([...COLUMNS, 'p.name as parentName']);
}

function regionVO(row: RegionRow, hasChildren?: boolean) {
  return wire({
    id: row.code,
    parentId: row.parentCode,
    ...row,
    parentName: row.parentCode === '0' ? ROOT_PARENT_NAME : (row.parentName ?? ''),
    ...(hasChildren === undefined ? {} : { hasChildren }),
  });
}

/** Which of `codes` have at least one child (lazy trees draw an expander for them). */
async function codesWithChildren(db: Kysely<DB>, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('bladeRegion')
    .select('parentCode')
    .distinct()
    .where('parentCode', 'in', codes)
    .execute();
  return new Set(rows.map((r) => r.parentCode));
}

/** GET list: a page of regions (allowlisted filters), by sort then code. */
export async function regionPage(ctx: AppContext, query: QueryMap) {
  const page = await paged(
    ctx.db.selectFrom('bladeRegion as r').leftJoin('bladeRegion as p', 'p.code', 'r.parentCode'),
    (qb) => qb.select([...COLUMNS, 'p.name as parentName']),
    query,
    REGION_LIST,
    ctx.dialect,
    [
      { column: 'r.sort', direction: 'asc' },
      { column: 'r.code', direction: 'asc' },
    ],
  );
  return { ...page, records: (page.records as RegionRow[]).map((r) => regionVO(r)) };
}

/**
 * GET lazy-list: one level under `parentCode` with `hasChildren`. Without a parent, a search
 * (code or name) looks at every level; otherwise the top level (the root's parent is '0').
 */
export async function regionLevel(ctx: AppContext, query: QueryMap, parentCode?: string) {
  const conditions = filterConditions(query, REGION_LIST, ctx.dialect);
  let qb = regions(ctx.db);
  for (const c of conditions) qb = qb.where(c);
  const parent = parentCode ?? (conditions.length > 0 ? undefined : '0');
  if (parent !== undefined) qb = qb.where('r.parentCode', '=', parent);
  const rows = (await qb.orderBy('r.sort').orderBy('r.code').limit(5000).execute()) as RegionRow[];
  const withChildren = await codesWithChildren(
    ctx.db,
    rows.map((r) => r.code),
  );
  return rows.map((r) => regionVO(r, withChildren.has(r.code)));
}

/**
 * GET lazy-tree: TreeNode of one level under `parentCode` (id, key and value = code, title =
 * name). Without `parentCode`, every region (BladeX), flat.
 */
export async function regionSelectLevel(
  ctx: AppContext,
  parentCode: string | undefined,
): Promise<SelectNode[]> {
  let qb = ctx.db.selectFrom('bladeRegion').select(['code', 'parentCode', 'name']);
  if (parentCode !== undefined) qb = qb.where('parentCode', '=', parentCode);
  const rows = await qb.orderBy('sort').orderBy('code').execute();
  const withChildren = await codesWithChildren(
    ctx.db,
    rows.map((r) => r.code),
  );
  return rows.map((r) => ({
    id: r.code,
    parentId: r.parentCode,
    title: r.name,
    key: r.code,
    value: r.code,
    hasChildren: withChildren.has(r.code),
  }));
}

/** GET tree: every region as a nested TreeNode (the parent picker of the region form). */
export async function regionTree(ctx: AppContext): Promise<SelectNode[]> {
  const rows = await ctx.db
    .selectFrom('bladeRegion')
    .select(['code', 'parentCode', 'name'])
    .orderBy('sort')
    .orderBy('code')
    .execute();
  return buildTree(
    rows.map((r) => ({
      id: r.code,
      parentId: r.parentCode,
      title: r.name,
      key: r.code,
      value: r.code,
    })),
  ) as SelectNode[];
}

/** GET select?code=: the children of a region, for cascading pickers. */
export async function regionChildren(ctx: AppContext, code: string) {
  return ctx.db
    .selectFrom('bladeRegion')
    .select(['code', 'name', 'level'])
    .where('parentCode', '=', code)
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

export async function getRegion(ctx: AppContext, code: string) {
  const row = (await regions(ctx.db).where('r.code', '=', code).executeTakeFirst()) as
    RegionRow | undefined;
  if (!row) throw notFound();
  const withChildren = await codesWithChildren(ctx.db, [row.code]);
  return regionVO(row, withChildren.has(row.code));
}

export interface RegionInput {
  /** Present: update the region with this code (the code itself cannot change). */
  id?: string | undefined;
  code: string;
  /** '0' for the root; absent on update means unchanged. */
  parentCode?: string | undefined;
  name: string;
  sort: number;
  remark?: string | undefined;
  /** The version the editor loaded (absent: whatever is current); a stale one is 409. */
  version?: number | undefined;
}

/** The level-specific code/name columns of a region under `parent` (BladeX submit). */
function levelColumns(
  parent: RegionTable | undefined,
  level: number,
  code: string,
  name: string,
): Partial<RegionTable> {
  const out: Record<string, string | null> = {};
  for (const [l, [codeColumn, nameColumn]] of Object.entries(LEVEL_COLUMNS)) {
    const n = Number(l);
    if (n === level) {
      out[codeColumn] = code;
      out[nameColumn] = name;
    } else if (n < level) {
      out[codeColumn] = parent?.[codeColumn] ?? null;
      out[nameColumn] = parent?.[nameColumn] ?? null;
    } else {
      out[codeColumn] = null;
      out[nameColumn] = null;
    }
  }
  return out as Partial<RegionTable>;
}

export const CODE_PREFIX = '区划编号须以上级区划编号开头';

export async function saveRegion(ctx: AppContext, input: RegionInput): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const fields = { name: input.name, sort: input.sort, remark: input.remark ?? null };
    if (input.id) {
      const current = await trx
        .selectFrom('bladeRegion')
        .selectAll()
        .where('code', '=', input.id)
        .executeTakeFirst();
      if (!current) throw notFound();
      if (input.code !== current.code) throw badRequest('code:区划编号不可修改');
      if (input.parentCode !== undefined && input.parentCode !== current.parentCode)
        throw badRequest('parentCode:上级区划不可修改');
      const version = input.version ?? current.version;
      const result = await trx
        .updateTable('bladeRegion')
        .set({ ...fields, version: version + 1 })
        .where('code', '=', current.code)
        .where('version', '=', version)
        .executeTakeFirst();
      assertUpdated(result.numUpdatedRows, true);
      // The region's name is copied into its descendants' level columns: keep them in step.
      const level = LEVEL_COLUMNS[current.level as keyof typeof LEVEL_COLUMNS];
      if (level && current.name !== input.name) {
        const [codeColumn, nameColumn] = level;
        await trx
          .updateTable('bladeRegion')
          .set({ [nameColumn]: input.name })
          .where(codeColumn, '=', current.code)
          .execute();
      }
      return current.code;
    }

    const parentCode = input.parentCode ?? '0';
    const parent =
      parentCode === '0'
        ? undefined
        : await trx
            .selectFrom('bladeRegion')
            .selectAll()
            .where('code', '=', parentCode)
            .executeTakeFirst();
    if (parentCode !== '0' && !parent) throw badRequest('parentCode:上级区划不存在');
    const level = parent ? parent.level + 1 : 0;
    if (level > MAX_LEVEL) throw badRequest('parentCode:村级区划下不能再添加下级区划');
    // Below the country, a code extends its parent's (11 -> 1101 -> 110101).
    if (
      parent &&
      parent.level >= 1 &&
      !(input.code.startsWith(parent.code) && input.code.length > parent.code.length)
    )
      throw badRequest(`code:${CODE_PREFIX}`);
    const exists = await trx
      .selectFrom('bladeRegion')
      .select('code')
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (exists) throw badRequest('code:区划编号已存在');
    await trx
      .insertInto('bladeRegion')
      .values({
        code: input.code,
        parentCode,
        ancestors: parent ? `${parent.ancestors},${parent.code}` : '0',
        level,
        ...fields,
        provinceCode: null,
        provinceName: null,
        cityCode: null,
        cityName: null,
        districtCode: null,
        districtName: null,
        townCode: null,
        townName: null,
        villageCode: null,
        villageName: null,
        ...levelColumns(parent, level, input.code, input.name),
      })
      .execute();
    return input.code;
  });
}

/** POST remove: all or nothing; a region with children (not removed with it) is refused. */
export async function removeRegions(ctx: AppContext, codes: string[]): Promise<void> {
  const unique = [...new Set(codes)];
  await ctx.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('bladeRegion')
      .select('code')
      .where('code', 'in', unique)
      .execute();
    if (found.length !== unique.length) throw notFound();
    const child = await trx
      .selectFrom('bladeRegion')
      .select('code')
      .where('parentCode', 'in', unique)
      .where('code', 'not in', unique)
      .executeTakeFirst();
    if (child) throw badRequest(HAS_CHILDREN);
    await trx.deleteFrom('bladeRegion').where('code', 'in', unique).execute();
  });
}
