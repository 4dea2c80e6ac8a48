import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../auth/index.js';
import { cachedForGrants } from '../../auth/grants-cache.js';
import { notFound } from '../../lib/errors.js';
import { encryptPhone, phoneKey } from '../../lib/phone-crypto.js';
import { escapeLike, paged, type ListSpec, type QueryMap } from '../../lib/query.js';
import { wire } from '../../lib/records.js';
import { splitIds } from './input.js';
import { storedPhotos } from './profile.js';

/** What a user list may filter and sort on (contract.md Part 1 decision 7). */
export const USER_LIST: ListSpec = {
  filters: {
    account: { column: 'u.account' },
    realName: { column: 'u.realName' },
    name: { column: 'u.name' },
    phone: { column: 'u.phone' },
    email: { column: 'u.email' },
    code: { column: 'u.code' },
    status: { column: 'u.status', default: 'equal', type: 'int' },
    userType: { column: 'u.userType', default: 'equal', type: 'int' },
    createTime: { column: 'u.createTime' },
  },
  sorts: { account: 'u.account', realName: 'u.realName', createTime: 'u.createTime' },
};

/** Every column a response may carry; the password hash is deliberately not among them. */
const COLUMNS = [
  'u.id',
  'u.tenantId',
  'u.code',
  'u.userType',
  'u.account',
  'u.name',
  'u.realName',
  'u.avatar',
  'u.email',
  'u.phone',
  'u.birthday',
  'u.sex',
  'u.roleId',
  'u.deptId',
  'u.postId',
  'u.createUser',
  'u.createDept',
  'u.createTime',
  'u.updateUser',
  'u.updateTime',
  'u.status',
  'u.isDeleted',
  'u.version',
] as const;

type UserRow = {
  id: string;
  tenantId: string;
  phone: string | null;
  roleId: string;
  deptId: string;
  postId: string;
  status: number;
  sex: number | null;
  userType: number;
};

/**
 * `deptId` / `roleId` filters: users whose comma list holds any of the given ids. The list is
 * wrapped in commas so '12' does not match '123'; the id is bound and LIKE-escaped.
 */
