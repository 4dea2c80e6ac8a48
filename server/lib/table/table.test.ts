import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';
import { nextId } from '../ids.js';
import { requiredText } from '../validation.js';
import { SUPER_ADMIN } from '../../auth/index.js';
import { defineTable, tableRoutes } from './index.js';

/** Small declarations over existing tables, served under /api/test/... beside the real routes. */
const posts = defineTable({
  path: 'test/posts',
  table: 'bladePost',
  scope: 'tenant',
  versioned: true,
  access: { read: 'post', add: 'post_add', edit: 'post_edit', remove: 'post_delete' },
  columns: ['postCode', 'postName', 'category'],
  list: {
    filters: { postCode: { column: 'postCode' }, category: { column: 'category', type: 'int' } },
    sorts: { postCode: 'postCode' },
  },
  defaultOrder: { postName: 'asc', id: 'asc' },
  select: true,
  unique: [{ columns: ['postCode'], message: '岗位编号已存在' }],
  input: z.object({
    postCode: requiredText('请输入岗位编号', 32),
    postName: requiredText('请输入岗位名称', 64),
    category: z.coerce.number().int().default(1),
  }),
  decorate: (_call, rows) => rows.map((r) => ({ ...r, label: `${r.postCode}/${r.postName}` })),
});

/** The same rows, narrowed by a data scope: the caller's own rows only. */
const ownPosts = defineTable({
  ...posts,
  path: 'test/own-posts',
  dataScope:
    ({ user }) =>
    (eb) =>
      eb('createUser', '=', user.userId),
});

const params = defineTable({
  path: 'test/params',
  table: 'bladeParam',
  scope: 'tenant',
  versioned: true,
  access: { read: 'param', add: 'param_add', edit: 'param_edit', remove: 'param_delete' },
  columns: ['paramName', 'paramKey', 'paramValue'],
  list: { filters: {}, sorts: {} },
  defaultOrder: { createTime: 'desc' },
  input: z.object({
    paramName: requiredText('请输入参数名称', 255),
    paramKey: requiredText('请输入参数键名', 255),
    paramValue: requiredText('请输入参数键值', 2000),
  }),
});

// Compile-time rules of a declaration (tsc fails if one of these stops being an error).
const probe = {
  path: 'test/probe',
  access: { read: 'post', add: 'post_add', edit: 'post_edit', remove: 'post_delete' },
  list: { filters: {}, sorts: {} },
  defaultOrder: {},
  input: z.object({}),
} as const;
// @ts-expect-error a table with a version column must declare versioned: true
defineTable({ ...probe, table: 'bladeParam', scope: 'tenant', columns: ['paramKey'] });
// @ts-expect-error a table without one cannot
defineTable({ ...probe, table: 'bladePic', scope: 'tenant', versioned: true, columns: [] });
// @ts-expect-error tenantId, audit columns and version are the engine's, not declared
defineTable({ ...probe, table: 'bladePic', scope: 'tenant', columns: ['tenantId'] });
// @ts-expect-error only tables with a tenantId column can be tenant tables
defineTable({ ...probe, table: 'bladeTenantPackage', scope: 'tenant', columns: [] });

interface Row {
  id: string;
  tenantId: string;
  postCode: string;
  postName: string;
  label: string;
  version: number;
  paramValue: string;
  createUser: string;
}
interface Page {
  records: Row[];
  total: number;
}

