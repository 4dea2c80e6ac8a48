import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import type { Dialect } from '../../../db/database.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import {
  columnSql,
  escapeLike,
  filterConditions,
  likeExpr,
  sortItems,
  type ListSpec,
  type QueryMap,
} from '../../../lib/query.js';
import {
  assertUpdated,
  buildTree,
  selectTree,
  type SelectNode,
  type TreeNode,
} from '../../../lib/records.js';
import { SUPER_ROLE_ALIAS, type AuthUser } from '../../../auth/index.js';

/** blade_role: per tenant; the alias is what permissions and tokens name. */
const ROLE_COLUMNS = [
  'id',
  'tenantId',
  'parentId',
  'roleName',
  'sort',
  'roleAlias',
  'isDeleted',
  'version',
] as const;

export interface RoleRow {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  sort: number;
  roleAlias: string;
  isDeleted: number;
  version: number;
}

export type RoleVO = RoleRow & { parentName: string };

export const ROLE_LIST: ListSpec = {
  filters: { roleName: { column: 'roleName' }, roleAlias: { column: 'roleAlias' } },
  sorts: { sort: 'sort', roleName: 'roleName', roleAlias: 'roleAlias' },
};

export const SUPER_ROLE_MESSAGE = '无权限创建超管角色！';

/** Live roles of a tenant in display order. */
export async function tenantRoles(db: Kysely<DB>, tenantId: string): Promise<RoleRow[]> {
  return db
    .selectFrom('bladeRole')
    .select(ROLE_COLUMNS)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findRole(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
): Promise<RoleRow | undefined> {
  return db
    .selectFrom('bladeRole')
    .select(ROLE_COLUMNS)
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/** GET role/list: the filtered roles of the caller's tenant as a RoleVO tree. */
export async function roleList(
  ctx: AppContext,
  user: AuthUser,
  query: QueryMap,
): Promise<TreeNode<RoleVO>[]> {
  let q = ctx.db
    .selectFrom('bladeRole')
    .select(ROLE_COLUMNS)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0);
  for (const c of filterConditions(query, ROLE_LIST, ctx.dialect)) q = q.where(c);
  const sorts = sortItems(query, ROLE_LIST);
  for (const s of sorts.length ? sorts : [{ column: 'sort', direction: 'asc' as const }])
    q = q.orderBy(columnSql(s.column), s.direction);
  const rows = await q.orderBy('id').execute();
  const names = new Map((await tenantRoles(ctx.db, user.tenantId)).map((r) => [r.id, r.roleName]));
  return buildTree(rows.map((r) => ({ ...r, parentName: names.get(r.parentId) ?? '' })));
}

/** TreeNode tree of a tenant's roles (role/tree, role/tree-by-id). */
export async function roleTree(db: Kysely<DB>, tenantId: string): Promise<SelectNode[]> {
  return selectTree(await tenantRoles(db, tenantId), (r) => r.roleName);
}

export async function roleDetail(ctx: AppContext, user: AuthUser, id: string): Promise<RoleVO> {
  const row = await findRole(ctx.db, user.tenantId, id);
  if (!row) throw notFound();
  const parent =
    row.parentId === '0' ? undefined : await findRole(ctx.db, user.tenantId, row.parentId);
  return { ...row, parentName: parent?.roleName ?? '' };
}

/** GET role/select: the tenant's roles and which of them a user of the tenant holds. */
export async function roleSelect(ctx: AppContext, user: AuthUser, userId: string) {
  const target = await ctx.db
    .selectFrom('bladeUser')
    .select('roleId')
    .where('id', '=', userId)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!target) throw notFound();
  const roles = await tenantRoles(ctx.db, user.tenantId);
  const held = new Set(splitIds(target.roleId));
  return {
    roles: roles.map((r) => ({ id: r.id, roleName: r.roleName, roleAlias: r.roleAlias })),
    checked: roles.filter((r) => held.has(r.id)).map((r) => r.id),
  };
}

export const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Live users of a tenant holding any of the roles. blade_user.role_id is a comma list, so a
 * LIKE narrows the rows and the exact match is made on the split list (id 12 is not in "123").
 */
export async function usersHoldingRoles(
  db: Kysely<DB>,
  dialect: Dialect,
  tenantId: string,
  roleIds: string[],
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const wanted = new Set(roleIds);
  const rows = await db
    .selectFrom('bladeUser')
    .select(['id', 'roleId'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where((eb) => eb.or(roleIds.map((id) => likeExpr('roleId', `%${escapeLike(id)}%`, dialect))))
    .execute();
  return rows.filter((u) => splitIds(u.roleId).some((id) => wanted.has(id))).map((u) => u.id);
}

export interface RoleInput {
  id?: string | undefined;
  parentId?: string | undefined;
  roleName: string;
  roleAlias: string;
  sort?: number | undefined;
  version?: number | undefined;
}

const isSuperRole = (role: Pick<RoleRow, 'tenantId' | 'roleAlias'>) =>
  role.tenantId === '000000' && role.roleAlias === SUPER_ROLE_ALIAS;

/** Latin letters that other scripts and digits imitate (Cyrillic, Greek, 0/1). */
const FAKES = 'аеіорстмнкхαειορτνμκ01l|!';
const LATIN = 'aeiopctmhkxaeioptvmkoiiii';
const skeleton = (alias: string) =>
  [
    ...alias
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s\p{Cf}_.-]/gu, ''),
  ]
    .map((c) => (FAKES.includes(c) ? LATIN[FAKES.indexOf(c)] : c))
    .join('');
