import type { Insertable, Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { UserTable } from '../../db/schema.js';
import type { AuthUser } from '../../auth/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { phoneKey } from '../../lib/phone-crypto.js';
import { assertUpdated } from '../../lib/records.js';
import { nowText } from '../../lib/time.js';
import { revokeUserSessions } from '../blade-auth/tokens.js';
import {
  assertAccountQuota,
  assertMayAssignRoles,
  assertMayManage,
  assertTenantRefs,
} from './guards.js';
import { idsField, profileFields, splitIds, type UserBody } from './input.js';
import { newPassword } from './passwords.js';
import { accountTaken, dictLabels, tenantUsers } from './repository.js';

export const ACCOUNT_TAKEN = '当前账号已被使用!';

export type NewUser = Omit<Insertable<UserTable>, 'id' | 'tenantId'>;

/**
 * Inserts a user after the quota and unique-account checks. On PostgreSQL the tenant row is
 * locked first, so two concurrent creates cannot both pass the checks (SQLite transactions
 * are serialised already).
 */
export async function insertUser(
  ctx: AppContext,
  tenantId: string,
  values: NewUser,
): Promise<string> {
  return ctx.db
    .transaction()
    .execute((trx) => insertUserIn({ db: trx, dialect: ctx.dialect }, tenantId, values));
}

/** insertUser's checks and insert inside a transaction the caller opened (imports). */
export async function insertUserIn(
  trx: Pick<AppContext, 'db' | 'dialect'>,
  tenantId: string,
  values: NewUser,
): Promise<string> {
  const id = nextId();
  if (trx.dialect === 'postgres') {
    await trx.db
      .selectFrom('bladeTenant')
      .select('id')
      .where('tenantId', '=', tenantId)
      .forUpdate()
      .execute();
  }
  if (await accountTaken(trx, tenantId, values.account)) throw badRequest(ACCOUNT_TAKEN);
  await assertAccountQuota(trx, tenantId);
  await trx.db
    .insertInto('bladeUser')
    .values({ ...values, id, tenantId })
    .execute();
  return id;
}

/** Status an admin may set: 1 enabled, 0 disabled; 2 (pending) only stays as it is. */
function statusField(body: UserBody, current: number | undefined): number | undefined {
  if (body.status === undefined || body.status === null) return undefined;
  if (body.status === 2 && current !== 2) throw badRequest('用户状态不正确');
  return body.status;
}

/** submit without id: an admin creates a user, who must change the password at first login. */
export async function createUser(
  ctx: AppContext,
  caller: AuthUser,
  body: UserBody,
): Promise<string> {
  if (!body.account) throw badRequest('请输入账号');
  if (!body.password) throw badRequest('请输入密码');
  const plain = newPassword(ctx, body.password);
  const values = await newUserValues(ctx, caller, body, () => hashPassword(plain));
  return insertUser(ctx, caller.tenantId, values);
}

/**
 * The row of a user an administrator creates (submit, import), after every check but the
 * account and quota ones insertUser makes: roles, departments and posts of the tenant, who may
 * hand out which role, the profile rules, status and platform. The user must change the
 * password at first login. `password` gives the hash, asked for only once the checks passed.
 */
export async function newUserValues(
  ctx: AppContext,
  caller: AuthUser,
  body: UserBody,
  password: () => Promise<string>,
): Promise<NewUser> {
  if (!body.account) throw badRequest('请输入账号');
  const roleIds = idsField(body.roleId, 'roleId') ?? [];
  const deptIds = idsField(body.deptId, 'deptId') ?? [];
  const postIds = idsField(body.postId, 'postId') ?? [];
  await assertTenantRefs(ctx, caller.tenantId, { roleIds, deptIds, postIds });
  await assertMayAssignRoles(ctx, caller, roleIds);
  const profile = profileFields(body, phoneKey(ctx.jwtSecret, caller.sessionId));
  const status = statusField(body, undefined) ?? 1;
  const userType = body.userType ?? 1;
  await assertUserType(ctx, userType);
  const now = nowText();
  return {
    code: body.code || null,
    userType,
    account: body.account,
    password: await password(),
    name: profile.name ?? null,
    realName: profile.realName ?? null,
    avatar: profile.avatar ?? null,
    email: profile.email ?? null,
    phone: profile.phone ?? null,
    birthday: profile.birthday ?? null,
    sex: profile.sex ?? null,
    roleId: roleIds.join(','),
    deptId: deptIds.join(','),
    postId: postIds.join(','),
    userExt: null,
    mustChangePassword: 1,
    version: 1,
    createUser: caller.userId,
    createDept: caller.deptIds[0] ?? null,
    createTime: now,
    updateUser: caller.userId,
    updateTime: now,
    status,
    isDeleted: 0,
  };
}

const sameIds = (a: string[], b: string[]) => [...a].sort().join(',') === [...b].sort().join(',');

/**
 * update (and submit with id): a partial update of the fields sent, never the password, with
 * optimistic locking. A role or department change, or disabling, ends the user's sessions at
 * once, because a session carries the roles and departments it was started with.
 */
export async function updateUser(
  ctx: AppContext,
  caller: AuthUser,
  body: UserBody,
): Promise<string> {
  if (!body.id) throw badRequest('请选择要修改的用户');
  const id = body.id;
  const [current] = await tenantUsers(ctx, caller, [id]);
  if (!current) throw notFound();
  await assertMayManage(ctx, caller, [current]);

  const set: Updateable<UserTable> = profileFields(body, phoneKey(ctx.jwtSecret, caller.sessionId));
  if (body.account !== undefined) {
    if (!body.account) throw badRequest('请输入账号');
    if (
      body.account !== current.account &&
      (await accountTaken(ctx, caller.tenantId, body.account, id))
    ) {
      throw badRequest(ACCOUNT_TAKEN);
    }
    set.account = body.account;
  }
  if (body.code !== undefined) set.code = body.code || null;
  if (body.userType !== undefined && body.userType !== null) {
    await assertUserType(ctx, body.userType);
    set.userType = body.userType;
  }
  const roleIds = idsField(body.roleId, 'roleId');
  const deptIds = idsField(body.deptId, 'deptId');
  const postIds = idsField(body.postId, 'postId');
  await assertTenantRefs(ctx, caller.tenantId, { roleIds, deptIds, postIds });
  if (roleIds) {
    await assertMayAssignRoles(ctx, caller, roleIds);
    set.roleId = roleIds.join(',');
  }
  if (deptIds) set.deptId = deptIds.join(',');
  if (postIds) set.postId = postIds.join(',');
  const status = statusField(body, current.status);
  if (status !== undefined) {
    if (status !== 1 && id === caller.userId) throw badRequest('不能禁用当前登录账号');
    set.status = status;
  }

  const version = body.version ?? current.version;
  const result = await ctx.db
    .updateTable('bladeUser')
    .set({ ...set, updateUser: caller.userId, updateTime: nowText(), version: version + 1 })
    .where('id', '=', id)
    .where('tenantId', '=', caller.tenantId)
    .where('isDeleted', '=', 0)
    .where('version', '=', version)
    .executeTakeFirst();
  assertUpdated(result.numUpdatedRows, true);

  const rolesChanged = roleIds !== undefined && !sameIds(roleIds, splitIds(current.roleId));
  const deptsChanged = deptIds !== undefined && !sameIds(deptIds, splitIds(current.deptId));
  const disabled = status !== undefined && status !== 1 && current.status === 1;
  if (rolesChanged || deptsChanged || disabled) {
    await revokeUserSessions(ctx, [id], disabled ? 'disabled' : 'role-change');
  }
  return id;
}

/** Logic delete; the removed users' sessions end. Nobody removes their own account. */
export async function removeUsers(ctx: AppContext, caller: AuthUser, ids: string[]): Promise<void> {
  if (ids.includes(caller.userId)) throw badRequest('不能删除当前登录账号');
  const rows = await tenantUsers(ctx, caller, ids);
  await assertMayManage(ctx, caller, rows);
  await ctx.db
    .updateTable('bladeUser')
    .set((eb) => ({
      isDeleted: 1,
      updateUser: caller.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', ids)
    .where('tenantId', '=', caller.tenantId)
    .execute();
  await revokeUserSessions(ctx, ids, 'removed');
}

/** grant: the users' roles become exactly `roleIds` (roles of the tenant). */
export async function grantRoles(
  ctx: AppContext,
  caller: AuthUser,
  userIds: string[],
  roleIds: string[],
): Promise<void> {
  const rows = await tenantUsers(ctx, caller, userIds);
  const roles = [...new Set(roleIds)];
  await assertTenantRefs(ctx, caller.tenantId, { roleIds: roles });
  await assertMayManage(ctx, caller, rows);
  await assertMayAssignRoles(ctx, caller, roles);
  await ctx.db
    .updateTable('bladeUser')
    .set((eb) => ({
      roleId: roles.join(','),
      updateUser: caller.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', userIds)
    .where('tenantId', '=', caller.tenantId)
    .execute();
  await revokeUserSessions(ctx, userIds, 'role-change');
}

/** approve: pending registrations (status 2) become active; other users are left alone. */
export async function approveUsers(
  ctx: AppContext,
  caller: AuthUser,
  userIds: string[],
): Promise<number> {
  await tenantUsers(ctx, caller, userIds);
  const result = await ctx.db
    .updateTable('bladeUser')
    .set((eb) => ({
      status: 1,
      updateUser: caller.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', userIds)
    .where('tenantId', '=', caller.tenantId)
    .where('status', '=', 2)
    .where('isDeleted', '=', 0)
    .execute();
  return result.reduce((n, r) => n + Number(r.numUpdatedRows), 0);
}

async function assertUserType(ctx: AppContext, userType: number): Promise<void> {
  const types = (await dictLabels(ctx, ['user_type'])).get('user_type');
  if (!types?.has(String(userType))) throw badRequest('用户平台不正确');
}

export async function platformDetail(ctx: AppContext, caller: AuthUser, id: string) {
  const row = await ctx.db
    .selectFrom('bladeUser')
    .select(['id', 'userType', 'userExt'])
    .where('id', '=', id)
    .where('tenantId', '=', caller.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { id: row.id, userType: row.userType, userExt: row.userExt ?? '' };
}

/** update-platform: the user's platform type and free JSON extension text (at most 4000 chars). */
export async function updatePlatform(
  ctx: AppContext,
  caller: AuthUser,
  input: { id: string; userType: number; userExt?: unknown },
): Promise<void> {
  const [current] = await tenantUsers(ctx, caller, [input.id]);
  if (!current) throw notFound();
  await assertMayManage(ctx, caller, [current]);
  await assertUserType(ctx, input.userType);
  let userExt: string | null = null;
  if (input.userExt !== undefined && input.userExt !== null && input.userExt !== '') {
    userExt =
      typeof input.userExt === 'string' ? input.userExt.trim() : JSON.stringify(input.userExt);
    if (userExt.length > 4000) throw badRequest('扩展信息长度不能超过4000个字符');
    try {
      JSON.parse(userExt);
    } catch {
      throw badRequest('扩展信息须为JSON格式');
    }
  }
  await ctx.db
    .updateTable('bladeUser')
    .set((eb) => ({
      userType: input.userType,
      userExt,
      updateUser: caller.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', input.id)
    .where('tenantId', '=', caller.tenantId)
    .where('isDeleted', '=', 0)
    .execute();
}
