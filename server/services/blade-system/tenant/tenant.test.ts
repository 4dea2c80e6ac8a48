import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

interface Tenant {
  id: string;
  tenantId: string;
  tenantName: string;
  domain: string;
  backgroundUrl: string;
  linkman: string;
  contactNumber: string;
  address: string;
  accountNumber: number;
  expireTime: string;
  packageId: string;
  packageName: string;
  datasourceId: string;
}
interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
}

const URL = '/api/blade-system/tenant';

describe('blade-system/tenant', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const createTenant = async (body: Record<string, unknown>) => {
    const res = await submit(admin, body);
    expect(res.json().msg).toBe('新增成功');
    return data<{ id: string; tenantId: string }>(res);
  };
  /** Signs in a new tenant's admin with the initial password, skipping the forced change. */
  const tenantAdminOf = async (tenantId: string) => {
    await db()
      .updateTable('bladeUser')
      .set({ mustChangePassword: 0 })
      .where('tenantId', '=', tenantId)
      .where('account', '=', 'admin')
      .execute();
    return t.login('admin', 'admin', tenantId);
  };
  const permissions = async (token: string) =>
    data<{ permissions: string[] }>(await t.get('/api/blade-auth/oauth/user-info', token))
      .permissions;
  const tenantByCode = (tenantId: string) =>
    db()
      .selectFrom('bladeTenant')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
  const createPackage = async (excluded: string[]) => {
    const menus = await db()
      .selectFrom('bladeMenu')
      .select(['id', 'code'])
      .where('isDeleted', '=', 0)
      .execute();
    const kept = menus.filter(
      (m) => !excluded.some((code) => m.code === code || m.code.startsWith(`${code}_`)),
    );
    const res = await t.post('/api/blade-system/tenant-package/submit', admin, {
      packageName: `无${excluded.join('')}`,
      menuId: kept.map((m) => m.id).join(','),
    });
    return data<{ id: string }>(res).id;
  };

  it('creates a tenant with its administrator, who must change the initial password', async () => {
    const { id, tenantId } = await createTenant({
      tenantName: '新租户',
      linkman: '张三',
      contactNumber: 13700000000,
      tenantId: '000000',
    });
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(tenantId).not.toBe('000000');
    expect(data<Tenant>(await t.get(`${URL}/detail`, admin, { id }))).toMatchObject({
      tenantId,
      tenantName: '新租户',
      linkman: '张三',
      contactNumber: '13700000000',
      accountNumber: -1,
      expireTime: '',
      packageId: '',
    });

    const res = await t.tokenRequest('admin', 'admin', tenantId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tenant_id: tenantId,
      account: 'admin',
      role_name: 'admin',
      must_change_password: true,
    });

    const dept = await db()
      .selectFrom('bladeDept')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .execute();
    expect(dept.map((d) => [d.deptName, d.parentId, d.ancestors])).toEqual([['新租户', '0', '0']]);
    const posts = await db()
      .selectFrom('bladePost')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .execute();
    expect(posts.map((p) => [p.postCode, p.postName])).toEqual([['ceo', '首席执行官']]);
    const roles = await db()
      .selectFrom('bladeRole')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .execute();
    expect(roles.map((r) => [r.roleName, r.roleAlias])).toEqual([['管理员', 'admin']]);
    const user = await db()
      .selectFrom('bladeUser')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      account: 'admin',
      roleId: roles[0]!.id,
      deptId: dept[0]!.id,
      postId: posts[0]!.id,
      mustChangePassword: 1,
    });
    expect(user.password).not.toBe('admin');
    const params = await db()
      .selectFrom('bladeParam')
      .select('paramKey')
      .where('tenantId', '=', tenantId)
      .execute();
    expect(params.map((p) => p.paramKey)).toContain('account.registerUser');
    const topMenus = await db()
      .selectFrom('bladeTopMenu')
      .select('id')
      .where('tenantId', '=', tenantId)
      .execute();
    expect(topMenus.length).toBeGreaterThan(0);

    const token = await tenantAdminOf(tenantId);
    const codes = await permissions(token);
    expect(codes).toContain('dept_add');
    expect(codes.some((c) => c.startsWith('tenant'))).toBe(false);
    // The new administrator works inside the new tenant.
    expect(
      data<{ tenantId: string; tenantName: string }>(await t.get(`${URL}/belong-tenant`, token)),
    ).toMatchObject({ tenantId, tenantName: '新租户' });
  });

  it("cuts the tenant administrator's permissions down to a package, and back", async () => {
    const { tenantId } = await createTenant({ tenantName: '套餐租户' });
    const token = await tenantAdminOf(tenantId);
    expect(await permissions(token)).toEqual(
      expect.arrayContaining(['dept', 'dept_add', 'post_add']),
    );

    const packageId = await createPackage(['dept']);
    expect(
      (await t.post(`${URL}/package-setting`, admin, undefined, { tenantId, packageId })).json()
        .msg,
    ).toBe('操作成功');
    const cut = await permissions(token);
    expect(cut.filter((c) => c === 'dept' || c.startsWith('dept_'))).toEqual([]);
    expect(cut).toContain('post_add');
    expect(
      data<{ id: string; packageName: string }>(
        await t.get(`${URL}/package-detail`, admin, { tenantId }),
      ),
    ).toMatchObject({ id: packageId, packageName: '无dept' });
    expect(
      data<Page<Tenant>>(await t.get(`${URL}/list`, admin, { tenantId })).records[0],
    ).toMatchObject({
      packageId,
      packageName: '无dept',
    });

    await t.post(`${URL}/package-setting`, admin, { tenantId, packageId: '' });
    expect(await permissions(token)).toContain('dept_add');
    expect(data(await t.get(`${URL}/package-detail`, admin, { tenantId }))).toEqual({});

    const unknown = await t.post(`${URL}/package-setting`, admin, undefined, {
      tenantId,
      packageId: '424242',
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await t.post(`${URL}/package-setting`, admin, undefined, { tenantId: '999998', packageId }))
        .statusCode,
    ).toBe(404);
    expect((await t.get(`${URL}/package-detail`, admin, { tenantId: '999998' })).statusCode).toBe(
      404,
    );
    expect((await t.get(`${URL}/package-detail`, admin, { tenantId: 'x' })).statusCode).toBe(400);
  });

  it("grants a tenant created with a package only the package's menus", async () => {
    const packageId = await createPackage(['post']);
    const { tenantId } = await createTenant({ tenantName: '带套餐', packageId });
    expect((await tenantByCode(tenantId)).packageId).toBe(packageId);
    const codes = await permissions(await tenantAdminOf(tenantId));
    expect(codes).toContain('dept_add');
    expect(codes.filter((c) => c === 'post' || c.startsWith('post_'))).toEqual([]);
    const role = await db()
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    const postMenu = await db()
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'post_add')
      .executeTakeFirstOrThrow();
    const granted = await db()
      .selectFrom('bladeRoleMenu')
      .select('id')
      .where('roleId', '=', role.id)
      .where('menuId', '=', postMenu.id)
      .execute();
    expect(granted).toEqual([]);
    const bad = await submit(admin, { tenantName: 'x', packageId: '424242' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('packageId:产品包不存在');
  });

  it('updates the editable fields and never the tenantId', async () => {
    const { id, tenantId } = await createTenant({ tenantName: '改名前', address: '北京' });
    const res = await submit(admin, {
      id,
      tenantId: '123456',
      tenantName: '改名后',
      linkman: '李四',
      address: '',
    });
    expect(res.json().msg).toBe('修改成功');
    expect(data(res)).toEqual({ id, tenantId });
    expect(data<Tenant>(await t.get(`${URL}/detail`, admin, { id }))).toMatchObject({
      tenantId,
      tenantName: '改名后',
      linkman: '李四',
      address: '',
    });
    expect((await submit(admin, { id: '424242', tenantName: 'x' })).statusCode).toBe(404);
  });

  it('validates the tenant name', async () => {
    for (const body of [{}, { tenantName: '  ' }, { tenantName: 42 }]) {
      const res = await submit(admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('tenantName:请输入租户名称');
    }
    expect((await submit(admin, { tenantName: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await submit(admin, { tenantName: 'x', domain: { a: 1 } })).statusCode).toBe(400);
  });

  it("answers the login page's domain lookup publicly, {} when no tenant matches", async () => {
    const { id, tenantId } = await createTenant({ tenantName: '域名租户' });
    expect(
      data(await t.get(`${URL}/info`, undefined, { domain: 'https://shop.example.com' })),
    ).toEqual({});
    await submit(admin, {
      id,
      tenantName: '域名租户',
      domain: 'https://shop.example.com',
      backgroundUrl: 'https://cdn.example.com/bg.png',
    });
    const info = await t.get(`${URL}/info`, undefined, { domain: 'https://shop.example.com' });
    expect(info.json()).toMatchObject({ code: 200, success: true });
    expect(data(info)).toEqual({
      tenantId,
      domain: 'https://shop.example.com',
      backgroundUrl: 'https://cdn.example.com/bg.png',
    });
    expect(
      data(await t.get(`${URL}/info`, undefined, { domain: 'https://other.example.com' })),
    ).toEqual({});
    expect(data(await t.get(`${URL}/info`))).toEqual({});
    const taken = await submit(admin, { tenantName: '抢域名', domain: 'https://shop.example.com' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().msg).toBe('domain:该域名已被其他租户使用');
  });

  it("sets the licence: an expiry in the past stops the tenant's logins", async () => {
    const { id, tenantId } = await createTenant({ tenantName: '授权租户' });
    await tenantAdminOf(tenantId);
    const res = await t.post(`${URL}/setting`, admin, undefined, {
      ids: id,
      accountNumber: '5',
      expireTime: '2020-01-01 00:00:00',
    });
    expect(res.json().msg).toBe('操作成功');
    expect(await tenantByCode(tenantId)).toMatchObject({
      accountNumber: 5,
      expireTime: '2020-01-01 00:00:00',
    });
    const login = await t.tokenRequest('admin', 'admin', tenantId);
    expect(login.statusCode).toBe(400);
    expect(login.json().error_description).toBe('租户授权已过期，请联系管理员');

    await t.post(`${URL}/setting`, admin, {
      ids: id,
      accountNumber: -1,
      expireTime: '2999-12-31 23:59:59',
    });
    expect((await t.tokenRequest('admin', 'admin', tenantId)).statusCode).toBe(200);
    await t.post(`${URL}/setting`, admin, { ids: id, accountNumber: -1, expireTime: '' });
    expect(await tenantByCode(tenantId)).toMatchObject({ accountNumber: -1, expireTime: null });

    const badSettings: Record<string, string>[] = [
      { accountNumber: 'x' },
      { accountNumber: '-2' },
      { expireTime: '2020-13-45' },
      { expireTime: 'tomorrow' },
    ];
    for (const bad of badSettings) {
      expect(
        (await t.post(`${URL}/setting`, admin, undefined, { ids: id, ...bad })).statusCode,
      ).toBe(400);
    }
    const managing = await tenantByCode('000000');
    expect(
      (
        await t.post(`${URL}/setting`, admin, undefined, {
          ids: managing.id,
          expireTime: '2020-01-01 00:00:00',
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.post(`${URL}/setting`, admin, undefined, { ids: '424242' })).statusCode).toBe(
      404,
    );
  });

  it('stores a data source id for a tenant', async () => {
    const res = await t.post(`${URL}/datasource`, admin, undefined, {
      tenantId: DEMO_TENANT,
      datasourceId: '777',
    });
    expect(res.json().msg).toBe('操作成功');
    expect((await tenantByCode(DEMO_TENANT)).datasourceId).toBe('777');
    await t.post(`${URL}/datasource`, admin, { tenantId: DEMO_TENANT, datasourceId: '' });
    expect((await tenantByCode(DEMO_TENANT)).datasourceId).toBeNull();
    expect(
      (await t.post(`${URL}/datasource`, admin, undefined, { tenantId: '999998' })).statusCode,
    ).toBe(404);
    expect((await t.post(`${URL}/datasource`, admin)).statusCode).toBe(400);
  });

  it('removes a tenant and signs its users out; the managing tenant stays', async () => {
    const { id, tenantId } = await createTenant({ tenantName: '待删除' });
    const token = await tenantAdminOf(tenantId);
    expect((await t.get(`${URL}/belong-tenant`, token)).statusCode).toBe(200);

    const managing = await tenantByCode('000000');
    const refused = await t.post(`${URL}/remove`, admin, undefined, {
      ids: `${id},${managing.id}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('不能删除管理租户');
    expect((await tenantByCode(tenantId)).isDeleted).toBe(0);

    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: id })).json().msg).toBe(
      '删除成功',
    );
    expect((await t.get(`${URL}/belong-tenant`, token)).statusCode).toBe(401);
    expect((await t.tokenRequest('admin', 'admin', tenantId)).statusCode).toBe(400);
    expect((await t.get(`${URL}/detail`, admin, { id })).statusCode).toBe(404);
    expect(
      data<{ tenantId: string }[]>(await t.get(`${URL}/select`, admin)).map((s) => s.tenantId),
    ).not.toContain(tenantId);
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: id })).statusCode).toBe(404);
  });

  it('lists and selects every tenant for the super administrator, with filters', async () => {
    const page = data<Page<Tenant>>(await t.get(`${URL}/list`, admin, { size: '100' }));
    expect(page.records.map((r) => r.tenantId)).toEqual(
      expect.arrayContaining(['000000', DEMO_TENANT]),
    );
    const byName = data<Page<Tenant>>(await t.get(`${URL}/list`, admin, { tenantName: '演示' }));
    expect(byName.records.map((r) => r.tenantId)).toEqual([DEMO_TENANT]);
    const byLinkman = data<Page<Tenant>>(await t.get(`${URL}/list`, admin, { linkman: '陈经理' }));
    expect(byLinkman.records.map((r) => r.tenantId)).toEqual([DEMO_TENANT]);
    const byPhone = data<Page<Tenant>>(
      await t.get(`${URL}/list`, admin, { contactNumber: '1390000' }),
    );
    expect(byPhone.records.map((r) => r.tenantId)).toEqual([DEMO_TENANT]);
    const select = data<{ tenantId: string; tenantName: string }[]>(
      await t.get(`${URL}/select`, admin),
    );
    expect(select).toEqual(
      expect.arrayContaining([
        { tenantId: '000000', tenantName: '管理组' },
        { tenantId: DEMO_TENANT, tenantName: '演示租户' },
      ]),
    );
    const demo = await tenantByCode(DEMO_TENANT);
    expect(data<Tenant>(await t.get(`${URL}/detail`, admin, { id: demo.id })).tenantName).toBe(
      '演示租户',
    );
  });

  it('keeps a tenant administrator inside their own tenant', async () => {
    const demo = await tenantByCode(DEMO_TENANT);
    const managing = await tenantByCode('000000');
    expect((await submit(tenantAdmin, { tenantName: 'x' })).statusCode).toBe(403);
    expect((await submit(tenantAdmin, { id: demo.id, tenantName: 'x' })).statusCode).toBe(403);
    expect(
      (await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: demo.id })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.post(`${URL}/setting`, tenantAdmin, undefined, {
          ids: demo.id,
          expireTime: '2999-01-01 00:00:00',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.post(`${URL}/datasource`, tenantAdmin, undefined, {
          tenantId: DEMO_TENANT,
          datasourceId: '1',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.get(`${URL}/package-detail`, tenantAdmin, { tenantId: DEMO_TENANT })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.post(`${URL}/package-setting`, tenantAdmin, undefined, {
          tenantId: DEMO_TENANT,
          packageId: '',
        })
      ).statusCode,
    ).toBe(403);
    // Tenant administration is not in the tenant admin's grants.
    expect((await t.get(`${URL}/list`, tenantAdmin)).statusCode).toBe(403);

    const select = data<{ tenantId: string }[]>(await t.get(`${URL}/select`, tenantAdmin));
    expect(select).toEqual([{ tenantId: DEMO_TENANT, tenantName: '演示租户' }]);
    expect(
      data<{ tenantId: string }>(await t.get(`${URL}/belong-tenant`, tenantAdmin)),
    ).toMatchObject({ tenantId: DEMO_TENANT, tenantName: '演示租户', domain: '' });

    // With the tenant view granted, the list and detail still show the own tenant only.
    const role = await db()
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .where('roleAlias', '=', 'admin')
      .executeTakeFirstOrThrow();
    const view = await db()
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'tenant_view')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('bladeRoleMenu')
      .values({ id: 'test-tenant-view', menuId: view.id, roleId: role.id })
      .execute();
    const page = data<Page<Tenant>>(
      await t.get(`${URL}/list`, tenantAdmin, { tenantId: '000000', size: '100' }),
    );
    expect(page.records).toEqual([]);
    const own = data<Page<Tenant>>(await t.get(`${URL}/list`, tenantAdmin, { size: '100' }));
    expect(own.records.map((r) => r.tenantId)).toEqual([DEMO_TENANT]);
    expect(data<Tenant>(await t.get(`${URL}/detail`, tenantAdmin, { id: demo.id })).tenantId).toBe(
      DEMO_TENANT,
    );
    expect((await t.get(`${URL}/detail`, tenantAdmin, { id: managing.id })).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 to staff', async () => {
    for (const path of ['list', 'select', 'detail', 'belong-tenant', 'package-detail']) {
      expect((await t.get(`${URL}/${path}`)).statusCode).toBe(401);
    }
    for (const path of ['submit', 'remove', 'setting', 'datasource', 'package-setting']) {
      expect((await t.post(`${URL}/${path}`, undefined, {})).statusCode).toBe(401);
    }
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(`${URL}/list`, staff)).statusCode).toBe(403);
    expect((await t.get(`${URL}/detail`, staff, { id: '1' })).statusCode).toBe(403);
    expect(
      data<{ tenantId: string }[]>(await t.get(`${URL}/select`, staff)).map((s) => s.tenantId),
    ).toEqual([DEMO_TENANT]);
    const finance = await t.login('finance', DEMO_PASSWORD);
    expect((await submit(finance, { tenantName: 'x' })).statusCode).toBe(403);
  });

  // Issue 15 item 10: two operators editing the same tenant; the later save does not overwrite.
  it('answers 409 to a stale save and keeps the first save', async () => {
    const { id } = await createTenant({ tenantName: '锁定租户' });
    const detail = async () =>
      data<Tenant & { version: number }>(await t.get(`${URL}/detail`, admin, { id }));
    const opened = await detail();
    expect(opened.version).toBe(1);
    const first = await submit(admin, { id, version: opened.version, tenantName: '第一次' });
    expect(first.statusCode).toBe(200);
    const stale = await submit(admin, { id, version: opened.version, tenantName: '第二次' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已被其他用户修改，请刷新后重试',
    });
    expect(await detail()).toMatchObject({ tenantName: '第一次', version: 2 });
    // Without a version the save replaces whatever is current.
    expect((await submit(admin, { id, tenantName: '第三次' })).statusCode).toBe(200);
    expect(await detail()).toMatchObject({ tenantName: '第三次', version: 3 });
  });
});
