import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';
import { createUser, findUser, loginReady, USER, type UserView } from './test-helpers.js';

describe('blade-user: own password, own profile', () => {
  let t: TestApp;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const change = (token: string | undefined, values: Record<string, string>, asForm = false) =>
    asForm
      ? t.inject({
          method: 'POST',
          url: `${USER}/update-password`,
          headers: {
            'blade-auth': `bearer ${token}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams(values).toString(),
        })
      : t.post(`${USER}/update-password`, token, undefined, values);

  it('update-password refuses with the spec messages and changes nothing', async () => {
    await createUser(t, tenantAdmin, { account: 'pw1' });
    const token = await loginReady(t, 'pw1', 'Init@123', DEMO_TENANT);
    const enc = (s: string) => t.encrypt(s);
    const cases: [Record<string, string>, string][] = [
      [
        { oldPassword: 'Init@123', newPassword: enc('Next@123'), newPassword1: enc('Next@123') },
        '密码解密失败',
      ],
      [
        { oldPassword: enc('Init@123'), newPassword: 'bm90', newPassword1: enc('Next@123') },
        '密码解密失败',
      ],
      [
        {
          oldPassword: enc('Wrong@123'),
          newPassword: enc('Next@123'),
          newPassword1: enc('Next@123'),
        },
        '原密码不正确!',
      ],
      [
        {
          oldPassword: enc('Init@123'),
          newPassword: enc('Next@123'),
          newPassword1: enc('Next@124'),
        },
        '新密码与确认密码不一致',
      ],
      [
        {
          oldPassword: enc('Init@123'),
          newPassword: enc('abcdefgh'),
          newPassword1: enc('abcdefgh'),
        },
        '密码需包含大写字母、小写字母、数字、符号中的至少3种',
      ],
      [
        { oldPassword: enc('Init@123'), newPassword: enc('Ab1!'), newPassword1: enc('Ab1!') },
        '密码长度为6-10位',
      ],
      [
        {
          oldPassword: enc('Init@123'),
          newPassword: enc('Init@123'),
          newPassword1: enc('Init@123'),
        },
        '新密码不能与原密码相同',
      ],
      [{ newPassword: enc('Next@123'), newPassword1: enc('Next@123') }, '请输入原密码'],
      [{ oldPassword: enc('Init@123'), newPassword1: enc('Next@123') }, '请输入新密码'],
      [{ oldPassword: enc('Init@123'), newPassword: enc('Next@123') }, '请输入确认密码'],
    ];
    for (const [values, msg] of cases) {
      const res = await change(token, values);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    // A wrong old password does not count towards the login lock-out.
    for (let i = 0; i < 6; i++) await change(token, cases[2]![0]);
    expect((await t.get(`${USER}/info`, token)).statusCode).toBe(200);
    expect((await t.tokenRequest('pw1', 'Init@123', DEMO_TENANT)).statusCode).toBe(200);
    expect((await change(undefined, cases[2]![0])).statusCode).toBe(401);
  });

  it('update-password works during the forced change, from a form body too, and clears the flag', async () => {
    await createUser(t, tenantAdmin, { account: 'pw2' });
    const first = await t.tokenRequest('pw2', 'Init@123', DEMO_TENANT);
    expect(first.json().must_change_password).toBe(true);
    const token = first.json().access_token as string;
    expect((await t.get(`${USER}/info`, token)).statusCode).toBe(403);
    const other = await t.login('pw2', 'Init@123', DEMO_TENANT);
    const res = await change(
      token,
      {
        oldPassword: t.encrypt('Init@123'),
        newPassword: t.encrypt('Fresh@123'),
        newPassword1: t.encrypt('Fresh@123'),
      },
      true,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '修改成功' });
    // Every session of the user ends, so the console must sign in again.
    expect((await t.get(`${USER}/info`, token)).statusCode).toBe(401);
    expect((await t.get(`${USER}/info`, other)).statusCode).toBe(401);
    expect((await t.tokenRequest('pw2', 'Init@123', DEMO_TENANT)).statusCode).toBe(400);
    const again = await t.tokenRequest('pw2', 'Fresh@123', DEMO_TENANT);
    expect(again.json().must_change_password).toBe(false);
    expect((await t.get(`${USER}/info`, again.json().access_token)).statusCode).toBe(200);
  });

  it('update-info changes only the personal fields of the caller', async () => {
    await createUser(t, tenantAdmin, { account: 'me', name: '我', realName: '本人', roleId: '' });
    const token = await loginReady(t, 'me', 'Init@123', DEMO_TENANT);
    const before = await findUser(t, tenantAdmin, 'me');
    const res = await t.post(`${USER}/update-info`, token, {
      id: (await findUser(t, tenantAdmin, 'sales')).id,
      name: '新昵称',
      realName: '新姓名',
      phone: '13612345678',
      email: 'me@example.org',
      avatar: '/api/blade-resource/oss/avatar.png',
      birthday: '1995-05-06 00:00:00',
      sex: 0,
      account: 'hacked',
      password: t.encrypt('Evil@123'),
      roleId: (await findUser(t, tenantAdmin, 'admin')).roleId,
      deptId: 'x',
      tenantId: '000000',
      status: 0,
      userType: 2,
      mustChangePassword: 1,
      isDeleted: 1,
    });
    expect(res.json().msg).toBe('修改成功');
    const after = data<UserView>(await t.get(`${USER}/info`, token));
    expect(after).toMatchObject({
      id: before.id,
      account: 'me',
      name: '新昵称',
      realName: '新姓名',
      email: 'me@example.org',
      avatar: '/api/blade-resource/oss/avatar.png',
      birthday: '1995-05-06 00:00:00',
      sex: 0,
      roleId: before.roleId,
      tenantId: DEMO_TENANT,
      status: 1,
      userType: 1,
    });
    const row = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select(['phone', 'mustChangePassword', 'isDeleted'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: '13612345678', mustChangePassword: 0, isDeleted: 0 });
    expect((await t.tokenRequest('me', 'Init@123', DEMO_TENANT)).statusCode).toBe(200);
    expect(
      data<UserView>(
        await t.get(`${USER}/detail`, tenantAdmin, {
          id: (await findUser(t, tenantAdmin, 'sales')).id,
        }),
      ).realName,
    ).toBe('周销售');
    // Empty optional fields clear them.
    expect((await t.post(`${USER}/update-info`, token, { phone: '', email: '' })).statusCode).toBe(
      200,
    );
    const cleared = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select(['phone', 'email'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(cleared).toEqual({ phone: null, email: null });
  });

  it('update-info validates like the profile form', async () => {
    const token = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入用户昵称'],
      [{ name: '   ' }, '请输入用户昵称'],
      [{ realName: '' }, '请输入用户姓名'],
      [{ phone: '2380000000' }, '请输入正确的手机号'],
      [{ phone: '138000000011' }, '请输入正确的手机号'],
      [{ phone: '1380000000a' }, '请输入正确的手机号'],
      [{ email: 'foo@' }, '请输入正确的邮箱'],
      [{ email: 'a b@c.cn' }, '请输入正确的邮箱'],
      [{ avatar: 'javascript:alert(1)' }, '头像地址格式错误'],
      [{ birthday: '1990-13-45' }, '请输入正确的生日'],
      [{ name: 'x'.repeat(51) }, 'name:长度不能超过50个字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post(`${USER}/update-info`, token, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await t.post(`${USER}/update-info`, token, [])).statusCode).toBe(400);
    expect((await t.post(`${USER}/update-info`, undefined, { name: 'x' })).statusCode).toBe(401);
    const unchanged = data<UserView>(await t.get(`${USER}/info`, token));
    expect(unchanged).toMatchObject({ name: '小销', realName: '周销售' });
  });
});
