import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../auth/index.js';
import { badRequest } from '../../lib/errors.js';
import {
  generateOneTimePassword,
  hashPassword,
  passwordRuleViolation,
  verifyPassword,
} from '../../lib/password.js';
import { formatDateTime, nowText } from '../../lib/time.js';
import { revokeUserSessions } from '../blade-auth/tokens.js';
import { assertMayManage } from './guards.js';
import { tenantUsers } from './repository.js';

export const UNDECRYPTABLE = '密码解密失败';

/** Passwords travel RSA-OAEP encrypted (contract.md Part 1 decision 2); plaintext is refused. */
export function decryptPassword(ctx: AppContext, cipher: string): string {
  const plain = ctx.rsa.decrypt(cipher);
  if (plain === undefined) throw badRequest(UNDECRYPTABLE);
  return plain;
}

/** A password someone chooses: decrypted, then held to the spec section 5 rule. */
export function newPassword(ctx: AppContext, cipher: string): string {
  const plain = decryptPassword(ctx, cipher);
  const violation = passwordRuleViolation(plain);
  if (violation) throw badRequest(violation);
  return plain;
}

/** How long a reset's one-time password signs in: 24 hours (it must be changed at first use). */
export const ONE_TIME_PASSWORD_SECONDS = 24 * 3600;

/** What a reset answers, once: each user's one-time password and when it stops working. */
export interface ResetPassword {
  id: string;
  account: string;
  password: string;
  expireTime: string;
}

/**
 * reset-password: a random one-time password per user (crypto randomness, the spec's rule),
 * answered once and stored only as its hash; it must be changed at the next login and stops
 * signing in after ONE_TIME_PASSWORD_SECONDS. The users' sessions end.
 */
export async function resetPasswords(
  ctx: AppContext,
  caller: AuthUser,
  userIds: string[],
): Promise<ResetPassword[]> {
  const rows = await tenantUsers(ctx, caller, userIds);
  await assertMayManage(ctx, caller, rows);
  const expiresAt = ctx.now() + ONE_TIME_PASSWORD_SECONDS;
  const answers: ResetPassword[] = [];
  for (const row of rows) {
    const plain = generateOneTimePassword();
    const password = await hashPassword(plain);
    await ctx.db
      .updateTable('bladeUser')
      .set((eb) => ({
        password,
        mustChangePassword: 1,
        passwordExpiresAt: expiresAt,
        updateUser: caller.userId,
        updateTime: nowText(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', row.id)
      .where('tenantId', '=', caller.tenantId)
      .execute();
    answers.push({
      id: row.id,
      account: row.account,
      password: plain,
      expireTime: formatDateTime(new Date(expiresAt * 1000)),
    });
  }
  await revokeUserSessions(
    ctx,
    rows.map((r) => r.id),
    'password-reset',
  );
  return answers;
}

export interface PasswordChange {
  oldPassword: string | undefined;
  newPassword: string | undefined;
  newPassword1: string | undefined;
}

/**
 * update-password: the caller's own password (also the forced first-login change). Success
 * clears the forced-change flag and ends every session of the user, this one included.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  caller: AuthUser,
  input: PasswordChange,
): Promise<void> {
  if (!input.oldPassword) throw badRequest('请输入原密码');
  if (!input.newPassword) throw badRequest('请输入新密码');
  if (!input.newPassword1) throw badRequest('请输入确认密码');
  const oldPlain = decryptPassword(ctx, input.oldPassword);
  const newPlain = decryptPassword(ctx, input.newPassword);
  const confirmPlain = decryptPassword(ctx, input.newPassword1);
  if (newPlain !== confirmPlain) throw badRequest('新密码与确认密码不一致');
  const violation = passwordRuleViolation(newPlain);
  if (violation) throw badRequest(violation);

  const user = await ctx.db
    .selectFrom('bladeUser')
    .select(['id', 'password'])
    .where('id', '=', caller.userId)
    .where('tenantId', '=', caller.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldPlain, user.password)).ok) throw badRequest('原密码不正确!');
  if (newPlain === oldPlain) throw badRequest('新密码不能与原密码相同');

  const password = await hashPassword(newPlain);
  await ctx.db
    .updateTable('bladeUser')
    .set((eb) => ({
      password,
      mustChangePassword: 0,
      passwordExpiresAt: null,
      updateUser: caller.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', caller.userId)
    .execute();
  await revokeUserSessions(ctx, [caller.userId], 'password-change');
}