export const SUPER_ALIAS_LOOKALIKE = '角色别名与超级管理员别名（administrator）过于相近，请更换';

/**
 * An alias that reads as the super administrator's without being it (`Administrator`,
 * `ADMINISTRATOR `, Cyrillic letters, zero-width spaces): refused for everyone, so no role can
 * pass for the super administrator's on a screen or in a token's role_name (issue 15 item 16).
 */
export const looksLikeSuperAlias = (alias: string) =>
  alias !== SUPER_ROLE_ALIAS && skeleton(alias) === skeleton(SUPER_ROLE_ALIAS);

/** The rules of a role write: alias, the super-administrator role, the parent. */
async function checkRole(
  db: Kysely<DB>,
  user: AuthUser,
  input: RoleInput,
  current: RoleRow | undefined,
): Promise<void> {
  // Only the super administrator may create (or rename to) the super-administrator alias, and
  // nobody else may touch that role, which would otherwise take the platform from its owner.
  if (
    !user.isSuperAdmin &&
    (input.roleAlias === SUPER_ROLE_ALIAS || (current && current.roleAlias === SUPER_ROLE_ALIAS))
  ) {
    throw forbidden(SUPER_ROLE_MESSAGE);
  }
  if (current && isSuperRole(current) && input.roleAlias !== SUPER_ROLE_ALIAS)
    throw badRequest('超管角色别名不可修改');
  if (looksLikeSuperAlias(input.roleAlias)) throw badRequest(`roleAlias:${SUPER_ALIAS_LOOKALIKE}`);

  const sameAlias = await db
    .selectFrom('bladeRole')
    .select('id')
    .where('tenantId', '=', user.tenantId)
    .where('roleAlias', '=', input.roleAlias)
    .where('isDeleted', '=', 0)
    .execute();
  if (sameAlias.some((r) => r.id !== current?.id)) throw badRequest('角色别名已存在');

  const parentId = input.parentId ?? current?.parentId ?? '0';
  if (parentId === '0') return;
  const roles = new Map((await tenantRoles(db, user.tenantId)).map((r) => [r.id, r]));
  if (!roles.has(parentId)) throw badRequest('上级角色不存在');
  // The parent may not be the role itself or one of its descendants (a cycle).
  for (
    let p = roles.get(parentId), steps = 0;
    p && steps <= roles.size;
    p = roles.get(p.parentId), steps++
  ) {
    if (current && p.id === current.id) throw badRequest('上级角色不可选择自身!');
  }
}

export async function saveRole(ctx: AppContext, user: AuthUser, input: RoleInput): Promise<string> {
  if (!input.id) {
    await checkRole(ctx.db, user, input, undefined);
    const id = nextId();
    await ctx.db
      .insertInto('bladeRole')
      .values({
        id,
        tenantId: user.tenantId,
        parentId: input.parentId ?? '0',
        roleName: input.roleName,
        sort: input.sort ?? 0,
        roleAlias: input.roleAlias,
        isDeleted: 0,
        version: 1,
      })
      .execute();
    return id;
  }
  const current = await findRole(ctx.db, user.tenantId, input.id);
  if (!current) throw notFound();
  await checkRole(ctx.db, user, input, current);
  const version = input.version ?? current.version;
  const result = await ctx.db
    .updateTable('bladeRole')
    .set({
      parentId: input.parentId ?? current.parentId,
      roleName: input.roleName,
      roleAlias: input.roleAlias,
      sort: input.sort ?? current.sort,
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

/** Logic delete with the role's grants; refused while anyone (the caller included) holds it. */
export async function removeRoles(ctx: AppContext, user: AuthUser, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await ctx.db
    .selectFrom('bladeRole')
    .select(ROLE_COLUMNS)
    .where('id', 'in', unique)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  if (found.length !== unique.length) throw notFound();
  if (unique.some((id) => user.roleIds.includes(id))) throw badRequest('不能删除自己拥有的角色');
  if (!user.isSuperAdmin && found.some((r) => r.roleAlias === SUPER_ROLE_ALIAS))
    throw forbidden(SUPER_ROLE_MESSAGE);
  if ((await usersHoldingRoles(ctx.db, ctx.dialect, user.tenantId, unique)).length > 0)
    throw badRequest('请先解除该角色的用户关联');
  const child = await ctx.db
    .selectFrom('bladeRole')
    .select('id')
    .where('parentId', 'in', unique)
    .where('id', 'not in', unique)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (child) throw badRequest('请先删除子节点!');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bladeRole')
      .set((eb) => ({ isDeleted: 1, version: eb('version', '+', 1) }))
      .where('id', 'in', unique)
      .where('tenantId', '=', user.tenantId)
      .execute();
    await trx.deleteFrom('bladeRoleMenu').where('roleId', 'in', unique).execute();
    await trx.deleteFrom('bladeRoleScope').where('roleId', 'in', unique).execute();
  });
}
