import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { createRole, DEMO, grant, menuId, setRoles } from '../data-scope/scope-test-support.js';
import { normalizeScopePath, scopePattern } from '../../../auth/index.js';
import { nextId } from '../../../lib/ids.js';

const URL = '/api/blade-system/api-scope';
const POSTS = '/api/blade-system/post';

interface ApiScope {
  id: string;
  menuId: string;
  menuName: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeType: number;
  scopeTypeName: string;
}

describe('api scope paths', () => {
  it('names the API path with or without /api, whole, with Ant wildcards', () => {
    expect(normalizeScopePath('blade-system/post/list')).toBe('/api/blade-system/post/list');
    expect(normalizeScopePath('/api/blade-system/post/list/')).toBe('/api/blade-system/post/list');
    const exact = scopePattern('/blade-system/post/list');
    expect(exact.test('/api/blade-system/post/list')).toBe(true);
    expect(exact.test('/api/blade-system/post/list2')).toBe(false);
    expect(exact.test('/api/blade-system/post')).toBe(false);
    const star = scopePattern('/api/blade-system/*/list');
    expect(star.test('/api/blade-system/post/list')).toBe(true);
    expect(star.test('/api/blade-system/a/b/list')).toBe(false);
    const all = scopePattern('/api/blade-system/post/**');
    expect(all.test('/api/blade-system/post')).toBe(true);
    expect(all.test('/api/blade-system/post/a/b')).toBe(true);
    expect(all.test('/api/blade-system/postx')).toBe(false);
    // Regular-expression characters are literal.
    expect(scopePattern('/api/a.b').test('/api/aXb')).toBe(false);
    expect(scopePattern('/api/a/list?x=1').test('/api/a/list')).toBe(true);
  });
});

