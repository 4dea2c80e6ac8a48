import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';
import {
  createUser,
  deptId,
  findUser,
  openPhone,
  roleId,
  USER,
  type Page,
  type UserView,
} from './test-helpers.js';

describe('blade-user: list, detail, profile, create, update, remove, platform', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  const page = async (token: string, query: Record<string, string> = {}) =>
    data<Page<UserView>>(await t.get(`${USER}/page`, token, query));

  it('answers 401 without a token and 403 (not 401) without the permission', async () => {
    expect((await t.get(`${USER}/page`)).statusCode).toBe(401);
    expect((await t.get(`${USER}/info`)).statusCode).toBe(401);
    expect((await t.post(`${USER}/submit`, undefined, { account: 'x' })).statusCode).toBe(401);
    const some = (await findUser(t, tenantAdmin, 'service')).id;
    const refused: [string, 'get' | 'post', Record<string, string>?, unknown?][] = [
      ['page', 'get'],
      ['detail', 'get', { id: some }],
      ['platform-detail', 'get', { id: some }],
      ['submit', 'post', undefined, { account: 'zz', password: t.encrypt('Init@123') }],
      ['update', 'post', undefined, { id: some, realName: 'x' }],
      ['remove', 'post', { ids: some }],
      ['grant', 'post', { userIds: some, roleIds: await roleId(t, DEMO_TENANT, 'admin') }],
      ['reset-password', 'post', { userIds: some }],
      ['unlock', 'post', { userIds: some }],
      ['approve', 'post', { userIds: some }],
      ['update-platform', 'post', undefined, { id: some, userType: 2 }],
    ];
    for (const [path, method, query, body] of refused) {
      const res =
        method === 'get'
          ? await t.get(`${USER}/${path}`, staff, query)
          : await t.post(`${USER}/${path}`, staff, body, query);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false });
    }
    // The session survives a 403, and the staff user can still read their own profile.
    expect(data<UserView>(await t.get(`${USER}/info`, staff)).account).toBe('sales');
  });

  it("pages the caller's tenant only, with names resolved and never the password", async () => {
    const mine = await page(admin, { size: '100' });
    expect(mine.records.map((u) => u.account).sort()).toEqual([
      'admin',
      'finance',
      'operator',
      'supply',
    ]);
    expect(mine.records.every((u) => u.tenantId === '000000')).toBe(true);
    expect(mine).toMatchObject({ total: 4, current: 1, size: 100, pages: 1 });
    const supply = mine.records.find((u) => u.account === 'supply')!;
    expect(supply).toMatchObject({
      roleName: '供应商经理',
      deptName: '供应链部',
      statusName: '正常',
      realName: '李供应',
    });
    const root = mine.records.find((u) => u.account === 'admin')!;
    expect(root).toMatchObject({
      roleName: '超级管理员',
      deptName: '数字权益平台',
      postName: '首席执行官',
    });
    for (const u of mine.records) {
      expect(u).not.toHaveProperty('password');
      expect(JSON.stringify(u)).not.toContain('scrypt$');
    }
    const theirs = await page(tenantAdmin);
    expect(theirs.records.map((u) => u.account).sort()).toEqual(['admin', 'sales', 'service']);
  });

  it('filters on the allowlisted fields, plaintext phone included, and sorts', async () => {
    expect((await page(admin, { account: 'upp' })).records.map((u) => u.account)).toEqual([
      'supply',
    ]);
    expect((await page(admin, { realName: '赵' })).records.map((u) => u.account)).toEqual([
      'finance',
    ]);
    expect((await page(admin, { phone: '13800000002' })).records.map((u) => u.account)).toEqual([
      'supply',
    ]);
    expect(
      (await page(admin, { phone_equal: '13800000003' })).records.map((u) => u.account),
    ).toEqual(['finance']);
    expect((await page(admin, { email: 'operator@' })).records.map((u) => u.account)).toEqual([
      'operator',
    ]);
    expect((await page(admin, { status: '1' })).total).toBe(4);
    expect((await page(admin, { status: '0' })).total).toBe(0);
    const ops = await deptId(t, '000000', '运营部');
    expect((await page(admin, { deptId: ops })).records.map((u) => u.account)).toEqual([
      'operator',
    ]);
    const fin = await deptId(t, '000000', '财务部');
    expect(
      (await page(admin, { deptId: `${ops},${fin}`, ascs: 'account' })).records.map(
        (u) => u.account,
      ),
    ).toEqual(['finance', 'operator']);
    const financeRole = await roleId(t, '000000', 'finance');
    expect((await page(admin, { roleId: financeRole })).records.map((u) => u.account)).toEqual([
      'finance',
    ]);
    // A part of an id does not match, and LIKE wildcards are literal.
    expect((await page(admin, { deptId: ops.slice(0, -1) })).total).toBe(0);
    expect((await page(admin, { deptId: '%' })).total).toBe(0);
    expect((await page(admin, { roleId: '_' })).total).toBe(0);
    const sorted = (await page(admin, { ascs: 'account' })).records.map((u) => u.account);
    expect(sorted).toEqual(['admin', 'finance', 'operator', 'supply']);
    const desc = (await page(admin, { descs: 'account' })).records.map((u) => u.account);
    expect(desc).toEqual(['supply', 'operator', 'finance', 'admin']);
  });

  it('ignores unknown filters, SQL in names and values, and undeclared sorts', async () => {
    const evil: Record<string, string>[] = [
      { "account' OR '1'='1": 'x' },
      { password: 'scrypt' },
      { tenantId: DEMO_TENANT },
      { tenant_id_equal: DEMO_TENANT },
      { descs: 'password' },
      { ascs: 'account;drop table blade_user' },
      { deptId: "1' OR '1'='1" },
    ];
    for (const q of evil) {
      const res = await t.get(`${USER}/page`, admin, q);
      expect(res.statusCode).toBe(200);
      const p = data<Page<UserView>>(res);
      if ('deptId' in q) expect(p.total).toBe(0);
      else expect(p.records.every((u) => u.tenantId === '000000')).toBe(true);
    }
    expect((await page(admin, { account: "' OR 1=1 --" })).total).toBe(0);
  });

  it('details a user with the list shape; 404 for another tenant, 400 without id', async () => {
    const finance = await findUser(t, admin, 'finance');
    const detail = data<UserView>(await t.get(`${USER}/detail`, admin, { id: finance.id }));
    expect(detail).toMatchObject({
      id: finance.id,
      account: 'finance',
      roleName: '财务',
      deptName: '财务部',
    });
    expect(detail).not.toHaveProperty('password');
    expect((await t.get(`${USER}/detail`, tenantAdmin, { id: finance.id })).statusCode).toBe(404);
    expect((await t.get(`${USER}/detail`, admin)).statusCode).toBe(400);
    expect((await t.get(`${USER}/detail`, admin, { id: 'nope' })).statusCode).toBe(404);
  });

  it("info is the caller's own profile with tenant and platform names", async () => {
    const info = data<UserView>(await t.get(`${USER}/info`, tenantAdmin));
    expect(info).toMatchObject({
      account: 'admin',
      tenantId: DEMO_TENANT,
      tenantName: '演示租户',
      roleName: '租户管理员',
      deptName: '演示总部',
      userTypeName: 'WEB',
      name: '演示管理员',
      realName: '陈管理',
      code: 'U0001',
      email: 'admin@example.com',
    });
    expect(info).not.toHaveProperty('password');
    for (const key of ['postName', 'sex', 'birthday', 'avatar', 'phone'])
      expect(info).toHaveProperty(key);
  });

  it('encrypts phones per session: the crypto_key of the token opens them, another key does not', async () => {
    const first = (await t.tokenRequest('operator', DEMO_PASSWORD)).json() as {
      access_token: string;
      crypto_key: string;
    };
    const second = (await t.tokenRequest('operator', DEMO_PASSWORD)).json() as {
      access_token: string;
      crypto_key: string;
    };
    const info = data<UserView>(await t.get(`${USER}/info`, first.access_token));
    expect(info.phone.startsWith('enc1:')).toBe(true);
    expect(info.phone).not.toContain('13800000001');
    expect(openPhone(info.phone, first.crypto_key)).toBe('13800000001');
    expect(() => openPhone(info.phone, second.crypto_key)).toThrow();
    // List and detail too; two answers never carry the same ciphertext.
    const adminLogin = (await t.tokenRequest('admin', 'Admin@123')).json() as {
      access_token: string;
      crypto_key: string;
    };
    const listed = (await page(adminLogin.access_token, { account_equal: 'supply' })).records[0]!;
    expect(openPhone(listed.phone, adminLogin.crypto_key)).toBe('13800000002');
    const detail = data<UserView>(
      await t.get(`${USER}/detail`, adminLogin.access_token, { id: listed.id }),
    );
    expect(detail.phone).not.toBe(listed.phone);
    expect(openPhone(detail.phone, adminLogin.crypto_key)).toBe('13800000002');
    expect(() => openPhone(detail.phone, first.crypto_key)).toThrow();
  });

  it('creates a user who must change the password at first login', async () => {
    const dept = await deptId(t, DEMO_TENANT, '销售部');
    const staffRole = await roleId(t, DEMO_TENANT, 'staff');
    const created = await t.post(`${USER}/submit`, tenantAdmin, {
      account: 'newbie',
      password: t.encrypt('Init@123'),
      name: '新人',
      realName: '郑新人',
      phone: '13700000000',
      email: 'newbie@example.com',
      roleId: staffRole,
      deptId: [dept],
      postId: '-1',
      birthday: '1990-01-02',
      sex: 1,
      tenantId: '000000',
      isDeleted: 1,
      mustChangePassword: 0,
    });
    expect(created.json().msg).toBe('新增成功');
    const id = data<{ id: string }>(created).id;
    const view = data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id }));
    expect(view).toMatchObject({
      tenantId: DEMO_TENANT,
      account: 'newbie',
      roleName: '员工',
      deptName: '销售部',
      postId: '',
      status: 1,
      birthday: '1990-01-02 00:00:00',
      version: 1,
    });
    expect((await t.get(`${USER}/detail`, admin, { id })).statusCode).toBe(404);
    const login = await t.tokenRequest('newbie', 'Init@123', DEMO_TENANT);
    expect(login.json().must_change_password).toBe(true);
  });

  it('refuses bad creates with 400 and a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: t.encrypt('Init@123') }, '请输入账号'],
      [{ account: 'nopw' }, '请输入密码'],
      [{ account: 'plain', password: 'Init@123' }, '密码解密失败'],
      [{ account: 'short', password: t.encrypt('Ab1!') }, '密码长度为6-10位'],
      [
        { account: 'weak', password: t.encrypt('abcdefg') },
        '密码需包含大写字母、小写字母、数字、符号中的至少3种',
      ],
      [{ account: 'sales', password: t.encrypt('Init@123') }, '当前账号已被使用!'],
      [{ account: 'ph', password: t.encrypt('Init@123'), phone: '12345' }, '请输入正确的手机号'],
      [{ account: 'em', password: t.encrypt('Init@123'), email: 'not-mail' }, '请输入正确的邮箱'],
      [
        {
          account: 'ro',
          password: t.encrypt('Init@123'),
          roleId: await roleId(t, '000000', 'operator'),
        },
        '所选角色不存在',
      ],
      [
        {
          account: 'de',
          password: t.encrypt('Init@123'),
          deptId: await deptId(t, '000000', '运营部'),
        },
        '所选机构不存在',
      ],
      [
        { account: 'bad', password: t.encrypt('Init@123'), roleId: "1' or '1'='1" },
        'roleId:参数格式错误',
      ],
      [{ account: 'st', password: t.encrypt('Init@123'), status: 2 }, '用户状态不正确'],
      [{ account: 'ty', password: t.encrypt('Init@123'), userType: 9 }, '用户平台不正确'],
      [
        { account: 'x'.repeat(46), password: t.encrypt('Init@123') },
        'account:长度不能超过45个字符',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post(`${USER}/submit`, tenantAdmin, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const broken = await t.inject({
      method: 'POST',
      url: `${USER}/submit`,
      headers: { 'blade-auth': `bearer ${tenantAdmin}`, 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(broken.statusCode).toBe(400);
    expect((await t.post(`${USER}/submit`, tenantAdmin, [1, 2])).statusCode).toBe(400);
    // The same account is fine in another tenant, and again after the holder was removed.
    await createUser(t, admin, { account: 'sales' });
  });

  it("stops at the tenant's account limit", async () => {
    const count = (await page(tenantAdmin, { size: '500' })).total;
    await t.app.ctx.db
      .updateTable('bladeTenant')
      .set({ accountNumber: count + 1 })
      .where('tenantId', '=', DEMO_TENANT)
      .execute();
    try {
      await createUser(t, tenantAdmin, { account: 'lastone' });
      const over = await t.post(`${USER}/submit`, tenantAdmin, {
        account: 'toomany',
        password: t.encrypt('Init@123'),
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().msg).toBe('当前租户已到最大账号额度!');
    } finally {
      await t.app.ctx.db
        .updateTable('bladeTenant')
        .set({ accountNumber: -1 })
        .where('tenantId', '=', DEMO_TENANT)
        .execute();
    }
  });

  it('submit asks for user_add to create and user_edit to edit', async () => {
    // A role holding the user menu and user_add only.
    const db = t.app.ctx.db;
    const adderRole = '990000000000000001';
    await db
      .insertInto('bladeRole')
      .values({
        id: adderRole,
        tenantId: DEMO_TENANT,
        parentId: '0',
        roleName: '录入员',
        sort: 9,
        roleAlias: 'adder',
        isDeleted: 0,
        version: 1,
      })
      .execute();
    const menus = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', ['user', 'user_add'])
      .execute();
    await db
      .insertInto('bladeRoleMenu')
      .values(
        menus.map((m, i) => ({ id: `99000000000000010${i}`, menuId: m.id, roleId: adderRole })),
      )
      .execute();
    await createUser(t, tenantAdmin, { account: 'adder', roleId: adderRole });
    await db
      .updateTable('bladeUser')
      .set({ mustChangePassword: 0 })
      .where('account', '=', 'adder')
      .execute();
    const adder = await t.login('adder', 'Init@123', DEMO_TENANT);

    const made = await t.post(`${USER}/submit`, adder, {
      account: 'byadder',
      password: t.encrypt('Init@123'),
    });
    expect(made.statusCode).toBe(200);
    const id = data<{ id: string }>(made).id;
    const edit = await t.post(`${USER}/submit`, adder, { id, realName: '改名' });
    expect(edit.statusCode).toBe(403);
    expect((await t.post(`${USER}/update`, adder, { id, realName: '改名' })).statusCode).toBe(403);
    const byAdmin = await t.post(`${USER}/submit`, tenantAdmin, { id, realName: '改名' });
    expect(byAdmin.json().msg).toBe('修改成功');
    expect(data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id })).realName).toBe(
      '改名',
    );
  });

  it('updates only the fields sent, with optimistic locking, never the password', async () => {
    const id = await createUser(t, tenantAdmin, {
      account: 'editme',
      realName: '原名',
      email: 'a@b.cn',
      phone: '13711112222',
    });
    const before = data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id }));
    const res = await t.post(`${USER}/update`, tenantAdmin, {
      id,
      realName: '新名',
      version: before.version,
      password: t.encrypt('Other@123'),
      tenantId: '000000',
    });
    expect(res.json().msg).toBe('修改成功');
    const after = data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id }));
    expect(after).toMatchObject({
      realName: '新名',
      email: 'a@b.cn',
      tenantId: DEMO_TENANT,
      version: before.version + 1,
    });
    // The password did not change.
    expect((await t.tokenRequest('editme', 'Init@123', DEMO_TENANT)).statusCode).toBe(200);
    expect((await t.tokenRequest('editme', 'Other@123', DEMO_TENANT)).statusCode).toBe(400);

    const stale = await t.post(`${USER}/update`, tenantAdmin, {
      id,
      realName: 'x',
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被其他用户修改，请刷新后重试');
    // The edit form may send the encrypted phone it was given back unchanged.
    const echo = await t.post(`${USER}/update`, tenantAdmin, { id, phone: after.phone, email: '' });
    expect(echo.statusCode).toBe(200);
    const phoneRow = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select(['phone', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(phoneRow).toEqual({ phone: '13711112222', email: null });
    const foreign = data<UserView>(
      await t.get(`${USER}/detail`, admin, { id: (await findUser(t, admin, 'supply')).id }),
    );
    const wrongKey = await t.post(`${USER}/update`, tenantAdmin, { id, phone: foreign.phone });
    expect(wrongKey.json().msg).toBe('请输入正确的手机号');

    const taken = await t.post(`${USER}/update`, tenantAdmin, { id, account: 'sales' });
    expect(taken.json().msg).toBe('当前账号已被使用!');
    expect(
      (await t.post(`${USER}/update`, tenantAdmin, { id, account: 'editme' })).statusCode,
    ).toBe(200);
    expect((await t.post(`${USER}/update`, tenantAdmin, { id, name: '' })).json().msg).toBe(
      '请输入用户昵称',
    );
    expect((await t.post(`${USER}/update`, tenantAdmin, { realName: 'x' })).statusCode).toBe(400);
    expect(
      (await t.post(`${USER}/update`, tenantAdmin, { id: 'missing', realName: 'x' })).statusCode,
    ).toBe(404);
  });

  it('enables and disables through update status; nobody disables themselves', async () => {
    const id = await createUser(t, tenantAdmin, { account: 'toggler' });
    expect((await t.post(`${USER}/update`, tenantAdmin, { id, status: 0 })).statusCode).toBe(200);
    expect(data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id })).statusName).toBe(
      '禁用',
    );
    expect((await page(tenantAdmin, { status: '0' })).records.map((u) => u.account)).toContain(
      'toggler',
    );
    const blocked = await t.tokenRequest('toggler', 'Init@123', DEMO_TENANT);
    expect(blocked.json().error_description).toBe('账号已被禁用，请联系管理员');
    expect((await t.post(`${USER}/update`, tenantAdmin, { id, status: 1 })).statusCode).toBe(200);
    expect((await t.tokenRequest('toggler', 'Init@123', DEMO_TENANT)).statusCode).toBe(200);
    const me = (await findUser(t, tenantAdmin, 'admin')).id;
    const self = await t.post(`${USER}/update`, tenantAdmin, { id: me, status: 0 });
    expect(self.json().msg).toBe('不能禁用当前登录账号');
  });

  it('removes users logically, refuses removing yourself, and frees the account', async () => {
    const id = await createUser(t, tenantAdmin, { account: 'goner' });
    const res = await t.post(`${USER}/remove`, tenantAdmin, undefined, { ids: id });
    expect(res.json().msg).toBe('删除成功');
    expect((await t.get(`${USER}/detail`, tenantAdmin, { id })).statusCode).toBe(404);
    const row = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select('isDeleted')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.isDeleted).toBe(1);
    expect((await t.tokenRequest('goner', 'Init@123', DEMO_TENANT)).statusCode).toBe(400);
    await createUser(t, tenantAdmin, { account: 'goner' });

    const me = (await findUser(t, tenantAdmin, 'admin')).id;
    const self = await t.post(`${USER}/remove`, tenantAdmin, { ids: me });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('不能删除当前登录账号');
    expect((await t.post(`${USER}/remove`, tenantAdmin, {})).statusCode).toBe(400);
  });

  it('reads and updates the platform settings', async () => {
    const id = await createUser(t, tenantAdmin, { account: 'platform' });
    expect(data(await t.get(`${USER}/platform-detail`, tenantAdmin, { id }))).toEqual({
      id,
      userType: 1,
      userExt: '',
    });
    const ext = JSON.stringify({ appId: 'wx123', level: 2 });
    const res = await t.post(`${USER}/update-platform`, tenantAdmin, {
      id,
      userType: 2,
      userExt: ext,
    });
    expect(res.statusCode).toBe(200);
    expect(data(await t.get(`${USER}/platform-detail`, tenantAdmin, { id }))).toEqual({
      id,
      userType: 2,
      userExt: ext,
    });
    expect(data<UserView>(await t.get(`${USER}/detail`, tenantAdmin, { id })).userTypeName).toBe(
      'APP',
    );

    const bad: [Record<string, unknown>, string][] = [
      [{ id, userType: 2, userExt: '{not json' }, '扩展信息须为JSON格式'],
      [
        { id, userType: 2, userExt: JSON.stringify({ a: 'x'.repeat(4000) }) },
        '扩展信息长度不能超过4000个字符',
      ],
      [{ id, userType: 7 }, '用户平台不正确'],
      [{ id }, 'userType:请选择用户平台'],
      [{ userType: 2 }, 'id:请选择用户'],
    ];
    for (const [body, msg] of bad) {
      const r = await t.post(`${USER}/update-platform`, tenantAdmin, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(msg);
    }
    const foreign = (await findUser(t, admin, 'finance')).id;
    expect((await t.get(`${USER}/platform-detail`, tenantAdmin, { id: foreign })).statusCode).toBe(
      404,
    );
    expect(
      (await t.post(`${USER}/update-platform`, tenantAdmin, { id: foreign, userType: 2 }))
        .statusCode,
    ).toBe(404);
    expect(
      data<{ userType: number }>(await t.get(`${USER}/platform-detail`, admin, { id: foreign }))
        .userType,
    ).toBe(1);
  });
});
