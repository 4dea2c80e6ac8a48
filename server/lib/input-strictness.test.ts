import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, createTestApp, DEMO_PASSWORD, DEMO_TENANT, type TestApp } from '../test/support.js';

/**
 * Issue 15 item 16: what a request may look like. A scalar parameter given twice, a text/plain
 * body, a date that is not on the calendar, and a Role-Id / Dept-Id the user does not hold are
 * refused, never silently read some other way.
 */
describe('input strictness (issue 15 item 16)', () => {
  let t: TestApp;
  let tenantAdmin: string;
  const headers = (token: string) => ({ 'blade-auth': `bearer ${token}` });
  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  it('refuses a scalar parameter given twice with 400', async () => {
    const role = await t.app.ctx.db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    const once = await t.inject({
      method: 'GET',
      url: `/api/blade-system/role/detail?id=${role.id}`,
      headers: headers(tenantAdmin),
    });
    expect(once.statusCode).toBe(200);
    for (const url of [
      `/api/blade-system/role/detail?id=${role.id}&id=1`,
      `/api/blade-system/post/list?current=1&current=2`,
      `/api/blade-system/post/list?postName=a&postName=b`,
      `/api/blade-system/post/list?ascs=sort&ascs=postCode`,
    ]) {
      const res = await t.inject({ method: 'GET', url, headers: headers(tenantAdmin) });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().msg).toMatch(/^参数格式错误: (id|current|postName|ascs)$/);
    }
  });

  it('answers a text/plain body with 415', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      headers: { ...headers(tenantAdmin), 'content-type': 'text/plain' },
      payload: JSON.stringify({ title: 't', category: 1, releaseTime: '2024-02-01' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, success: false, msg: '不支持当前媒体类型' });
  });

  it('refuses dates that are not on the calendar', async () => {
    const submit = (releaseTime: string) =>
      t.post('/api/blade-desk/notice/submit', tenantAdmin, {
        title: `日期 ${releaseTime}`,
        category: 1,
        releaseTime,
      });
    for (const bad of [
      '2024-02-30',
      '2023-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-01-01 24:00:00',
      '2024-01-01 23:60:00',
    ]) {
      const res = await submit(bad);
      expect([bad, res.statusCode, res.json().msg]).toEqual([
        bad,
        400,
        'releaseTime:请选择通知日期',
      ]);
    }
    expect((await submit('2024-02-29')).statusCode).toBe(200);
    expect((await submit('2024-12-31 23:59:59')).statusCode).toBe(200);
  });

  it('refuses a Role-Id or Dept-Id the user does not hold (403), and switches to one held', async () => {
    const user = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select(['roleId', 'deptId'])
      .where('tenantId', '=', DEMO_TENANT)
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const other = await t.app.ctx.db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .where('id', 'not in', user.roleId.split(','))
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    const login = (extra: Record<string, string>) =>
      t.tokenRequest('admin', DEMO_PASSWORD, DEMO_TENANT, extra);

    const role = await login({ 'role-id': other.id });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toEqual({ error_code: 403, error_description: '无权切换到该角色' });
    const dept = await login({ 'dept-id': '999999' });
    expect(dept.statusCode).toBe(403);
    expect(dept.json()).toEqual({ error_code: 403, error_description: '无权切换到该部门' });

    const held = user.roleId.split(',')[0]!;
    const ok = await login({ 'role-id': held, 'dept-id': user.deptId.split(',')[0]! });
    expect(ok.statusCode).toBe(200);
    const token = ok.json() as { role_id: string; refresh_token: string };
    expect(token.role_id).toBe(held);

    // The refresh grant reads the headers the same way.
    const refresh = await t.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'role-id': other.id },
      query: { grant_type: 'refresh_token', refresh_token: token.refresh_token, scope: 'all' },
    });
    expect(refresh.statusCode).toBe(403);
  });
});
