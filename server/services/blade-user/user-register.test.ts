import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';
import { findUser, USER, type UserView } from './test-helpers.js';

/**
 * register-guest is rate-limited to 10 calls a minute per address, so this file counts its
 * calls: the first app takes at most 10, the limit itself is tested on a second app.
 */
describe('blade-user: guest registration and approval', () => {
  let t: TestApp;
  let tenantAdmin: string;
  let calls = 0;
  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const register = (fields: Record<string, string>) => {
    calls += 1;
    return t.post(`${USER}/register-guest`, undefined, undefined, fields);
  };
  const valid = () => ({
    tenantId: DEMO_TENANT,
    name: '访客甲',
    account: 'guest1',
    password: t.encrypt('Guest@123'),
    password2: t.encrypt('Guest@123'),
  });

  it('refuses unknown tenants, closed registration and bad input', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...valid(), tenantId: '999999' }, '租户信息错误!'],
      [{ ...valid(), tenantId: "1' or 1=1" }, '租户信息错误!'],
      [{ ...valid(), account: 'sales' }, '当前账号已被使用!'],
      [{ ...valid(), password2: t.encrypt('Other@123') }, '两次输入的密码不一致'],
      [
        { ...valid(), password: t.encrypt('weakpass'), password2: t.encrypt('weakpass') },
        '密码需包含大写字母、小写字母、数字、符号中的至少3种',
      ],
      [{ ...valid(), password: 'Guest@123', password2: 'Guest@123' }, '密码解密失败'],
    ];
    for (const [fields, msg] of cases) {
      const res = await register(fields);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    await t.app.ctx.db
      .updateTable('bladeParam')
      .set({ paramValue: 'false' })
      .where('tenantId', '=', DEMO_TENANT)
      .where('paramKey', '=', 'account.registerUser')
      .execute();
    try {
      const closed = await register(valid());
      expect(closed.statusCode).toBe(400);
      expect(closed.json().msg).toBe('当前租户未开放注册');
    } finally {
      await t.app.ctx.db
        .updateTable('bladeParam')
        .set({ paramValue: 'true' })
        .where('tenantId', '=', DEMO_TENANT)
        .where('paramKey', '=', 'account.registerUser')
        .execute();
    }
    expect((await t.get(`${USER}/page`, tenantAdmin, { account: 'guest' })).json().data.total).toBe(
      0,
    );
  });

  it('creates a pending user without roles who cannot sign in until approved', async () => {
    const res = await register(valid());
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const guest = await findUser(t, tenantAdmin, 'guest1');
    expect(guest).toMatchObject({
      status: 2,
      statusName: '待审核',
      name: '访客甲',
      realName: '访客甲',
      roleId: '',
      deptId: '',
      tenantId: DEMO_TENANT,
    });
    const pending = await t.tokenRequest('guest1', 'Guest@123', DEMO_TENANT);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().error_description).toBe('账号待审核，请等待管理员审核');

    // Without password2 is fine too; the account is now taken.
    const second = await register({
      tenantId: DEMO_TENANT,
      name: '访客乙',
      account: 'guest2',
      password: t.encrypt('Guest@123'),
    });
    expect(second.statusCode).toBe(200);
    const dup = await register(valid());
    expect(dup.json().msg).toBe('当前账号已被使用!');

    // Approve: only pending users of the tenant change; an active one stays as it is.
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect(
      (await t.post(`${USER}/approve`, staff, undefined, { userIds: guest.id })).statusCode,
    ).toBe(403);
    const sales = await findUser(t, tenantAdmin, 'sales');
    await t.post(`${USER}/update`, tenantAdmin, { id: sales.id, status: 0 });
    const approved = await t.post(`${USER}/approve`, tenantAdmin, undefined, {
      userIds: `${guest.id},${sales.id}`,
    });
    expect(approved.json()).toMatchObject({ msg: '操作成功', data: { count: 1 } });
    expect(
      data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id: sales.id })).status,
    ).toBe(0);
    expect(
      data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id: guest.id })).status,
    ).toBe(1);
    const login = await t.tokenRequest('guest1', 'Guest@123', DEMO_TENANT);
    expect(login.statusCode).toBe(200);
    expect(login.json().must_change_password).toBe(false);
    expect((await t.post(`${USER}/approve`, tenantAdmin, {})).json().msg).toBe(
      '请至少选择一个用户',
    );
    expect(calls).toBeLessThanOrEqual(10);
  });
});

/** A second app (one at a time: each test app owns its own database schema). */
describe('blade-user: register-guest limits', () => {
  it('counts guests against the account limit, and is rate-limited to 10 calls a minute', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.app.ctx.db
        .updateTable('bladeTenant')
        .set({ accountNumber: 3 })
        .where('tenantId', '=', DEMO_TENANT)
        .execute();
      const full = await fresh.post(`${USER}/register-guest`, undefined, undefined, {
        tenantId: DEMO_TENANT,
        name: '访客丙',
        account: 'guest3',
        password: fresh.encrypt('Guest@123'),
      });
      expect(full.json().msg).toBe('当前租户已到最大账号额度!');
      const statuses: number[] = [full.statusCode];
      for (let i = 1; i < 11; i++) {
        const res = await fresh.post(`${USER}/register-guest`, undefined, undefined, {
          tenantId: '999999',
          name: 'x',
          account: `r${i}`,
          password: 'x',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