describe('defineTable / tableRoutes', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let sales: string;

  /** Grants menu/button codes to the demo tenant's staff role (the role of `sales`). */
  const grant = async (...codes: string[]) => {
    const db = t.app.ctx.db;
    const { roleId } = await db
      .selectFrom('bladeUser')
      .select('roleId')
      .where('tenantId', '=', '100001')
      .where('account', '=', 'sales')
      .executeTakeFirstOrThrow();
    const menus = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', codes)
      .execute();
    expect(menus).toHaveLength(codes.length);
    await db
      .insertInto('bladeRoleMenu')
      .values(menus.map((m) => ({ id: nextId(), menuId: m.id, roleId })))
      .execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.register(tableRoutes(posts));
    await t.app.register(tableRoutes(ownPosts));
    await t.app.register(tableRoutes(params));
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    sales = await t.login('sales', DEMO_PASSWORD, '100001');
  });
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>, path = 'posts') =>
    t.post(`/api/test/${path}/submit`, token, body);
  const create = async (token: string, body: Record<string, unknown>, path = 'posts') =>
    data<{ id: string }>(await submit(token, body, path)).id;
  const list = async (token: string, query: Record<string, string> = {}, path = 'posts') =>
    data<Page>(await t.get(`/api/test/${path}/list`, token, query));
  const detail = (token: string, id: string, path = 'posts') =>
    t.get(`/api/test/${path}/detail`, token, { id });
  const remove = (token: string, ids: string[], path = 'posts') =>
    t.post(`/api/test/${path}/remove`, token, undefined, { ids: ids.join(',') });

  it('creates in the caller tenant (a tenantId sent is ignored) and decorates answers', async () => {
    const created = await submit(tenantAdmin, {
      postCode: 'b1',
      postName: 'Bravo',
      tenantId: '000000',
      createUser: 'someone',
    });
    expect(created.json().msg).toBe('新增成功');
    const id = data<{ id: string }>(created).id;
    const row = data<Row>(await detail(tenantAdmin, id));
    expect(row).toMatchObject({ tenantId: '100001', postCode: 'b1', label: 'b1/Bravo' });
    expect(row.createUser).not.toBe('someone');
    const select = data<Row[]>(await t.get('/api/test/posts/select', tenantAdmin));
    expect(select.map((r) => r.postCode)).toEqual(['b1']);
  });

  it('filters on declared names only, sorts on declared names only', async () => {
    await create(tenantAdmin, { postCode: 'a2', postName: 'Charlie', category: 2 });
    await create(tenantAdmin, { postCode: 'c3', postName: 'Alpha', category: 3 });
    const codes = (p: Page) => p.records.map((r) => r.postCode);
    // Default order: postName asc.
    expect(codes(await list(tenantAdmin))).toEqual(['c3', 'b1', 'a2']);
    expect(codes(await list(tenantAdmin, { postCode: 'a' }))).toEqual(['a2']);
    expect(codes(await list(tenantAdmin, { category: '3' }))).toEqual(['c3']);
    expect((await list(tenantAdmin, { category: 'x' })).total).toBe(0);
    // Undeclared filters (postName, tenantId, made-up names) are ignored.
    const ignored: Record<string, string>[] = [
      { postName: 'Alpha' },
      { tenantId: '000000' },
      { nope_equal: '1' },
    ];
    for (const q of ignored) expect((await list(tenantAdmin, q)).total).toBe(3);
    expect(codes(await list(tenantAdmin, { ascs: 'postCode' }))).toEqual(['a2', 'b1', 'c3']);
    expect(codes(await list(tenantAdmin, { descs: 'post_code' }))).toEqual(['c3', 'b1', 'a2']);
    // An undeclared sort is ignored: the default order stays.
    expect(codes(await list(tenantAdmin, { ascs: 'createUser' }))).toEqual(['c3', 'b1', 'a2']);
  });

  it("isolates tenants: another tenant's row is 404 on detail, update and remove", async () => {
    const theirs = (await list(tenantAdmin)).records[0]!;
    expect((await list(admin)).records.some((r) => r.id === theirs.id)).toBe(false);
    expect((await detail(admin, theirs.id)).statusCode).toBe(404);
    const update = await submit(admin, { id: theirs.id, postCode: 'x', postName: 'x' });
    expect(update.statusCode).toBe(404);
    expect((await remove(admin, [theirs.id])).statusCode).toBe(404);
    expect(data<Row>(await detail(tenantAdmin, theirs.id))).toMatchObject({
      postCode: theirs.postCode,
      postName: theirs.postName,
    });
  });

  it('checks the permission of each action: add and edit are told apart', async () => {
    expect((await t.get('/api/test/posts/list', sales)).statusCode).toBe(403);
    expect((await submit(sales, { postCode: 's1', postName: 'S' })).statusCode).toBe(403);

    await grant('post', 'post_add');
    expect((await list(sales)).total).toBe(3);
    const id = await create(sales, { postCode: 's1', postName: 'S' });
    const edit = await submit(sales, { id, postCode: 's1', postName: 'S2' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 403, success: false });
    expect((await remove(sales, [id])).statusCode).toBe(403);

    await grant('post_edit');
    expect((await submit(sales, { id, postCode: 's1', postName: 'S2' })).json().msg).toBe(
      '修改成功',
    );
    expect(data<Row>(await detail(sales, id)).postName).toBe('S2');
    expect((await remove(sales, [id])).statusCode).toBe(403);
    await grant('post_delete');
    expect((await remove(sales, [id])).json().msg).toBe('删除成功');
  });

  it('refuses a duplicate of a unique column within the tenant only', async () => {
    const dup = await submit(tenantAdmin, { postCode: 'b1', postName: 'Other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('postCode:岗位编号已存在');
    const b1 = (await list(tenantAdmin, { postCode_equal: 'b1' })).records[0]!;
    expect(
      (await submit(tenantAdmin, { id: b1.id, postCode: 'b1', postName: 'B' })).statusCode,
    ).toBe(200);
    expect((await submit(admin, { postCode: 'b1', postName: 'Bravo' })).statusCode).toBe(200);
  });

  it('locks versioned rows optimistically: a stale version is 409, a gone row 404', async () => {
    const body = { paramName: 'n', paramKey: 'test.lock', paramValue: '1' };
    const id = await create(tenantAdmin, body, 'params');
    expect(data<Row>(await detail(tenantAdmin, id, 'params')).version).toBe(1);
    const first = await submit(tenantAdmin, { ...body, id, version: 1, paramValue: '2' }, 'params');
    expect(first.json().msg).toBe('修改成功');
    const stale = await submit(tenantAdmin, { ...body, id, version: 1, paramValue: '3' }, 'params');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被其他用户修改，请刷新后重试');
    const row = data<Row>(await detail(tenantAdmin, id, 'params'));
    expect(row).toMatchObject({ version: 2, paramValue: '2' });
    // Without a version the update applies to whatever is current, and still bumps it.
    await submit(tenantAdmin, { ...body, id, paramValue: '4' }, 'params');
    expect(data<Row>(await detail(tenantAdmin, id, 'params')).version).toBe(3);
    const bad = await submit(tenantAdmin, { ...body, id, version: 'x' }, 'params');
    expect(bad.json().msg).toBe('version:参数格式错误');
    // Another tenant's row is 404 even with its right version.
    const theirs = await submit(admin, { ...body, id, version: 3 }, 'params');
    expect(theirs.statusCode).toBe(404);
  });

  it('removes all or nothing', async () => {
    const mine = await create(tenantAdmin, { postCode: 'r1', postName: 'R1' });
    const mine2 = await create(tenantAdmin, { postCode: 'r2', postName: 'R2' });
    const theirs = await create(admin, { postCode: 'r3', postName: 'R3' });
    expect((await remove(tenantAdmin, [mine, theirs])).statusCode).toBe(404);
    expect((await remove(tenantAdmin, [mine, 'nosuchid'])).statusCode).toBe(404);
    expect((await detail(tenantAdmin, mine)).statusCode).toBe(200);
    expect((await remove(tenantAdmin, [mine, mine2, mine])).statusCode).toBe(200);
    expect((await detail(tenantAdmin, mine)).statusCode).toBe(404);
    expect((await detail(tenantAdmin, mine2)).statusCode).toBe(404);
    // Removed rows are gone for updates and a second remove too.
    expect((await remove(tenantAdmin, [mine])).statusCode).toBe(404);
    expect(
      (await submit(tenantAdmin, { id: mine, postCode: 'r1', postName: 'x' })).statusCode,
    ).toBe(404);
    expect((await detail(admin, theirs)).statusCode).toBe(200);
  });

  it('narrows list, detail, update and remove by the data-scope hook', async () => {
    const adminRow = (await list(tenantAdmin, { postCode_equal: 'c3' })).records[0]!;
    const own = await create(sales, { postCode: 'own', postName: 'Own' }, 'own-posts');
    expect((await list(sales, {}, 'own-posts')).records.map((r) => r.id)).toEqual([own]);
    expect((await detail(sales, adminRow.id, 'own-posts')).statusCode).toBe(404);
    expect(
      (await submit(sales, { id: adminRow.id, postCode: 'c3', postName: 'x' }, 'own-posts'))
        .statusCode,
    ).toBe(404);
    expect((await remove(sales, [adminRow.id], 'own-posts')).statusCode).toBe(404);
    expect((await detail(sales, adminRow.id)).statusCode).toBe(200);
    expect(data<Row>(await detail(sales, own, 'own-posts')).postCode).toBe('own');
  });

  it('refuses declarations that break the platform rules', () => {
    const packages = {
      path: 'test/packages',
      table: 'bladeTenantPackage',
      scope: 'global',
      versioned: true,
      columns: ['packageName'],
      list: { filters: {}, sorts: {} },
      defaultOrder: {},
      input: z.object({ packageName: z.string() }),
    } as const;
    const codes = { read: 'menu', add: 'menu_add', edit: 'menu_edit', remove: 'menu_delete' };
    expect(() => defineTable({ ...packages, access: codes })).toThrow(/super administrator/);
    expect(() =>
      defineTable({ ...packages, access: { ...codes, add: SUPER_ADMIN, edit: SUPER_ADMIN } }),
    ).toThrow(/super administrator/);
    const superOnly = { read: 'menu', add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN };
    expect(() => defineTable({ ...packages, access: superOnly })).not.toThrow();
  });
});
