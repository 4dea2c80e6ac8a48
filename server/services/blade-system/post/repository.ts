import type { AppContext } from '../../../context.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { wire, insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';

/** Posts (contract.md 4.6) are tenant rows: every query is bound to the caller's tenant. */
export const POST_LIST: ListSpec = {
  filters: {
    category: { column: 'category', default: 'equal' },
    postCode: { column: 'postCode' },
    postName: { column: 'postName' },
  },
  sorts: {
    sort: 'sort',
    postCode: 'postCode',
    postName: 'postName',
    category: 'category',
    createTime: 'createTime',
  },
};

const COLUMNS = [
  'id',
  'tenantId',
  'category',
  'postCode',
  'postName',
  'sort',
  'remark',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
] as const;

/** Names of dict `post_category` (1 高层, 2 中层, 3 基层, 4 其他), read from the dictionary so edits show. */
async function categoryNames(ctx: AppContext): Promise<Map<string, string>> {
  const rows = await ctx.db
    .selectFrom('bladeDict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', 'post_category')
    .where('parentId', '<>', '0')
    .where('isDeleted', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}

type PostRow = { category: number } & Record<string, unknown>;

function postVO<T extends PostRow>(row: T, names: Map<string, string>) {
  return { ...wire(row), categoryName: names.get(String(row.category)) ?? '' };
}

function tenantPosts(ctx: AppContext, user: AuthUser) {
  return ctx.db
    .selectFrom('bladePost')
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0);
}

/**
 * `category` is an integer column: only equality on an integer makes sense, and PostgreSQL would
 * fail (500) on LIKE or on a non-numeric value, so anything else is a 400.
 */
function checkCategoryFilter(query: QueryMap): void {
  for (const [key, raw] of Object.entries(query)) {
    if (key !== 'category' && !key.startsWith('category_')) continue;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value === null || value === '') continue;
    const equality = key === 'category' || key === 'category_equal';
    if (!equality || !/^-?\d{1,9}$/.test(String(value))) throw badRequest('参数格式错误: category');
  }
}

export async function listPosts(ctx: AppContext, user: AuthUser, query: QueryMap) {
  checkCategoryFilter(query);
  const page = await paged(
    tenantPosts(ctx, user),
    (qb) => qb.select(COLUMNS),
    query,
    POST_LIST,
    ctx.dialect,
    [
      { column: 'sort', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ],
  );
  const names = await categoryNames(ctx);
  return { ...page, records: page.records.map((r) => postVO(r, names)) };
}

export async function getPost(ctx: AppContext, user: AuthUser, id: string) {
  const row = await tenantPosts(ctx, user).select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return postVO(row, await categoryNames(ctx));
}

/** GET select: every post of the caller's tenant, for pickers. */
export async function postOptions(ctx: AppContext, user: AuthUser) {
  const rows = await tenantPosts(ctx, user).select(COLUMNS).orderBy('sort').orderBy('id').execute();
  const names = await categoryNames(ctx);
  return rows.map((r) => postVO(r, names));
}

export interface PostInput {
  id?: string | undefined;
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark?: string | undefined;
}

export async function savePost(ctx: AppContext, user: AuthUser, input: PostInput): Promise<string> {
  const now = nowText();
  const fields = {
    category: input.category,
    postCode: input.postCode,
    postName: input.postName,
    sort: input.sort,
    remark: input.remark ?? null,
    updateUser: user.userId,
    updateTime: now,
  };
  if (!input.id) {
    const id = nextId();
    await ctx.db
      .insertInto('bladePost')
      .values({
        id,
        tenantId: user.tenantId,
        ...fields,
        ...insertAudit(user, now),
      })
      .execute();
    return id;
  }
  const result = await ctx.db
    .updateTable('bladePost')
    .set(fields)
    .where('id', '=', input.id)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound();
  return input.id;
}

/** Logic delete; an id that is not a live post of the caller's tenant makes the whole call 404. */
export async function removePosts(ctx: AppContext, user: AuthUser, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('bladePost')
      .select('id')
      .where('id', 'in', unique)
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .execute();
    if (found.length !== unique.length) throw notFound();
    await trx
      .updateTable('bladePost')
      .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
      .where('id', 'in', unique)
      .where('tenantId', '=', user.tenantId)
      .execute();
  });
}
