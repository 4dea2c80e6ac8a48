import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Dept {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  deptName: string;
  fullName: string;
  parentName: string;
  version: number;
  hasChildren: boolean;
  children?: Dept[];
}
interface Node {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: Node[];
}

const URL = '/api/blade-system/dept';

describe('blade-system/dept', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, '100001');
  });
  afterAll(() => t.close());

  const submit = async (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const create = async (token: string, body: Record<string, unknown>) =>
    data<{ id: string }>(await submit(token, body)).id;
  const detail = async (token: string, id: string) =>
    data<Dept>(await t.get(`${URL}/detail`, token, { id }));
  const flatten = (nodes: Dept[]): Dept[] =>
    nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

  it("lists the tenant's departments as a tree with parentName, filtered by name", async () => {
    const tree = data<Dept[]>(await t.get(`${URL}/list`, tenantAdmin));
    expect(tree.map((d) => d.deptName)).toEqual(['演示总部']);
    const hq = tree[0]!;
    expect(hq.parentName).toBe('顶级');
    expect(hq.children?.map((d) => d.deptName)).toEqual(['销售部', '客服部']);
    expect(hq.children?.[0]).toMatchObject({
      parentName: '演示总部',
      ancestors: `0,${hq.id}`,
      tenantId: '100001',
    });
    expect(flatten(tree).every((d) => d.tenantId === '100001')).toBe(true);

    const filtered = data<Dept[]>(await t.get(`${URL}/list`, tenantAdmin, { deptName: '销售' }));
    expect(filtered.map((d) => d.deptName)).toEqual(['销售部']);
    expect(filtered[0]!.parentName).toBe('演示总部');
    const byFullName = data<Dept[]>(
      await t.get(`${URL}/list`, tenantAdmin, { fullName_equal: '客服部' }),
    );
    expect(byFullName.map((d) => d.deptName)).toEqual(['客服部']);
    // The super administrator sees their own tenant here, not everyone's.
    const own = flatten(data<Dept[]>(await t.get(`${URL}/list`, admin)));
    expect(own.map((d) => d.deptName)).toContain('运营部');
    expect(own.every((d) => d.tenantId === '000000')).toBe(true);
  });

  it('serves one level at a time with hasChildren (lazy-list, lazy-tree)', async () => {
    const top = data<Dept[]>(await t.get(`${URL}/lazy-list`, tenantAdmin));
    expect(top.map((d) => [d.deptName, d.hasChildren])).toEqual([['演示总部', true]]);
    const children = data<Dept[]>(
      await t.get(`${URL}/lazy-list`, tenantAdmin, { parentId: top[0]!.id }),
    );
    expect(children.map((d) => [d.deptName, d.hasChildren])).toEqual([
      ['销售部', false],
      ['客服部', false],
    ]);
    const search = data<Dept[]>(await t.get(`${URL}/lazy-list`, tenantAdmin, { deptName: '客服' }));
    expect(search.map((d) => d.deptName)).toEqual(['客服部']);
    const noMatchAtTop = data<Dept[]>(
      await t.get(`${URL}/lazy-list`, tenantAdmin, { parentId: '0', deptName: '客服' }),
    );
    expect(noMatchAtTop).toEqual([]);

    const lazyTop = data<Node[]>(await t.get(`${URL}/lazy-tree`, tenantAdmin));
    expect(lazyTop).toEqual([
      {
        id: top[0]!.id,
        parentId: '0',
        title: '演示总部',
        key: top[0]!.id,
        value: top[0]!.id,
        hasChildren: true,
      },
    ]);
    const lazyChildren = data<Node[]>(
      await t.get(`${URL}/lazy-tree`, tenantAdmin, { parentId: top[0]!.id }),
    );
    expect(lazyChildren.map((n) => n.title)).toEqual(['销售部', '客服部']);
    // Another tenant's department has no visible children.
    const foreign = data<Dept[]>(await t.get(`${URL}/lazy-list`, admin, { parentId: top[0]!.id }));
    expect(foreign).toEqual([]);
  });

  it("serves the tenant's TreeNode tree and flat select list, ignoring a tenantId parameter", async () => {
    const tree = data<Node[]>(await t.get(`${URL}/tree`, tenantAdmin, { tenantId: '000000' }));
    expect(tree.map((n) => n.title)).toEqual(['演示总部']);
    expect(tree[0]!.children?.map((n) => n.title)).toEqual(['销售部', '客服部']);
    expect(tree[0]).toMatchObject({ key: tree[0]!.id, value: tree[0]!.id, hasChildren: true });
    const select = data<{ id: string; deptName: string }[]>(
      await t.get(`${URL}/select`, tenantAdmin, { tenantId: '000000' }),
    );
    expect(select.map((d) => d.deptName).sort()).toEqual(['客服部', '演示总部', '销售部'].sort());
  });

  it("answers 404 for another tenant's department on detail, update and remove", async () => {
    const hq = data<Dept[]>(await t.get(`${URL}/lazy-list`, tenantAdmin))[0]!;
    expect((await t.get(`${URL}/detail`, admin, { id: hq.id })).statusCode).toBe(404);
    const update = await submit(admin, { id: hq.id, deptName: '篡改' });
    expect(update.statusCode).toBe(404);
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: hq.id })).statusCode).toBe(404);
    expect((await detail(tenantAdmin, hq.id)).deptName).toBe('演示总部');
  });

  it('creates under a parent, computes ancestors, refuses a parent of another tenant', async () => {
    const root = await create(tenantAdmin, { deptName: '新根', fullName: '新根全称' });
    expect(await detail(tenantAdmin, root)).toMatchObject({
      parentId: '0',
      ancestors: '0',
      parentName: '顶级',
      tenantId: '100001',
      version: 1,
    });
    const child = await create(tenantAdmin, {
      parentId: root,
      deptName: '新子',
      tenantId: '000000',
    });
    expect(await detail(tenantAdmin, child)).toMatchObject({
      parentId: root,
      ancestors: `0,${root}`,
      parentName: '新根',
      tenantId: '100001',
    });

    const adminRoot = data<Dept[]>(await t.get(`${URL}/lazy-list`, admin))[0]!;
    const crossTenant = await submit(tenantAdmin, { parentId: adminRoot.id, deptName: 'x' });
    expect(crossTenant.statusCode).toBe(400);
    expect(crossTenant.json().msg).toBe('上级机构不存在!');
    const missing = await submit(tenantAdmin, { parentId: '123', deptName: 'x' });
    expect(missing.json().msg).toBe('上级机构不存在!');
  });

  it('validates the input with zh messages', async () => {
    const noName = await submit(tenantAdmin, { fullName: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().msg).toBe('deptName:请输入机构名称');
    expect((await submit(tenantAdmin, { deptName: '  ' })).json().msg).toBe(
      'deptName:请输入机构名称',
    );
    expect((await submit(tenantAdmin, { deptName: 'x', sort: 'abc' })).statusCode).toBe(400);
    expect((await submit(tenantAdmin, { deptName: 'x'.repeat(65) })).statusCode).toBe(400);
    expect(
      (await submit(tenantAdmin, { deptName: 'x', parentId: "1' or '1'='1" })).statusCode,
    ).toBe(400);
    expect((await t.post(`${URL}/submit`, tenantAdmin, [1, 2])).statusCode).toBe(400);
    expect((await t.get(`${URL}/detail`, tenantAdmin)).statusCode).toBe(400);
  });

  it("moves a subtree, rewriting its descendants' ancestors, and refuses a move under itself", async () => {
    const a = await create(tenantAdmin, { deptName: 'A' });
    const b = await create(tenantAdmin, { parentId: a, deptName: 'B' });
    const c = await create(tenantAdmin, { parentId: b, deptName: 'C' });
    const target = await create(tenantAdmin, { deptName: 'T' });

    const self = await submit(tenantAdmin, { id: a, parentId: a, deptName: 'A' });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('父节点不可选择自身!');
    const underDescendant = await submit(tenantAdmin, { id: a, parentId: c, deptName: 'A' });
    expect(underDescendant.json().msg).toBe('父节点不可选择自身!');

    const moved = await submit(tenantAdmin, { id: b, parentId: target, deptName: 'B2' });
    expect(moved.json().msg).toBe('修改成功');
    expect(await detail(tenantAdmin, b)).toMatchObject({
      ancestors: `0,${target}`,
      deptName: 'B2',
      version: 2,
      parentName: 'T',
    });
    expect((await detail(tenantAdmin, c)).ancestors).toBe(`0,${target},${b}`);
    // Back to the top level.
    await submit(tenantAdmin, { id: b, parentId: '', deptName: 'B2' });
    expect((await detail(tenantAdmin, b)).ancestors).toBe('0');
    expect((await detail(tenantAdmin, c)).ancestors).toBe(`0,${b}`);
  });

  it('refuses a stale version with 409', async () => {
    const id = await create(tenantAdmin, { deptName: 'V' });
    expect((await submit(tenantAdmin, { id, deptName: 'V1', version: 1 })).statusCode).toBe(200);
    const stale = await submit(tenantAdmin, { id, deptName: 'V2', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被其他用户修改，请刷新后重试');
    expect((await detail(tenantAdmin, id)).deptName).toBe('V1');
  });

  it('refuses to remove a department with live children or users, removes otherwise', async () => {
    const tree = data<Dept[]>(await t.get(`${URL}/list`, tenantAdmin, { deptName: '演示总部' }));
    const hq = tree[0]!;
    const withChildren = await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: hq.id });
    expect(withChildren.statusCode).toBe(400);
    expect(withChildren.json().msg).toBe('请先删除子节点!');

    const sales = data<Dept[]>(await t.get(`${URL}/list`, tenantAdmin, { deptName: '销售部' }))[0]!;
    const withUsers = await t.post(`${URL}/remove`, tenantAdmin, { ids: sales.id });
    expect(withUsers.statusCode).toBe(400);
    expect(withUsers.json().msg).toBe('请先删除机构下的用户');

    const parent = await create(tenantAdmin, { deptName: 'P' });
    const child = await create(tenantAdmin, { parentId: parent, deptName: 'Q' });
    const res = await t.post(`${URL}/remove`, tenantAdmin, undefined, {
      ids: `${parent},${child}`,
    });
    expect(res.json().msg).toBe('删除成功');
    expect((await t.get(`${URL}/detail`, tenantAdmin, { id: parent })).statusCode).toBe(404);
    expect((await t.get(`${URL}/detail`, tenantAdmin, { id: child })).statusCode).toBe(404);
    expect((await t.post(`${URL}/remove`, tenantAdmin)).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.get(`${URL}/list`)).statusCode).toBe(401);
    expect((await t.post(`${URL}/submit`, undefined, { deptName: 'x' })).statusCode).toBe(401);
    for (const path of ['list', 'lazy-list', 'tree', 'lazy-tree', 'select']) {
      const res = await t.get(`${URL}/${path}`, staff);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false });
    }
    expect((await submit(staff, { deptName: 'x' })).statusCode).toBe(403);
    expect((await t.post(`${URL}/remove`, staff, undefined, { ids: '1' })).statusCode).toBe(403);
  });

  it('lets a user-screen reader (user_info only) read but not write', async () => {
    // Give the staff role the user-info screen: it may read the tree, not change it.
    const db = t.app.ctx.db;
    const roleId = (
      await db
        .selectFrom('bladeUser')
        .select('roleId')
        .where('tenantId', '=', '100001')
        .where('account', '=', 'service')
        .executeTakeFirstOrThrow()
    ).roleId;
    const menu = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'user_info')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('bladeRoleMenu')
      .values({ id: `test-${Date.now()}`, menuId: menu.id, roleId })
      .execute();
    const service = await t.login('service', DEMO_PASSWORD, '100001');
    expect((await t.get(`${URL}/tree`, service)).statusCode).toBe(200);
    expect((await submit(service, { deptName: 'x' })).statusCode).toBe(403);
  });
});
