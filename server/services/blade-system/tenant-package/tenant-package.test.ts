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
const SETTING = '/api/blade-system/tenant/package-setting';
const ROUTES = '/api/blade-system/menu/routes';

interface Route {
  id: string;
  code: string;
  name: string;
  path: string;
  children?: Route[];
}

async function menuId(t: TestApp, code: string): Promise<string | undefined> {
  const row = await t.app.ctx.db
    .selectFrom('bladeMenu')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id;
}

const flatten = (nodes: Route[]): Route[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('blade-system/tenant-package', () => {
  let t: TestApp;
  let admin: string;
  let menuIds: string[];
  let systemId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    const menus = await t.app.ctx.db
      .selectFrom('bladeMenu')
      .select(['id', 'code'])
      .where('code', 'in', ['home', 'wel', 'dept'])
      .execute();
    const idOf = (code: string) => menus.find((m) => m.code === code)!.id;
    // A group with one of its screens, and a screen (whose group the save adds).
    menuIds = [idOf('home'), idOf('wel'), idOf('dept')];
    systemId = (await menuId(t, 'system'))!;
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
      menuId: [...menuIds, systemId].join(','),
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
      menuId: `${menuIds[1]},${menuIds[1]}`,
    });
    expect(updated.json().msg).toBe('修改成功');
    expect(data<Package>(await t.get(`${URL}/detail`, admin, { id }))).toMatchObject({
      packageName: '基础版2',
      menuId: `${menuIds[1]},${menuIds[0]}`,
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

  describe('menus a package gives its tenant (issue 16 item 4)', () => {
    /** Ids of the live menus (category 1) that have sub-menus: the groups. */
    const groupIds = async () => {
      const rows = await t.app.ctx.db
        .selectFrom('bladeMenu')
        .select('parentId')
        .where('category', '=', 1)
        .where('isDeleted', '=', 0)
        .execute();
      return new Set(rows.map((r) => r.parentId));
    };
    const usePackage = async (packageId: string) =>
      expect(
        (await t.post(SETTING, admin, undefined, { tenantId: '100001', packageId })).statusCode,
      ).toBe(200);
    const tenantRoutes = async () => {
      const res = await t.get(ROUTES, await t.tenantAdminToken());
      expect(res.statusCode).toBe(200);
      return data<Route[]>(res);
    };
    /** Every group the tenant admin is shown has at least one screen under it. */
    const expectNoBareGroup = async (routes: Route[]) => {
      const groups = await groupIds();
      const bare = flatten(routes).filter((n) => groups.has(n.id) && !n.children?.length);
      expect(bare.map((n) => n.name)).toEqual([]);
    };

    it('a package of 首页 and 系统管理 (the groups alone) gives their screens', async () => {
      const home = (await menuId(t, 'home'))!;
      const res = await submit({ packageName: '两个分组', menuId: `${home},${systemId}` });
      expect(res.statusCode).toBe(200);
      const id = data<{ id: string }>(res).id;
      const stored = data<Package>(await t.get(`${URL}/detail`, admin, { id })).menuId.split(',');
      for (const code of ['wel', 'user', 'dept', 'role', 'user_add', 'role_grant'])
        expect(stored).toContain(await menuId(t, code));

      await usePackage(id);
      const routes = await tenantRoutes();
      expect(routes.map((r) => r.name)).toEqual(['首页', '系统管理']);
      const system = routes.find((r) => r.name === '系统管理')!;
      const screens = (system.children ?? []).map((c) => c.name);
      expect(screens).toEqual(expect.arrayContaining(['用户管理', '部门管理', '角色管理']));
      // The tenant's own role never held tenant administration: the package does not add it.
      expect(screens).not.toContain('租户管理');
      await expectNoBareGroup(routes);
      await usePackage('');
    });

    it('a package built from one button includes its screen and group', async () => {
      const deptAdd = (await menuId(t, 'dept_add'))!;
      const res = await submit({ packageName: '一个按钮', menuId: deptAdd });
      const id = data<{ id: string }>(res).id;
      const stored = data<Package>(await t.get(`${URL}/detail`, admin, { id })).menuId;
      expect(stored.split(',').sort()).toEqual(
        [deptAdd, (await menuId(t, 'dept'))!, systemId].sort(),
      );

      await usePackage(id);
      const routes = await tenantRoutes();
      expect(routes.map((r) => [r.name, (r.children ?? []).map((c) => c.name)])).toEqual([
        ['系统管理', ['部门管理']],
      ]);
      const codes = data<Record<string, unknown>>(
        await t.get('/api/blade-system/menu/buttons', await t.tenantAdminToken()),
      );
      expect(JSON.stringify(codes)).toContain('"dept_add"');
      expect(JSON.stringify(codes)).not.toContain('"dept_edit"');
      await usePackage('');
    });

    it('never shows a tenant admin a group without screens, even from a stored bare group', async () => {
      // A row written before saves were completed: the groups alone.
      const home = (await menuId(t, 'home'))!;
      const res = await submit({ packageName: '旧套餐', menuId: home });
      const id = data<{ id: string }>(res).id;
      await t.app.ctx.db
        .updateTable('bladeTenantPackage')
        .set({ menuId: `${home},${systemId},${(await menuId(t, 'wel'))!}` })
        .where('id', '=', id)
        .execute();
      await usePackage(id);
      const routes = await tenantRoutes();
      expect(routes.map((r) => [r.name, (r.children ?? []).map((c) => c.name)])).toEqual([
        ['首页', ['工作台']],
      ]);
      await expectNoBareGroup(routes);
      await usePackage('');
    });

    it('only the super administrator sets packages and writes them', async () => {
      const tenantAdmin = await t.tenantAdminToken();
      const refused = await t.post(SETTING, tenantAdmin, undefined, {
        tenantId: '100001',
        packageId: '',
      });
      expect(refused.statusCode).toBe(403);
      expect(
        (await t.post(`${URL}/submit`, tenantAdmin, { packageName: 'p', menuId: systemId }))
          .statusCode,
      ).toBe(403);
    });
  });
});
