import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';
import { createUser, findUser, loginReady, roleId, USER, type UserView } from './test-helpers.js';

describe('blade-user: tenant isolation, grants, resets, unlock and session revocation', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  /** A signed-in call the user can always make: 200 while the session lives, 401 after. */
  const alive = async (token: string) => (await t.get(`${USER}/info`, token)).statusCode;

  it('a tenant administrator gets 404 for every action on a 000000 user, which stays unchanged', async () => {
    const finance = await findUser(t, admin, 'finance');
    const financeToken = await t.login('finance', DEMO_PASSWORD);
    const staffRole = await roleId(t, DEMO_TENANT, 'staff');
    const attempts = [
      t.get(`${USER}/detail`, tenantAdmin, { id: finance.id }),
      t.get(`${USER}/platform-detail`, tenantAdmin, { id: finance.id }),
      t.post(`${USER}/update`, tenantAdmin, { id: finance.id, realName: '被改' }),
      t.post(`${USER}/submit`, tenantAdmin, { id: finance.id, realName: '被改' }),
      t.post(`${USER}/remove`, tenantAdmin, undefined, { ids: finance.id }),
      t.post(`${USER}/grant`, tenantAdmin, undefined, { userIds: finance.id, roleIds: staffRole }),
      t.post(`${USER}/reset-password`, tenantAdmin, undefined, { userIds: finance.id }),
      t.post(`${USER}/unlock`, tenantAdmin, undefined, { userIds: finance.id }),
      t.post(`${USER}/approve`, tenantAdmin, undefined, { userIds: finance.id }),
      t.post(`${USER}/update-platform`, tenantAdmin, { id: finance.id, userType: 2 }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    // A mix of own and foreign ids changes nothing either.
    const sales = await findUser(t, tenantAdmin, 'sales');
    const mixed = await t.post(`${USER}/remove`, tenantAdmin, undefined, {
      ids: `${sales.id},${finance.id}`,
    });
    expect(mixed.statusCode).toBe(404);
    expect((await t.get(`${USER}/detail`, tenantAdmin, { id: sales.id })).statusCode).toBe(200);

    const after = data<UserView>(await t.get(`${USER}/detail`, admin, { id: finance.id }));
    expect(after).toMatchObject({
      realName: '赵财务',
      roleId: finance.roleId,
      version: finance.version,
      userType: 1,
    });
    expect(await alive(financeToken)).toBe(200);
    expect((await t.tokenRequest('finance', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('the super administrator too sees and changes only tenant 000000 users here', async () => {
    const sales = await findUser(t, tenantAdmin, 'sales');
    expect((await t.get(`${USER}/detail`, admin, { id: sales.id })).statusCode).toBe(404);
    expect(
      (await t.post(`${USER}/update`, admin, { id: sales.id, realName: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`${USER}/reset-password`, admin, undefined, { userIds: sales.id })).statusCode,
    ).toBe(404);
  });

  it("cannot give a 000000 role to a tenant's own user (400)", async () => {
    const sales = await findUser(t, tenantAdmin, 'sales');
    const foreignRole = await roleId(t, '000000', 'administrator');
    const grant = await t.post(`${USER}/grant`, tenantAdmin, undefined, {
      userIds: sales.id,
      roleIds: foreignRole,
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().msg).toBe('所选角色不存在');
    const update = await t.post(`${USER}/update`, tenantAdmin, {
      id: sales.id,
      roleId: foreignRole,
    });
    expect(update.statusCode).toBe(400);
    expect(
      data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id: sales.id })).roleName,
    ).toBe('员工');
  });

  it("grant sets exactly the given roles and ends the users' sessions", async () => {
    const id = await createUser(t, tenantAdmin, {
      account: 'granted',
      roleId: await roleId(t, DEMO_TENANT, 'staff'),
    });
    const token = await loginReady(t, 'granted', 'Init@123', DEMO_TENANT);
    expect(await alive(token)).toBe(200);
    const adminRole = await roleId(t, DEMO_TENANT, 'admin');
    const staffRole = await roleId(t, DEMO_TENANT, 'staff');
    const res = await t.post(`${USER}/grant`, tenantAdmin, {
      userIds: id,
      roleIds: `${adminRole},${staffRole}`,
    });
    expect(res.json().msg).toBe('操作成功');
    expect(data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id })).roleName).toBe(
      '租户管理员,员工',
    );
    expect(await alive(token)).toBe(401);
    // The new session carries the new roles.
    const fresh = await t.login('granted', 'Init@123', DEMO_TENANT);
    expect((await t.get(`${USER}/page`, fresh)).statusCode).toBe(200);
    expect((await t.post(`${USER}/grant`, tenantAdmin, { userIds: id })).statusCode).toBe(400);
    const none = await t.post(`${USER}/grant`, tenantAdmin, { roleIds: staffRole });
    expect(none.json().msg).toBe('请至少选择一个用户');
  });

  it("a role change through update ends the target's sessions; an unrelated edit does not", async () => {
    await createUser(t, tenantAdmin, {
      account: 'rolechg',
      roleId: await roleId(t, DEMO_TENANT, 'staff'),
    });
    const target = await findUser(t, tenantAdmin, 'rolechg');
    const token = await loginReady(t, 'rolechg', 'Init@123', DEMO_TENANT);
    expect(
      (await t.post(`${USER}/update`, tenantAdmin, { id: target.id, realName: '只改名' }))
        .statusCode,
    ).toBe(200);
    expect(await alive(token)).toBe(200);
    // The same roles again (other order, array form) are no change.
    expect(
      (await t.post(`${USER}/update`, tenantAdmin, { id: target.id, roleId: [target.roleId] }))
        .statusCode,
    ).toBe(200);
    expect(await alive(token)).toBe(200);
    const res = await t.post(`${USER}/update`, tenantAdmin, {
      id: target.id,
      roleId: await roleId(t, DEMO_TENANT, 'admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(await alive(token)).toBe(401);
  });

  it('disabling ends the sessions; a refresh token is refused too', async () => {
    await createUser(t, tenantAdmin, { account: 'disabled' });
    const target = await findUser(t, tenantAdmin, 'disabled');
    await loginReady(t, 'disabled', 'Init@123', DEMO_TENANT);
    const tokens = (await t.tokenRequest('disabled', 'Init@123', DEMO_TENANT)).json() as {
      access_token: string;
      refresh_token: string;
    };
    expect(
      (await t.post(`${USER}/update`, tenantAdmin, { id: target.id, status: 0 })).statusCode,
    ).toBe(200);
    expect(await alive(tokens.access_token)).toBe(401);
    // Enabling again does not bring the old session back.
    expect(
      (await t.post(`${USER}/update`, tenantAdmin, { id: target.id, status: 1 })).statusCode,
    ).toBe(200);
    expect(await alive(tokens.access_token)).toBe(401);
    const refresh = await t.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      query: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('remove ends the sessions of the removed users', async () => {
    await createUser(t, tenantAdmin, { account: 'removed' });
    const target = await findUser(t, tenantAdmin, 'removed');
    const token = await loginReady(t, 'removed', 'Init@123', DEMO_TENANT);
    expect((await t.post(`${USER}/remove`, tenantAdmin, { ids: target.id })).statusCode).toBe(200);
    expect(await alive(token)).toBe(401);
  });

  it('reset-password gives a one-time password, forces a change and ends the sessions', async () => {
    await createUser(t, tenantAdmin, { account: 'resetme' });
    const target = await findUser(t, tenantAdmin, 'resetme');
    const token = await loginReady(t, 'resetme', 'Init@123', DEMO_TENANT);
    const res = await t.post(`${USER}/reset-password`, tenantAdmin, undefined, {
      userIds: target.id,
    });
    expect(res.json().msg).toBe('操作成功');
    const [answer] = data<{ password: string }[]>(res);
    expect(await alive(token)).toBe(401);
    expect((await t.tokenRequest('resetme', 'Init@123', DEMO_TENANT)).statusCode).toBe(400);
    const login = await t.tokenRequest('resetme', answer!.password, DEMO_TENANT);
    expect(login.json().must_change_password).toBe(true);
    // Until the change, only the password change is open.
    expect((await t.get(`${USER}/info`, login.json().access_token)).statusCode).toBe(403);
    const empty = await t.post(`${USER}/reset-password`, tenantAdmin, {});
    expect(empty.json().msg).toBe('请至少选择一个用户');
  });

  it("a password change ends the target's sessions", async () => {
    await createUser(t, tenantAdmin, { account: 'changer' });
    const one = await loginReady(t, 'changer', 'Init@123', DEMO_TENANT);
    const two = await t.login('changer', 'Init@123', DEMO_TENANT);
    const res = await t.post(`${USER}/update-password`, one, undefined, {
      oldPassword: t.encrypt('Init@123'),
      newPassword: t.encrypt('Next@123'),
      newPassword1: t.encrypt('Next@123'),
    });
    expect(res.json().msg).toBe('修改成功');
    expect(await alive(one)).toBe(401);
    expect(await alive(two)).toBe(401);
  });

  it('unlock lifts the login lock-out of the selected accounts of the tenant', async () => {
    for (let i = 0; i < 5; i++) await t.tokenRequest('service', 'wrong', DEMO_TENANT);
    expect((await t.tokenRequest('service', DEMO_PASSWORD, DEMO_TENANT)).statusCode).toBe(429);
    const service = await findUser(t, tenantAdmin, 'service');
    const empty = await t.post(`${USER}/unlock`, tenantAdmin, undefined, { userIds: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('请至少选择一个用户');
    // The 000000 administrator cannot unlock it (404), the tenant's own can.
    expect(
      (await t.post(`${USER}/unlock`, admin, undefined, { userIds: service.id })).statusCode,
    ).toBe(404);
    expect((await t.tokenRequest('service', DEMO_PASSWORD, DEMO_TENANT)).statusCode).toBe(429);
    const res = await t.post(`${USER}/unlock`, tenantAdmin, { userIds: [service.id] });
    expect(res.json().msg).toBe('操作成功');
    expect((await t.tokenRequest('service', DEMO_PASSWORD, DEMO_TENANT)).statusCode).toBe(200);
  });

  it('only the super administrator manages super-administrator accounts and hands out that role', async () => {
    // Give the operator role of 000000 the user-management buttons.
    const db = t.app.ctx.db;
    const operatorRole = await roleId(t, '000000', 'operator');
    const menus = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', ['user', 'user_edit', 'user_reset', 'user_grant', 'user_delete'])
      .execute();
    await db
      .insertInto('bladeRoleMenu')
      .values(
        menus.map((m, i) => ({ id: `98000000000000000${i}`, menuId: m.id, roleId: operatorRole })),
      )
      .execute();
    const operator = await t.login('operator', DEMO_PASSWORD);
    const root = await findUser(t, admin, 'admin');
    const finance = await findUser(t, admin, 'finance');
    const superRole = await roleId(t, '000000', 'administrator');

    const resetRoot = await t.post(`${USER}/reset-password`, operator, { userIds: root.id });
    expect(resetRoot.statusCode).toBe(403);
    expect((await t.post(`${USER}/update`, operator, { id: root.id, status: 0 })).statusCode).toBe(
      403,
    );
    expect((await t.post(`${USER}/remove`, operator, { ids: root.id })).statusCode).toBe(403);
    expect(
      (await t.post(`${USER}/grant`, operator, { userIds: finance.id, roleIds: superRole }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${USER}/update`, operator, { id: finance.id, roleId: superRole })).statusCode,
    ).toBe(403);
    expect((await t.tokenRequest('admin', 'Admin@123')).statusCode).toBe(200);
    // Ordinary users remain theirs to manage.
    expect(
      (await t.post(`${USER}/update`, operator, { id: finance.id, realName: '赵财务' })).statusCode,
    ).toBe(200);
  });
});