function listContains(column: string, raw: unknown): Expression<SqlBool> | undefined {
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const ids = splitIds(String(value)).slice(0, 100);
  if (ids.length === 0) return undefined;
  const wrapped = sql`(',' || ${sql.ref(column)} || ',')`;
  const tests = ids.map(
    (id) => sql<SqlBool>`${wrapped} like ${`%,${escapeLike(id)},%`} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

export async function listUsers(ctx: AppContext, caller: AuthUser, query: QueryMap) {
  let base = ctx.db
    .selectFrom('bladeUser as u')
    .where('u.tenantId', '=', caller.tenantId)
    .where('u.isDeleted', '=', 0);
  for (const [name, snake, column] of [
    ['deptId', 'dept_id', 'u.deptId'],
    ['roleId', 'role_id', 'u.roleId'],
  ] as const) {
    const condition = listContains(column, query[name] ?? query[snake]);
    if (condition) base = base.where(condition);
  }
  const page = await paged(base, (qb) => qb.select(COLUMNS), query, USER_LIST, ctx.dialect, [
    { column: 'u.createTime', direction: 'desc' },
    { column: 'u.id', direction: 'desc' },
  ]);
  return { ...page, records: await toViews(ctx, caller, page.records) };
}

/** One live user of the caller's tenant, as the console shows it; 404 for anything else. */
export async function getUserView(ctx: AppContext, caller: AuthUser, id: string) {
  const row = await ctx.db
    .selectFrom('bladeUser as u')
    .select(COLUMNS)
    .where('u.id', '=', id)
    .where('u.tenantId', '=', caller.tenantId)
    .where('u.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  const [view] = await toViews(ctx, caller, [row]);
  return view!;
}

/** The caller's own profile (GET info): the detail plus tenantName. */
export async function getOwnProfile(ctx: AppContext, caller: AuthUser) {
  const view = await getUserView(ctx, caller, caller.userId);
  const tenant = await ctx.db
    .selectFrom('bladeTenant')
    .select('tenantName')
    .where('tenantId', '=', caller.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  const own = await ctx.db
    .selectFrom('bladeUser')
    .select(['nativePlace', 'idCardFront', 'idCardBack'])
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  return {
    ...view,
    tenantName: tenant?.tenantName ?? '',
    // The profile dialog's fields (issue 16 item 16): the caller's own only.
    nativePlace: own?.nativePlace ?? '',
    idCardFront: storedPhotos(own?.idCardFront ?? null),
    idCardBack: storedPhotos(own?.idCardBack ?? null),
  };
}

/**
 * UserVO: names of roles, departments and posts (resolved inside the caller's tenant only, so
 * a stray foreign id shows nothing), dictionary labels, and the phone encrypted for this session.
 */
async function toViews<R extends UserRow>(ctx: AppContext, caller: AuthUser, rows: R[]) {
  const collect = (pick: (r: R) => string) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))];
  const roleIds = collect((r) => r.roleId);
  const deptIds = collect((r) => r.deptId);
  const postIds = collect((r) => r.postId);
  const tenantId = caller.tenantId;
  const [roles, depts, posts, labels] = await Promise.all([
    roleIds.length
      ? ctx.db
          .selectFrom('bladeRole')
          .select(['id', 'roleName as name'])
          .where('id', 'in', roleIds)
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .execute()
      : [],
    deptIds.length
      ? ctx.db
          .selectFrom('bladeDept')
          .select(['id', 'deptName as name'])
          .where('id', 'in', deptIds)
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .execute()
      : [],
    postIds.length
      ? ctx.db
          .selectFrom('bladePost')
          .select(['id', 'postName as name'])
          .where('id', 'in', postIds)
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .execute()
      : [],
    dictLabels(ctx, ['user_status', 'user_type', 'sex'], caller.grantsVersion),
  ]);
  const names = (list: { id: string; name: string }[]) => new Map(list.map((x) => [x.id, x.name]));
  const roleNames = names(roles);
  const deptNames = names(depts);
  const postNames = names(posts);
  const join = (ids: string, map: Map<string, string>) =>
    splitIds(ids)
      .map((id) => map.get(id))
      .filter((n): n is string => n !== undefined)
      .join(',');
  const label = (code: string, key: number | null) =>
    key === null ? '' : (labels.get(code)?.get(String(key)) ?? '');
  const key = phoneKey(ctx.jwtSecret, caller.sessionId);
  return rows.map((r) =>
    wire({
      ...r,
      phone: encryptPhone(r.phone, key),
      roleName: join(r.roleId, roleNames),
      deptName: join(r.deptId, deptNames),
      postName: join(r.postId, postNames),
      statusName: label('user_status', r.status),
      sexName: label('sex', r.sex),
      userTypeName: label('user_type', r.userType),
    }),
  );
}

/**
 * dict code -> key -> label, for the few dictionaries a user record names; cached for the
 * request's grants version when given (lib/table/contract.ts `dictNames`). Never change the maps.
 */
export function dictLabels(
  ctx: Pick<AppContext, 'db'>,
  codes: string[],
  grantsVersion?: number,
): Promise<ReadonlyMap<string, ReadonlyMap<string, string>>> {
  return cachedForGrants(ctx.db, grantsVersion, `dicts:${codes.join(',')}`, () =>
    readDictLabels(ctx, codes),
  );
}

async function readDictLabels(
  ctx: Pick<AppContext, 'db'>,
  codes: string[],
): Promise<Map<string, Map<string, string>>> {
  const rows = await ctx.db
    .selectFrom('bladeDict')
    .select(['code', 'dictKey', 'dictValue'])
    .where('code', 'in', codes)
    .where('parentId', '<>', '0')
    .where('isDeleted', '=', 0)
    .execute();
  const out = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const entries = out.get(r.code) ?? new Map<string, string>();
    entries.set(r.dictKey, r.dictValue);
    out.set(r.code, entries);
  }
  return out;
}

/** The rows a bulk action works on. Any id that is not a live user of the tenant: 404. */
export async function tenantUsers(ctx: AppContext, caller: AuthUser, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .selectFrom('bladeUser')
    .select(['id', 'account', 'status', 'roleId', 'deptId', 'version'])
    .where('id', 'in', unique)
    .where('tenantId', '=', caller.tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** Is `account` held by another live user of the tenant? */
export async function accountTaken(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  account: string,
  exceptId?: string,
): Promise<boolean> {
  let q = ctx.db
    .selectFrom('bladeUser')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .where('isDeleted', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
