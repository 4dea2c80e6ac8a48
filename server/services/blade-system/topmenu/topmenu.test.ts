import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

interface TopMenu {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  nameEn: string;
  source: string;
  path: string;
  sort: number;
}
interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
interface RouteNode {
  code: string;
  children?: RouteNode[];
}

const flat = <T extends { children?: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('blade-system/topmenu', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let sales: string;
  const db = () => t.app.ctx.db;
  const menuIds = async (...codes: string[]) =>
    (
      await db()
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', 'in', codes)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((m) => m.id);
  const list = (token: string, query: Record<string, string> = {}) =>
    t.get('/api/blade-system/topmenu/list', token, query);
  const submit = (token: string, body: unknown) =>
    t.post('/api/blade-system/topmenu/submit', token, body);
  const grant = (token: string, body: unknown) =>
    t.post('/api/blade-system/topmenu/grant', token, body);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  it("lists the tenant's top menus, paged, by sort, with filters", async () => {
    expect((await list('')).statusCode).toBe(401);
    expect((await list(sales)).statusCode).toBe(403);
    const page = data<Page<TopMenu>>(await list(tenantAdmin, { tenantId: '000000' }));
    expect(page).toMatchObject({ current: 1, size: 10 });
    expect(page.total).toBeGreaterThan(5);
    expect(page.records.every((r) => r.tenantId === DEMO_TENANT)).toBe(true);
    const sorts = page.records.map((r) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(page.records[0]).toMatchObject({ code: 'home', name: '首页', nameEn: 'Home' });
    expect(
      data<Page<TopMenu>>(await list(tenantAdmin, { name: '财务' })).records.map((r) => r.code),
    ).toEqual(['finance_manage']);
    expect(data<Page<TopMenu>>(await list(tenantAdmin, { code_equal: 'home' })).total).toBe(1);
    expect(data<Page<TopMenu>>(await list(tenantAdmin, { descs: 'sort' })).records[0]!.sort).toBe(
      page.total,
    );
    expect(
      data<Page<TopMenu>>(
        await list(tenantAdmin, { "code' or 1=1 --": 'x', descs: 'x;drop table t' }),
      ).total,
    ).toBe(page.total);
  });

  it('detail: own rows only', async () => {
    const home = data<Page<TopMenu>>(await list(tenantAdmin, { code_equal: 'home' })).records[0]!;
    expect(
      data<TopMenu>(await t.get('/api/blade-system/topmenu/detail', tenantAdmin, { id: home.id })),
    ).toMatchObject({ id: home.id, code: 'home' });
    expect(
      (await t.get('/api/blade-system/topmenu/detail', admin, { id: home.id })).statusCode,
    ).toBe(404);
    expect((await t.get('/api/blade-system/topmenu/detail', tenantAdmin)).statusCode).toBe(400);
  });

  it("submit: creates and updates in the caller's tenant, with validation", async () => {
    expect((await submit(sales, { name: 'x', code: 'x' })).statusCode).toBe(403);
    const missingName = await submit(tenantAdmin, { code: 'x' });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().msg).toBe('name:请输入顶部菜单名称');
    expect((await submit(tenantAdmin, { name: 'x' })).json().msg).toBe('code:请输入顶部菜单编号');
    expect((await submit(tenantAdmin, { name: 'x', code: 'x', sort: 'high' })).statusCode).toBe(
      400,
    );
    expect((await submit(tenantAdmin, { name: 'x', code: 'home' })).json().msg).toBe(
      '顶部菜单编号已存在',
    );

    const created = await submit(tenantAdmin, {
      name: '报表',
      nameEn: 'Reports',
      code: 'reports',
      sort: 20,
      path: '/reports',
      tenantId: '000000',
    });
    expect(created.json().msg).toBe('新增成功');
    const id = data<{ id: string }>(created).id;
    expect(
      data<TopMenu>(await t.get('/api/blade-system/topmenu/detail', tenantAdmin, { id })),
    ).toMatchObject({ tenantId: DEMO_TENANT, name: '报表', sort: 20, path: '/reports' });
    const updated = await submit(tenantAdmin, { id, name: '报表中心', code: 'reports' });
    expect(updated.json().msg).toBe('修改成功');
    expect(
      data<TopMenu>(await t.get('/api/blade-system/topmenu/detail', tenantAdmin, { id })),
    ).toMatchObject({ name: '报表中心', nameEn: 'Reports', sort: 20 });
    expect((await submit(admin, { id, name: 'hijack', code: 'reports' })).statusCode).toBe(404);
    // Linked to a screen sales holds, the new entry reaches the top bar of the tenant only (a
    // top menu leading to no held screen is not listed: issue 16 item 5).
    expect(
      data<{ id: string }[]>(await t.get('/api/blade-system/menu/top-menu', sales)).map(
        (m) => m.id,
      ),
    ).not.toContain(id);
    const home = await menuIds('wel');
    expect((await grant(tenantAdmin, { topMenuIds: [id], menuIds: home })).statusCode).toBe(200);
    expect(
      data<{ id: string }[]>(await t.get('/api/blade-system/menu/top-menu', sales)).map(
        (m) => m.id,
      ),
    ).toContain(id);
    expect(
      data<{ id: string }[]>(await t.get('/api/blade-system/menu/top-menu', admin)).map(
        (m) => m.id,
      ),
    ).not.toContain(id);
  });

  it("grant: replaces the menus of the tenant's top menus; routes follow", async () => {
    const id = data<{ id: string }>(
      await submit(tenantAdmin, { name: '常用', code: 'favourites', sort: 30 }),
    ).id;
    expect((await grant(tenantAdmin, { topMenuIds: [], menuIds: ['1'] })).json().msg).toBe(
      'topMenuIds:请选择顶部菜单',
    );
    expect((await grant(tenantAdmin, { topMenuIds: [id] })).json().msg).toBe('menuIds:请选择菜单');
    expect((await grant(tenantAdmin, { topMenuIds: [id], menuIds: ['999'] })).json().msg).toBe(
      '所选菜单不存在',
    );
    expect(
      (await grant(sales, { topMenuIds: [id], menuIds: await menuIds('wel') })).statusCode,
    ).toBe(403);
    const foreign = data<Page<TopMenu>>(await list(admin, { code_equal: 'home' })).records[0]!.id;
    expect(
      (await grant(tenantAdmin, { topMenuIds: [foreign], menuIds: await menuIds('wel') }))
        .statusCode,
    ).toBe(404);

    expect(
      (
        await grant(tenantAdmin, {
          topMenuIds: id,
          menuIds: (await menuIds('user', 'wel')).join(','),
        })
      ).json().msg,
    ).toBe('操作成功');
    const routes = data<RouteNode[]>(
      await t.get('/api/blade-system/menu/routes', tenantAdmin, { topMenuId: id }),
    );
    expect(
      flat(routes)
        .map((n) => n.code)
        .sort(),
    ).toEqual(['home', 'system', 'user', 'wel']);
    // Staff only hold home menus: the intersection leaves the dashboard.
    expect(
      flat(
        data<RouteNode[]>(await t.get('/api/blade-system/menu/routes', sales, { topMenuId: id })),
      )
        .map((n) => n.code)
        .sort(),
    ).toEqual(['home', 'wel']);

    await grant(tenantAdmin, { topMenuIds: [id], menuIds: await menuIds('info') });
    const keys = data<{ menu: string[] }>(
      await t.get('/api/blade-system/menu/top-tree-keys', tenantAdmin, { topMenuIds: id }),
    );
    expect(keys.menu).toEqual(await menuIds('info'));
  });

  it('remove: own rows only, with their menu links', async () => {
    const id = data<{ id: string }>(await submit(tenantAdmin, { name: '临时', code: 'temp' })).id;
    await grant(tenantAdmin, { topMenuIds: [id], menuIds: await menuIds('wel') });
    expect(
      (await t.post('/api/blade-system/topmenu/remove', sales, undefined, { ids: id })).statusCode,
    ).toBe(403);
    expect(
      (await t.post('/api/blade-system/topmenu/remove', admin, undefined, { ids: id })).statusCode,
    ).toBe(404);
    expect((await t.post('/api/blade-system/topmenu/remove', tenantAdmin)).statusCode).toBe(400);
    const removed = await t.post('/api/blade-system/topmenu/remove', tenantAdmin, undefined, {
      ids: id,
    });
    expect(removed.json().msg).toBe('删除成功');
    expect((await t.get('/api/blade-system/topmenu/detail', tenantAdmin, { id })).statusCode).toBe(
      404,
    );
    expect(
      await db()
        .selectFrom('bladeTopMenuSetting')
        .select('id')
        .where('topMenuId', '=', id)
        .execute(),
    ).toEqual([]);
    expect(
      data(await t.get('/api/blade-system/menu/routes', tenantAdmin, { topMenuId: id })),
    ).toEqual([]);
  });

  // Issue 15 item 10: two operators editing the same top menu; the later save does not overwrite.
  it('answers 409 to a stale save and keeps the first save', async () => {
    const { id } = data<{ id: string }>(await submit(tenantAdmin, { code: 'lock', name: '锁定' }));
    const detail = async () =>
      data<TopMenu & { version: number }>(
        await t.get('/api/blade-system/topmenu/detail', tenantAdmin, { id }),
      );
    const opened = await detail();
    expect(opened.version).toBe(1);
    const body = { id, version: opened.version, code: 'lock' };
    expect((await submit(tenantAdmin, { ...body, name: '第一次' })).statusCode).toBe(200);
    const stale = await submit(tenantAdmin, { ...body, name: '第二次' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已被其他用户修改，请刷新后重试',
    });
    expect(await detail()).toMatchObject({ name: '第一次', version: 2 });
    // Another tenant's top menu stays 404, version or not.
    expect((await submit(admin, { ...body, version: 2, name: 'x' })).statusCode).toBe(404);
    await t.post('/api/blade-system/topmenu/remove', tenantAdmin, undefined, { ids: id });
  });
});
