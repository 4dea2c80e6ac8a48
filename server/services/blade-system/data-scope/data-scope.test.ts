import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { createRole, DEMO, grant, menuId, setRoles, userOf } from './scope-test-support.js';

const URL = '/api/blade-system/data-scope';
const POSTS = '/api/blade-system/post';

interface DataScope {
  id: string;
  menuId: string;
  menuName: string;
  resourceCode: string;
  scopeName: string;
  scopeColumn: string;
  scopeType: number;
  scopeTypeName: string;
  scopeValue: string;
  version?: number;
}
interface Post {
  id: string;
  postName: string;
}

/** A live department of the demo tenant below `parent`, straight into the database. */
async function addDept(
  t: TestApp,
  parent: { id: string; ancestors: string },
  deptName: string,
): Promise<string> {
  const id = nextId();
  await t.app.ctx.db
    .insertInto('bladeDept')
    .values({
      id,
      tenantId: DEMO,
      parentId: parent.id,
      ancestors: `${parent.ancestors},${parent.id}`,
      deptCategory: 1,
      deptName,
      fullName: null,
      sort: 0,
      remark: null,
      isDeleted: 0,
      version: 1,
    })
    .execute();
  return id;
}

/** A live post of the demo tenant created by `user` in `dept`, straight into the database. */
async function addPost(t: TestApp, name: string, user: string, dept: string): Promise<string> {
  const id = nextId();
  await t.app.ctx.db
    .insertInto('bladePost')
    .values({
      id,
      tenantId: DEMO,
      category: 4,
      postCode: name,
      postName: name,
      sort: 0,
      remark: null,
      createUser: user,
      createDept: dept,
      createTime: nowText(),
      updateUser: user,
      updateTime: nowText(),
      status: 1,
      isDeleted: 0,
    })
    .execute();
  return id;
}

