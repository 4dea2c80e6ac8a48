import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { OAuthError } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { formatDateTime } from '../../lib/time.js';
import type { SessionRoles, TokenClient, TokenUser } from './tokens.js';

/** One answer for unknown user, wrong tenant, wrong password and undecryptable ciphertext. */
export const BAD_CREDENTIALS = '用户名或密码错误';
export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 15 * 60;

/**
 * Basic credentials already checked, with the stored secret hash they matched. The row is read
 * on every token request, so a client disabled, removed, given new grants or a new secret
 * through any process is answered by its current row at once; only the scrypt check (tens of
 * milliseconds) is skipped while the same credentials meet the same hash.
 */
const verified = new Map<string, string>();
/** Only credentials that passed are kept, and clients are few: the bound is a backstop. */
const VERIFIED_MAX = 1000;

/** Forgets every checked credential (the auth `clear-cache` call). */
export function clearClientCache(): void {
  verified.clear();
}

/** `Authorization: Basic base64(clientId:secret)` checked against blade_client (scrypt). */
export async function authenticateClient(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<TokenClient & { grantTypes: string[] }> {
  const header = request.headers.authorization ?? '';
  const match = /^Basic(?:\s+|%20)(\S+)$/i.exec(header);
  const credentials = match?.[1];
  if (!credentials) throw new OAuthError(401, '客户端认证失败!');
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw new OAuthError(401, '客户端认证失败!');
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const row = await ctx.db
    .selectFrom('bladeClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .where('isDeleted', '=', 0)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!row || verified.get(credentials) !== row.clientSecret) {
    const check = await verifyPassword(secret, row?.clientSecret ?? (await dummyPasswordHash()));
    if (!row || !check.ok) throw new OAuthError(401, '客户端认证失败!');
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(credentials, row.clientSecret);
  }
  return {
    clientId: row.clientId,
    accessTokenValidity: row.accessTokenValidity,
    refreshTokenValidity: row.refreshTokenValidity,
    grantTypes: row.authorizedGrantTypes.split(',').map((g) => g.trim()),
  };
}

/**
 * Counts a login attempt before its password is checked, in one statement (an upsert that
 * increments and returns the count), so simultaneous guesses cannot all pass a check made before
 * any of them was counted. Kept per tenant + account, unknown accounts included, so the lock-out
 * reveals nothing. The attempt that reaches MAX_FAILURES within 30 minutes sets the 15 minute
 * lock in the same statement; it is still checked (a right password clears the count and the
 * lock), and every attempt past it is refused with 429 without any password work.
 */
export async function countAttempt(
  ctx: AppContext,
  tenantId: string,
  account: string,
): Promise<void> {
  const now = ctx.now();
  const failures = sql.ref('authLoginFailure.failures');
  const lockedUntil = sql.ref('authLoginFailure.lockedUntil');
  const updatedAt = sql.ref('authLoginFailure.updatedAt');
  // A lock that has run out, or failures older than 30 minutes, start a fresh count.
  const stale = sql`(${lockedUntil} <> 0 and ${lockedUntil} <= ${now}) or ${updatedAt} < ${now - 1800}`;
  const row = await ctx.db
    .insertInto('authLoginFailure')
    .values({ tenantId, account, failures: 1, lockedUntil: 0, updatedAt: now })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'account']).doUpdateSet({
        failures: sql<number>`case when ${stale} then 1 else ${failures} + 1 end`,
        lockedUntil: sql<number>`case when ${stale} then 0
          when ${lockedUntil} = 0 and ${failures} + 1 >= ${MAX_FAILURES} then ${now + LOCK_SECONDS}
          else ${lockedUntil} end`,
        updatedAt: now,
      }),
    )
    .returning(['failures', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  const count = Number(row.failures);
  const remaining = Number(row.lockedUntil) - now;
  if (count > MAX_FAILURES && remaining > 0) {
    throw new OAuthError(429, '登录失败次数过多，请稍后再试', { 'Retry-After': String(remaining) });
  }
}

export async function clearFailures(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  accounts: string[],
): Promise<void> {
  if (accounts.length === 0) return;
  await ctx.db
    .deleteFrom('authLoginFailure')
    .where('tenantId', '=', tenantId)
    .where('account', 'in', accounts)
    .execute();
}

export async function checkCaptcha(
  ctx: AppContext,
  key: string | undefined,
  code: string | undefined,
): Promise<void> {
  if (!key || !code) throw new OAuthError(400, '验证码不正确');
  // Single use: the row is deleted whether or not the answer is right.
  const row = await ctx.db
    .deleteFrom('authCaptcha')
    .where('captchaKey', '=', key)
    .returning(['code', 'expiresAt'])
    .executeTakeFirst();
  if (!row || row.expiresAt <= ctx.now() || row.code !== code.trim().toLowerCase()) {
    throw new OAuthError(400, '验证码不正确');
  }
}

/** The answer to a right but expired one-time password (issue 15 item 6). */
export const ONE_TIME_PASSWORD_EXPIRED = '临时密码已过期，请联系管理员重新重置密码';

export interface LoginUserRow extends TokenUser {
  password: string;
  status: number;
  roleId: string;
  deptId: string;
}

/**
 * Password check for the password and captcha grants. Every failure before the password is
 * known to be right gives the same answer and costs the same scrypt work.
 */
export async function verifyCredentials(
  ctx: AppContext,
  tenantId: string,
  account: string,
  plain: string | undefined,
): Promise<LoginUserRow> {
  // Counted before the password is checked: a failure needs no further write (issue 15 item 5).
  await countAttempt(ctx, tenantId, account);
  const tenant = await ctx.db
    .selectFrom('bladeTenant')
    .select(['expireTime', 'status'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  const user = tenant
    ? await ctx.db
        .selectFrom('bladeUser')
        .select([
          'id',
          'tenantId',
          'account',
          'name',
          'realName',
          'avatar',
          'password',
          'status',
          'roleId',
          'deptId',
          'mustChangePassword',
          'passwordExpiresAt',
        ])
        .where('tenantId', '=', tenantId)
        .where('account', '=', account)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  const check = await verifyPassword(plain ?? '', user?.password ?? (await dummyPasswordHash()));
  if (!user || plain === undefined || !check.ok) {
    throw new OAuthError(400, BAD_CREDENTIALS);
  }
  await clearFailures(ctx, tenantId, [account]);
  if (check.needsRehash) {
    await ctx.db
      .updateTable('bladeUser')
      .set({ password: await hashPassword(plain) })
      .where('id', '=', user.id)
      .execute();
  }
  assertUsable(ctx, tenant, user);
  // A reset's one-time password (blade-user/passwords.ts) stops working after its expiry.
  if (user.passwordExpiresAt !== null && user.passwordExpiresAt <= ctx.now())
    throw new OAuthError(400, ONE_TIME_PASSWORD_EXPIRED);
  return user;
}

/**
 * Told apart only once the caller proved who they are (a right password or code): a disabled or
 * expired tenant, an account waiting for approval, a disabled account.
 */
export function assertUsable(
  ctx: Pick<AppContext, 'now'>,
  tenant: { status: number; expireTime: string | null } | undefined,
  user: { status: number },
): void {
  if (tenant?.status !== 1) throw new OAuthError(400, '租户已被禁用，请联系管理员');
  if (tenant.expireTime && tenant.expireTime < formatDateTime(new Date(ctx.now() * 1000))) {
    throw new OAuthError(400, '租户授权已过期，请联系管理员');
  }
  if (user.status === 2) throw new OAuthError(400, '账号待审核，请等待管理员审核');
  if (user.status !== 1) throw new OAuthError(400, '账号已被禁用，请联系管理员');
}

/** The columns a login reads of a user. */
export const LOGIN_USER_COLUMNS = [
  'id',
  'tenantId',
  'account',
  'name',
  'realName',
  'avatar',
  'password',
  'status',
  'roleId',
  'deptId',
  'mustChangePassword',
] as const;

const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The roles and departments a session carries: all of the user's, or, in switch mode, the one
 * the Dept-Id / Role-Id headers ask for. A header naming a role or department the user does not
 * hold is refused (403), not ignored (issue 15 item 16).
 */
export async function sessionRoles(
  ctx: AppContext,
  user: { tenantId: string; roleId: string; deptId: string },
  request: FastifyRequest,
): Promise<SessionRoles> {
  let roleIds = splitIds(user.roleId);
  let deptIds = splitIds(user.deptId);
  const wantRole = String(request.headers['role-id'] ?? '').trim();
  const wantDept = String(request.headers['dept-id'] ?? '').trim();
  if (wantRole && !roleIds.includes(wantRole)) throw new OAuthError(403, '无权切换到该角色');
  if (wantDept && !deptIds.includes(wantDept)) throw new OAuthError(403, '无权切换到该部门');
  if (wantRole) roleIds = [wantRole];
  if (wantDept) deptIds = [wantDept];
  const roles = roleIds.length
    ? await ctx.db
        .selectFrom('bladeRole')
        .select(['id', 'roleAlias', 'roleName'])
        .where('id', 'in', roleIds)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .execute()
    : [];
  return {
    roleIds: roles.map((r) => r.id),
    deptIds,
    roleAliases: roles.map((r) => r.roleAlias),
    roleNames: roles.map((r) => r.roleName),
  };
}
