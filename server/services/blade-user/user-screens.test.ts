import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_TENANT, type TestApp } from '../../test/support.js';
import { createUser, findUser, USER, type UserView } from './test-helpers.js';

/**
 * Users are managed on two screens (/system/user and /setting/user/userinfo): each screen's
 * codes open what that screen shows, and the user form's pickers (roles, departments, posts)
 * load for either screen.
 */
describe('blade-user: the two user screens', () => {
  let t: TestApp;
  let tenantAdmin: string;
  let serial = 0;
  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  /** Signs in a new user of the demo tenant whose one role holds exactly `codes`. */
  async function holderOf(codes: string[]): Promise<string> {
    serial += 1;
    const db = t.app.ctx.db;
    const role = `99100000000000000${serial}`;
    await db
      .insertInto('bladeRole')
      .values({
        id: role,
        tenantId: DEMO_TENANT,
        parentId: '0',
        roleName: `屏幕${serial}`,
        sort: 9,
        roleAlias: `screen${serial}`,
        isDeleted: 0,
        version: 1,
      })
      .execute();
    const menus = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', codes)
      .execute();
    expect(menus).toHaveLength(codes.length);
    await db
      .insertInto('bladeRoleMenu')
      .values(menus.map((m, i) => ({ id: `${role}${i}`, menuId: m.id, roleId: role })))
      .execute();
    const account = `screen${serial}`;
    await createUser(t, tenantAdmin, { account, roleId: role, realName: '屏幕', name: '屏幕' });
    await db
      .updateTable('bladeUser')
      .set({ mustChangePassword: 0 })
      .where('account', '=', account)
      .execute();
    return t.login(account, 'Init@123', DEMO_TENANT);
  }

  it('user_info_edit edits through update and submit, but creates nothing', async () => {
    const token = await holderOf(['user_info', 'user_info_edit']);
    const sales = await findUser(t, token, 'sales');
    const update = await t.post(`${USER}/update`, token, {
      id: sales.id,
      realName: '改于设置',
      version: sales.version,
    });
    expect(update.json().msg).toBe('修改成功');
    const submit = await t.post(`${USER}/submit`, token, { id: sales.id, name: '昵称改' });
    expect(submit.json().msg).toBe('修改成功');
    const after = data<UserView>(await t.get(`${USER}/detail`, token, { id: sales.id }));
    expect(after).toMatchObject({ realName: '改于设置', name: '昵称改' });

    const create = await t.post(`${USER}/submit`, token, {
      account: 'notallowed',
      password: t.encrypt('Init@123'),
    });
    expect(create.statusCode).toBe(403);
    const grant = await t.post(`${USER}/grant`, token, undefined, {
      userIds: sales.id,
      roleIds: sales.roleId,
    });
    expect(grant.statusCode).toBe(403);
  });

  it('the list menu alone reads but does not edit', async () => {
    const token = await holderOf(['user_info']);
    const sales = await findUser(t, token, 'sales');
    expect(
      (await t.post(`${USER}/update`, token, { id: sales.id, realName: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${USER}/submit`, token, { id: sales.id, realName: 'x' })).statusCode,
    ).toBe(403);
  });

  it.each([['user'], ['user_info']])(
    'a holder of %s loads the role tree, the department tree and the posts of the user form',
    async (code) => {
      const token = await holderOf([code]);
      const roles = data<{ id: string; title: string }[]>(
        await t.get('/api/blade-system/role/tree', token),
      );
      expect(roles.length).toBeGreaterThan(0);
      expect(roles.every((r) => typeof r.id === 'string' && typeof r.title === 'string')).toBe(
        true,
      );
      expect((await t.get('/api/blade-system/dept/tree', token)).statusCode).toBe(200);
      expect((await t.get('/api/blade-system/post/select', token)).statusCode).toBe(200);
      // Reading the tree is all: the role screens' other calls stay closed.
      expect((await t.get('/api/blade-system/role/list', token)).statusCode).toBe(403);
    },
  );
});
