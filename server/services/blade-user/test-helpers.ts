import { createDecipheriv } from 'node:crypto';
import { data, type TestApp } from '../../test/support.js';

/** Shared by the blade-user test files. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface UserView {
  id: string;
  tenantId: string;
  account: string;
  name: string;
  realName: string;
  phone: string;
  email: string;
  roleId: string;
  deptId: string;
  postId: string;
  roleName: string;
  deptName: string;
  postName: string;
  status: number;
  statusName: string;
  userType: number;
  version: number;
  [key: string]: unknown;
}

export const USER = '/api/blade-user';

/** Decrypts an 'enc1:' phone the way the console does, with node:crypto only. */
export function openPhone(value: string, cryptoKeyBase64: string): string {
  if (!value.startsWith('enc1:')) throw new Error(`not an encrypted phone: ${value}`);
  const raw = Buffer.from(value.slice(5), 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(cryptoKeyBase64, 'base64'),
    raw.subarray(0, 12),
  );
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** The live user with this account in the caller's tenant. */
export async function findUser(t: TestApp, token: string, account: string): Promise<UserView> {
  const page = data<Page<UserView>>(await t.get(`${USER}/page`, token, { account_equal: account }));
  const user = page.records.find((u) => u.account === account);
  if (!user) throw new Error(`no user ${account}`);
  return user;
}

/** A role id of a tenant by alias, read from the database. */
export async function roleId(t: TestApp, tenantId: string, alias: string): Promise<string> {
  const row = await t.app.ctx.db
    .selectFrom('bladeRole')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('roleAlias', '=', alias)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deptId(t: TestApp, tenantId: string, name: string): Promise<string> {
  const row = await t.app.ctx.db
    .selectFrom('bladeDept')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('deptName', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a user through submit as `token` and returns its id (password must follow the rule). */
export async function createUser(
  t: TestApp,
  token: string,
  fields: Record<string, unknown>,
  password = 'Init@123',
): Promise<string> {
  const res = await t.post(`${USER}/submit`, token, { ...fields, password: t.encrypt(password) });
  return data<{ id: string }>(res).id;
}

/** Signs a user in with the forced first-login change already done in the database. */
export async function loginReady(
  t: TestApp,
  account: string,
  password: string,
  tenantId: string,
): Promise<string> {
  await t.app.ctx.db
    .updateTable('bladeUser')
    .set({ mustChangePassword: 0 })
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .execute();
  return t.login(account, password, tenantId);
}
