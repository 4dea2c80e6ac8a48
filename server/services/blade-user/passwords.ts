import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../auth/index.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword, passwordRuleViolation, verifyPassword } from '../../lib/password.js';
import { nowText } from '../../lib/time.js';
import { revokeUserSessions } from '../blade-auth/tokens.js';
import { paramValue } from '../blade-system/param/repository.js';
import { assertMayManage } from './guards.js';
import { tenantUsers } from './repository.js';

export const UNDECRYPTABLE = '密码解密失败';
/** Used when a tenant has no account.initPassword parameter. */
export const DEFAULT_INIT_PASSWORD = 'Quanyi@123';

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

/**
 * reset-password: the tenant's initial password (param account.initPassword), to be changed at
 * the next login; the users' sessions end. Each user gets their own salt, hence one hash each.
 */
export async function resetPasswords(
  ctx: AppContext,
  caller: AuthUser,
  userIds: string[],
): Promise<void> {
  const rows = await tenantUsers(ctx, caller, userIds);
  await assertMayManage(ctx, caller, rows);
  const initial =
    (await paramValue(ctx, caller.tenantId, 'account.initPassword')) || DEFAULT_INIT_PASSWORD;
  for (const row of rows) {
    const password = await hashPassword(initial);
    await ctx.db
      .updateTable('bladeUser')
      .set((eb) => ({
        password,
        mustChangePassword: 1,
        updateUser: caller.userId,
        updateTime: nowText(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', row.id)
      .where('tenantId', '=', caller.tenantId)
      .execute();
  }
  await revokeUserSessions(
    ctx,
    rows.map((r) => r.id),
    'password-reset',
  );
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
      updateUser: caller.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', caller.userId)
    .execute();
  await revokeUserSessions(ctx, [caller.userId], 'password-change');
}