describe('blade-system/api-scope', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let postMenu: string;
  let roleA: string;
  let roleB: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    postMenu = await menuId(t, 'post');
    roleA = await createRole(t, DEMO, 'role_a');
    roleB = await createRole(t, DEMO, 'role_b');
    await setRoles(t, DEMO, 'sales', [roleA]);
    await setRoles(t, DEMO, 'service', [roleB]);
  });
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const create = async (body: Record<string, unknown>) =>
    data<{ id: string }>(await submit(admin, body)).id;
  const asA = () => t.login('sales', DEMO_PASSWORD, DEMO);
  const asB = () => t.login('service', DEMO_PASSWORD, DEMO);
  const listPosts = async (token: string) => (await t.get(`${POSTS}/list`, token)).statusCode;

  it('CRUD by the super administrator; holders of the screen read; names decorated', async () => {
    const id = await create({
      menuId: postMenu,
      resourceCode: 'post_detail',
      scopeName: '岗位详情',
      scopePath: '/api/blade-system/post/detail',
      scopeType: 2,
    });
    const detail = data<ApiScope>(await t.get(`${URL}/detail`, tenantAdmin, { id }));
    expect(detail).toMatchObject({
      menuId: postMenu,
      menuName: '岗位管理',
      scopeTypeName: '业务接口',
      scopePath: '/api/blade-system/post/detail',
    });
    const page = data<{ records: ApiScope[] }>(
      await t.get(`${URL}/list`, tenantAdmin, { menuId: postMenu }),
    );
    expect(page.records.map((r) => r.id)).toEqual([id]);
    expect(data<{ total: number }>(await t.get(`${URL}/list`, admin, { menuId: '1' })).total).toBe(
      0,
    );

    // Global rows: nobody but the super administrator writes them.
    expect((await submit(tenantAdmin, { ...detail, scopeName: 'x' })).statusCode).toBe(403);
    expect((await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: id })).statusCode).toBe(
      403,
    );
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO);
    expect((await t.get(`${URL}/list`, staff)).statusCode).toBe(403);
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: id })).statusCode).toBe(200);
  });

  it('validates menu, path and type with zh messages', async () => {
    const base = {
      menuId: postMenu,
      resourceCode: 'x',
      scopeName: 'n',
      scopePath: '/a',
      scopeType: 1,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, menuId: '' }, 'menuId:请选择所属菜单'],
      [{ ...base, menuId: '42' }, 'menuId:所属菜单不存在'],
      [{ ...base, scopePath: ' ' }, 'scopePath:请输入权限路径'],
      [{ ...base, scopePath: '/a b' }, 'scopePath:权限路径只能包含字母、数字、/、_、-、. 和 *'],
      [{ ...base, scopeType: 3 }, 'scopeType:请选择接口类型'],
      [{ ...base, resourceCode: '' }, 'resourceCode:请输入权限编号'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(admin, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('a covered path is for holders of a covering scope only; removing the grant refuses it', async () => {
    await grant(t, tenantAdmin, roleA, { menuIds: [postMenu] });
    await grant(t, tenantAdmin, roleB, { menuIds: [postMenu] });
    expect(await listPosts(await asA())).toBe(200);
    expect(await listPosts(await asB())).toBe(200);

    const scope = await create({
      menuId: postMenu,
      resourceCode: 'post_list',
      scopeName: '岗位列表',
      scopePath: '/api/blade-system/post/list',
      scopeType: 2,
    });
    // Covered now, and held by no role: only the super administrator passes.
    expect(await listPosts(await asA())).toBe(403);
    expect(await listPosts(tenantAdmin)).toBe(403);
    expect(await listPosts(admin)).toBe(200);

    await grant(t, tenantAdmin, roleA, { menuIds: [postMenu], apiScopeIds: [scope] });
    const a = await asA();
    const b = await asB();
    expect(await listPosts(a)).toBe(200);
    expect(await listPosts(b)).toBe(403);
    // Paths no scope covers are untouched.
    expect((await t.get(`${POSTS}/select`, b)).statusCode).toBe(200);
    // The router decodes %73 to s: the check sees the route, not the raw text.
    const encoded = await t.inject({
      method: 'GET',
      url: '/api/blade-system/po%73t/list',
      headers: { 'blade-auth': `bearer ${b}` },
    });
    expect(encoded.statusCode).toBe(403);

    await grant(t, tenantAdmin, roleA, { menuIds: [postMenu], apiScopeIds: [] });
    expect(await listPosts(await asA())).toBe(403);

    // A scope over everything still lets a user sign out.
    const everything = await create({
      menuId: postMenu,
      resourceCode: 'all',
      scopeName: '全部接口',
      scopePath: '/**',
      scopeType: 1,
    });
    const blocked = await asB();
    expect((await t.get('/api/blade-auth/oauth/user-info', blocked)).statusCode).toBe(403);
    expect((await t.get('/api/blade-auth/oauth/logout', blocked)).statusCode).toBe(200);
    data(await t.post(`${URL}/remove`, admin, undefined, { ids: everything }));

    // The scope removed: the path is open again to whoever holds the menu.
    data(await t.post(`${URL}/remove`, admin, undefined, { ids: scope }));
    expect(await listPosts(await asB())).toBe(200);
  });

  it('wildcards cover a whole service; an edited path moves the cover at once', async () => {
    const scope = await create({
      menuId: postMenu,
      resourceCode: 'post_all',
      scopeName: '岗位全部接口',
      scopePath: '/blade-system/post/**',
      scopeType: 2,
    });
    await grant(t, tenantAdmin, roleA, { menuIds: [postMenu], apiScopeIds: [scope] });
    const a = await asA();
    const b = await asB();
    expect((await t.get(`${POSTS}/select`, b)).statusCode).toBe(403);
    expect((await t.get(`${POSTS}/select`, a)).statusCode).toBe(200);

    const row = data<ApiScope>(await t.get(`${URL}/detail`, admin, { id: scope }));
    data(await submit(admin, { ...row, scopePath: '/blade-system/dept/**' }));
    expect((await t.get(`${POSTS}/select`, b)).statusCode).toBe(200);
    data(await t.post(`${URL}/remove`, admin, undefined, { ids: scope }));
  });

  it('a scope or its grant written straight to the database applies at the next request, as from another process', async () => {
    const db = t.app.ctx.db;
    await grant(t, tenantAdmin, roleA, { menuIds: [postMenu] });
    await grant(t, tenantAdmin, roleB, { menuIds: [postMenu] });
    const a = await asA();
    const b = await asB();
    expect(await listPosts(a)).toBe(200);

    // No route, so nothing in this process is told: only the database changes.
    const scope = nextId();
    await db
      .insertInto('bladeScopeApi')
      .values({
        id: scope,
        menuId: postMenu,
        resourceCode: 'post_list_sql',
        scopeName: '岗位列表（直写）',
        scopePath: '/api/blade-system/post/list',
        scopeType: 2,
        remark: null,
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    expect(await listPosts(a)).toBe(403);
    expect(await listPosts(b)).toBe(403);

    await db
      .insertInto('bladeRoleScope')
      .values({ id: nextId(), scopeCategory: 2, scopeId: scope, roleId: roleA })
      .execute();
    expect(await listPosts(a)).toBe(200);
    expect(await listPosts(b)).toBe(403);

    await db.updateTable('bladeScopeApi').set({ isDeleted: 1 }).where('id', '=', scope).execute();
    expect(await listPosts(b)).toBe(200);
  });

  it('the grant tree lists API scopes under their menus', async () => {
    const scope = await create({
      menuId: postMenu,
      resourceCode: 'post_x',
      scopeName: '岗位接口X',
      scopePath: '/api/blade-system/post/x',
      scopeType: 1,
    });
    interface Node {
      id: string;
      title: string;
      children?: Node[];
    }
    const tree = data<{ apiScope: Node[] }>(
      await t.get('/api/blade-system/menu/grant-tree', tenantAdmin),
    );
    const find = (nodes: Node[], id: string, path: string[] = []): string[] | undefined => {
      for (const n of nodes) {
        if (n.id === id) return [...path, n.title];
        const below = find(n.children ?? [], id, [...path, n.title]);
        if (below) return below;
      }
      return undefined;
    };
    expect(find(tree.apiScope, scope)?.slice(-2)).toEqual(['岗位管理', '岗位接口X']);
    data(await t.post(`${URL}/remove`, admin, undefined, { ids: scope }));
  });
});
