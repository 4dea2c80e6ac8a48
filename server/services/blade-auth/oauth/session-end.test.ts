import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, DEMO_TENANT, createTestApp, type TestApp } from '../../../test/support.js';
import { createUser, findUser, loginReady, USER } from '../../blade-user/test-helpers.js';

/**
 * Issue 16 item 10: a refused refresh says why the session ended, so /login can tell the user
 * "账号已禁用" rather than a bare "please sign in again". SQLite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('why a session ended', () => {
  let t: TestApp;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) =>
    t.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC },
      query: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
  const signIn = async (account: string) => {
    await createUser(t, tenantAdmin, { account });
    await loginReady(t, account, 'Init@123', DEMO_TENANT);
    const res = await t.tokenRequest(account, 'Init@123', DEMO_TENANT);
    return res.json() as { access_token: string; refresh_token: string };
  };

  it('a disabled account: 401 account_disabled, 账号已被禁用', async () => {
    const tokens = await signIn('end-disabled');
    const target = await findUser(t, tenantAdmin, 'end-disabled');
    expect(
      (await t.post(`${USER}/update`, tenantAdmin, { id: target.id, status: 0 })).statusCode,
    ).toBe(200);
    const res = await refresh(tokens.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error_code: 401,
      error_description: '账号已被禁用，请联系管理员',
      error: 'account_disabled',
    });
  });

  it('a session ended otherwise (logout): 401 without a disabled reason', async () => {
    const tokens = await signIn('end-logout');
    const out = await t.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
      headers: { 'blade-auth': `bearer ${tokens.access_token}` },
    });
    expect(out.statusCode).toBe(200);
    const res = await refresh(tokens.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error_code: 401, error_description: '令牌已失效，请重新登录' });
  });
});