describe('blade-system/data-scope', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let postMenu: string;
  let role: string;
  const posts: Record<string, string> = {};
  const depts: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    postMenu = await menuId(t, 'post');
    role = await createRole(t, DEMO, 'scoped');
    await setRoles(t, DEMO, 'sales', [role]);
    await setRoles(t, DEMO, 'service', [role]);

    const db = t.app.ctx.db;
    const deptRows = await db
      .selectFrom('bladeDept')
      .select(['id', 'deptName', 'ancestors'])
      .where('tenantId', '=', DEMO)
      .execute();
    for (const d of deptRows) depts[d.deptName] = d.id;
    const sales = deptRows.find((d) => d.deptName === '销售部')!;
    // A department below sales, for 'own department and below'.
    depts.east = await addDept(t, sales, '华东销售');

    const adminUser = await userOf(t, DEMO, 'admin');
    const salesUser = await userOf(t, DEMO, 'sales');
    const serviceUser = await userOf(t, DEMO, 'service');
    const made: [string, string, string][] = [
      ['总部岗位', adminUser.id, depts['演示总部']!],
      ['销售岗位', salesUser.id, depts['销售部']!],
      ['华东岗位', adminUser.id, depts.east],
      ['客服岗位', serviceUser.id, depts['客服部']!],
    ];
    for (const [name, user, dept] of made) posts[name] = await addPost(t, name, user, dept);
  });
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const scope = async (scopeName: string, scopeType: number, extra: object = {}) =>
    data<{ id: string }>(
      await submit(admin, {
        menuId: postMenu,
        resourceCode: 'post',
        scopeName,
        scopeType,
        ...extra,
      }),
    ).id;
  /** The post names `account` sees after the role is granted these scopes. */
  const seenWith = async (dataScopeIds: string[], account = 'sales') => {
    await grant(t, tenantAdmin, role, { menuIds: [postMenu], dataScopeIds });
    const token = await t.login(account, DEMO_PASSWORD, DEMO);
    const page = data<{ records: Post[] }>(await t.get(`${POSTS}/list`, token, { size: '100' }));
    return page.records.map((p) => p.postName).sort();
  };
  const ALL = ['华东岗位', '客服岗位', '总部岗位', '销售岗位'];

  it('CRUD by the super administrator, names decorated, filtered by menu', async () => {
    const id = await scope('本人可见', 2);
    const row = data<DataScope>(await t.get(`${URL}/detail`, tenantAdmin, { id }));
    expect(row).toMatchObject({
      menuName: '岗位管理',
      resourceCode: 'post',
      scopeColumn: 'create_user',
      scopeTypeName: '本人可见',
      scopeValue: '',
    });
    expect(
      data<{ records: DataScope[] }>(
        await t.get(`${URL}/list`, tenantAdmin, { menuId: postMenu }),
      ).records.map((r) => r.id),
    ).toEqual([id]);
    expect(data<{ total: number }>(await t.get(`${URL}/list`, admin, { menuId: '1' })).total).toBe(
      0,
    );
    expect((await submit(tenantAdmin, { ...row, scopeName: 'x' })).statusCode).toBe(403);
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO);
    expect((await t.get(`${URL}/list`, sales)).statusCode).toBe(403);
    // The default column follows the type.
    const dept = await scope('本部门', 3);
    expect(data<DataScope>(await t.get(`${URL}/detail`, admin, { id: dept })).scopeColumn).toBe(
      'create_dept',
    );
    expect((await submit(admin, { ...row, scopeName: '本部门' })).json().msg).toBe(
      'scopeName:该菜单下已存在同名的数据权限',
    );
    data(await t.post(`${URL}/remove`, admin, undefined, { ids: `${id},${dept}` }));
    expect((await t.get(`${URL}/detail`, admin, { id })).statusCode).toBe(404);
  });

  it('validates with zh messages: a custom rule needs department ids', async () => {
    const base = { menuId: postMenu, resourceCode: 'post', scopeName: 'n', scopeType: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, scopeName: '' }, 'scopeName:请输入权限名称'],
      [{ ...base, scopeType: 6 }, 'scopeType:请选择规则类型'],
      [
        { ...base, scopeColumn: 'create_dept; drop table x' },
        'scopeColumn:权限字段只能是小写字母、数字和下划线',
      ],
      [{ ...base, scopeType: 5 }, 'scopeValue:请输入自定义规则的部门'],
      [
        { ...base, scopeType: 5, scopeValue: '1 or 1=1' },
        'scopeValue:规则值应为以逗号分隔的部门编号',
      ],
      [{ ...base, menuId: '42' }, 'menuId:所属菜单不存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(admin, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('narrows posts by the granted scope type; several scopes are a union', async () => {
    const own = await scope('岗位-本人', 2);
    const ownDept = await scope('岗位-本部门', 3);
    const tree = await scope('岗位-本部门及以下', 4);
    const custom = await scope('岗位-客服部', 5, { scopeValue: depts['客服部'] });
    const all = await scope('岗位-全部', 1);
    const other = await scope('公告-本人', 2, { resourceCode: 'notice' });

    expect(await seenWith([])).toEqual(ALL);
    expect(await seenWith([own])).toEqual(['销售岗位']);
    expect(await seenWith([ownDept])).toEqual(['销售岗位']);
    expect(await seenWith([tree])).toEqual(['华东岗位', '销售岗位']);
    expect(await seenWith([custom])).toEqual(['客服岗位']);
    expect(await seenWith([own, custom])).toEqual(['客服岗位', '销售岗位']);
    expect(await seenWith([own, all])).toEqual(ALL);
    // Another resource's scope does not narrow posts.
    expect(await seenWith([other])).toEqual(ALL);
    // The same grant, another user: their own rows.
    expect(await seenWith([own], 'service')).toEqual(['客服岗位']);
    // Not granted: the tenant administrator sees everything.
    const page = data<{ records: Post[] }>(
      await t.get(`${POSTS}/list`, tenantAdmin, { size: '100' }),
    );
    expect(page.records.map((p) => p.postName).sort()).toEqual(ALL);
  });

  it('a row outside the scope answers 404 on detail, select, update and remove', async () => {
    const own = await scope('岗位-仅本人', 2);
    await grant(t, tenantAdmin, role, {
      menuIds: [postMenu, await menuId(t, 'post_edit'), await menuId(t, 'post_delete')],
      dataScopeIds: [own],
    });
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO);
    const hq = posts['总部岗位']!;
    expect((await t.get(`${POSTS}/detail`, sales, { id: hq })).statusCode).toBe(404);
    expect(data<Post[]>(await t.get(`${POSTS}/select`, sales)).map((p) => p.postName)).toEqual([
      '销售岗位',
    ]);
    expect(
      (
        await t.post(`${POSTS}/submit`, sales, {
          id: hq,
          postCode: 'x',
          postName: 'x',
          category: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.post(`${POSTS}/remove`, sales, undefined, { ids: hq })).statusCode).toBe(404);
    expect(
      data<Post>(await t.get(`${POSTS}/detail`, sales, { id: posts['销售岗位']! })).postName,
    ).toBe('销售岗位');
    // Still there for the tenant administrator.
    expect(data<Post>(await t.get(`${POSTS}/detail`, tenantAdmin, { id: hq })).postName).toBe(
      '总部岗位',
    );
  });

  it('a scope or department written straight to the database narrows the next request of a signed-in user (scope rules are cached per grants version)', async () => {
    const db = t.app.ctx.db;
    const tree = await scope('岗位-本部门及以下-直写', 4);
    await grant(t, tenantAdmin, role, { menuIds: [postMenu], dataScopeIds: [] });
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO);
    const seen = async () =>
      data<{ records: Post[] }>(await t.get(`${POSTS}/list`, sales, { size: '100' }))
        .records.map((p) => p.postName)
        .sort();
    expect(await seen()).toEqual(ALL);

    // As another process or an operator's SQL would: no route, no session revoked.
    await db
      .insertInto('bladeRoleScope')
      .values({ id: nextId(), scopeCategory: 1, scopeId: tree, roleId: role })
      .execute();
    expect(await seen()).toEqual(['华东岗位', '销售岗位']);

    const salesDept = await db
      .selectFrom('bladeDept')
      .select(['id', 'ancestors'])
      .where('id', '=', depts['销售部']!)
      .executeTakeFirstOrThrow();
    const west = await addDept(t, salesDept, '华西销售');
    await addPost(t, '华西岗位', (await userOf(t, DEMO, 'admin')).id, west);
    expect(await seen()).toEqual(['华东岗位', '华西岗位', '销售岗位']);

    await db.updateTable('bladeScopeData').set({ scopeType: 2 }).where('id', '=', tree).execute();
    expect(await seen()).toEqual(['销售岗位']);
  });
});
