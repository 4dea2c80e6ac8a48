import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Package {
  id: string;
  packageName: string;
  menuId: string;
  remark: string;
}
interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
}

const URL = '/api/blade-system/tenant-package';

describe('blade-system/tenant-package', () => {
  let t: TestApp;
  let admin: string;
  let menuIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    const menus = await t.app.ctx.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', ['home', 'wel', 'dept'])
      .execute();
    menuIds = menus.map((m) => m.id);
  });
  afterAll(() => t.close());

  const submit = (body: Record<string, unknown>) => t.post(`${URL}/submit`, admin, body);

  it('creates, lists, reads, updates and removes a package', async () => {
    const created = await submit({
      packageName: '基础版',
      menuId: menuIds.join(','),
      remark: '入门',
    });
    expect(created.json().msg).toBe('新增成功');
    const id = data<{ id: string }>(created).id;
    expect(data<Package>(await t.get(`${URL}/detail`, admin, { id }))).toMatchObject({
      packageName: '基础版',
      menuId: menuIds.join(','),
      remark: '入门',
    });

    await submit({ packageName: '专业版', menuId: menuIds.slice(0, 1) });
    const page = data<Page<Package>>(await t.get(`${URL}/list`, admin));
    expect(page.total).toBe(2);
    const filtered = data<Page<Package>>(
      await t.get(`${URL}/list`, admin, { packageName: '基础' }),
    );
    expect(filtered.records.map((p) => p.packageName)).toEqual(['基础版']);

    const updated = await submit({
      id,
      packageName: '基础版2',
      menuId: `${menuIds[0]},${menuIds[0]}`,
    });
    expect(updated.json().msg).toBe('修改成功');
    expect(data<Package>(await t.get(`${URL}/detail`, admin, { id }))).toMatchObject({
      packageName: '基础版2',
      menuId: menuIds[0],
      remark: '',
    });

    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: id })).json().msg).toBe(
      '删除成功',
    );
    expect((await t.get(`${URL}/detail`, admin, { id })).statusCode).toBe(404);
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: id })).statusCode).toBe(404);
    expect((await submit({ id, packageName: 'x', menuId: menuIds[0] })).statusCode).toBe(404);
  });

  it("requires a name and live menus, with the spec's messages", async () => {
    const noName = await submit({ menuId: menuIds[0] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().msg).toBe('packageName:请输入产品包名称');
    for (const menuId of [undefined, '', ' , ', []]) {
      const res = await submit({ packageName: 'p', menuId });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('menuId:请选择菜单');
    }
    const unknown = await submit({ packageName: 'p', menuId: `${menuIds[0]},999999` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('menuId:');
    expect((await submit({ packageName: 'p', menuId: "1' or 1=1" })).statusCode).toBe(400);
    const deleted = menuIds[2]!;
    await t.app.ctx.db
      .updateTable('bladeMenu')
      .set({ isDeleted: 1 })
      .where('id', '=', deleted)
      .execute();
    expect((await submit({ packageName: 'p', menuId: deleted })).statusCode).toBe(400);
    await t.app.ctx.db
      .updateTable('bladeMenu')
      .set({ isDeleted: 0 })
      .where('id', '=', deleted)
      .execute();
  });

  it('refuses to remove a package a live tenant uses', async () => {
    const id = data<{ id: string }>(
      await submit({ packageName: '在用', menuId: menuIds.join(',') }),
    ).id;
    const setting = await t.post('/api/blade-system/tenant/package-setting', admin, undefined, {
      tenantId: '100001',
      packageId: id,
    });
    expect(setting.statusCode).toBe(200);
    const refused = await t.post(`${URL}/remove`, admin, undefined, { ids: id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('该产品包已被租户使用');
    await t.post('/api/blade-system/tenant/package-setting', admin, undefined, {
      tenantId: '100001',
      packageId: '',
    });
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: id })).statusCode).toBe(200);
  });

  it('is for the super administrator only: 401 without a token, 403 for a tenant admin', async () => {
    expect((await t.get(`${URL}/list`)).statusCode).toBe(401);
    const tenantAdmin = await t.tenantAdminToken();
    const finance = await t.login('finance', DEMO_PASSWORD);
    for (const token of [tenantAdmin, finance]) {
      expect((await t.get(`${URL}/list`, token)).statusCode).toBe(403);
      expect((await t.get(`${URL}/detail`, token, { id: '1' })).statusCode).toBe(403);
      expect(
        (await t.post(`${URL}/submit`, token, { packageName: 'p', menuId: menuIds[0] })).statusCode,
      ).toBe(403);
      expect((await t.post(`${URL}/remove`, token, undefined, { ids: '1' })).statusCode).toBe(403);
    }
  });
});
