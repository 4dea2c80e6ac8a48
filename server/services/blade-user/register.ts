import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { nowText } from '../../lib/time.js';
import { paramValue } from '../blade-system/param/repository.js';
import { decryptPassword, newPassword } from './passwords.js';
import { insertUser } from './write.js';

export interface GuestInput {
  tenantId: string | undefined;
  name: string | undefined;
  account: string | undefined;
  password: string | undefined;
  password2: string | undefined;
}

/**
 * register-guest (public, rate-limited): a visitor applies for an account in a tenant that
 * opened registration (param account.registerUser = 'true'). The account starts pending
 * (status 2) without roles, so it cannot sign in until an administrator approves it.
 */
export async function registerGuest(ctx: AppContext, input: GuestInput): Promise<string> {
  const tenantId = input.tenantId?.trim() ?? '';
  const tenant = /^\d{6}$/.test(tenantId)
    ? await ctx.db
        .selectFrom('bladeTenant')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .where('status', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (!tenant) throw badRequest('租户信息错误!');
  if ((await paramValue(ctx, tenantId, 'account.registerUser')) !== 'true') {
    throw badRequest('当前租户未开放注册');
  }
  const name = input.name?.trim() ?? '';
  const account = input.account?.trim() ?? '';
  if (!name) throw badRequest('请输入用户名称');
  if (name.length > 50) throw badRequest('用户名称长度不能超过50个字符');
  if (!account) throw badRequest('请输入账号');
  if (account.length > 45) throw badRequest('账号长度不能超过45个字符');
  if (!input.password) throw badRequest('请输入密码');
  if (
    input.password2 !== undefined &&
    decryptPassword(ctx, input.password2) !== decryptPassword(ctx, input.password)
  ) {
    throw badRequest('两次输入的密码不一致');
  }
  const plain = newPassword(ctx, input.password);
  const now = nowText();
  return insertUser(ctx, tenantId, {
    code: null,
    userType: 1,
    account,
    password: await hashPassword(plain),
    name,
    realName: name,
    avatar: null,
    email: null,
    phone: null,
    birthday: null,
    sex: null,
    roleId: '',
    deptId: '',
    postId: '',
    userExt: null,
    mustChangePassword: 0,
    version: 1,
    createUser: null,
    createDept: null,
    createTime: now,
    updateUser: null,
    updateTime: now,
    status: 2,
    isDeleted: 0,
  });
}
