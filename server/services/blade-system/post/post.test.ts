import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Post {
  id: string;
  tenantId: string;
  category: number;
  categoryName: string;
  postCode: string;
  postName: string;
  sort: number;
  remark: string;
}
interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const URL = '/api/blade-system/post';

describe('blade-system/post', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const create = async (token: string, body: Record<string, unknown>) =>
    data<{ id: string }>(await submit(token, body)).id;
  const list = (token: string, query: Record<string, string> = {}) =>
    t.get(`${URL}/list`, token, query);

  it("lists the tenant's posts paged, with categoryName", async () => {
    const page = data<Page<Post>>(await list(admin));
    expect(page).toMatchObject({ current: 1, size: 10, total: 1 });
    expect(page.records[0]).toMatchObject({
      postCode: 'ceo',
      postName: '首席执行官',
      category: 1,
      categoryName: '高层',
      tenantId: '000000',
    });
    expect(data<Page<Post>>(await list(tenantAdmin)).total).toBe(0);
  });

  it('names a category by the dictionary as it is now, even when it was edited in the database alone', async () => {
    const categoryOfCeo = async () => data<Page<Post>>(await list(admin)).records[0]!.categoryName;
    expect(await categoryOfCeo()).toBe('高层');
    const rename = (dictValue: string) =>
      t.app.ctx.db
        .updateTable('bladeDict')
        .set({ dictValue })
        .where('code', '=', 'post_category')
        .where('dictKey', '=', '1')
        .where('parentId', '<>', '0')
        .execute();
    // As an operator's SQL or another process would: no route of this process is told.
    await rename('最高层');
    try {
      expect(await categoryOfCeo()).toBe('最高层');
    } finally {
      await rename('高层');
    }
    expect(await categoryOfCeo()).toBe('高层');
  });

  it("creates, reads, updates and removes in the caller's tenant only", async () => {
    const created = await submit(tenantAdmin, {
      postCode: 'cto',
      postName: '技术总监',
      category: 1,
      sort: 2,
      tenantId: '000000',
    });
    expect(created.json().msg).toBe('新增成功');
    const id = data<{ id: string }>(created).id;
    expect(data<Post>(await t.get(`${URL}/detail`, tenantAdmin, { id }))).toMatchObject({
      postCode: 'cto',
      tenantId: '100001',
      sort: 2,
      remark: '',
    });

    const updated = await submit(tenantAdmin, {
      id,
      postCode: 'cto',
      postName: '首席技术官',
      category: '2',
      remark: '备注',
    });
    expect(updated.json().msg).toBe('修改成功');
    expect(data<Post>(await t.get(`${URL}/detail`, tenantAdmin, { id }))).toMatchObject({
      postName: '首席技术官',
      category: 2,
      categoryName: '中层',
      remark: '备注',
    });

    expect((await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: id })).json().msg).toBe(
      '删除成功',
    );
    expect((await t.get(`${URL}/detail`, tenantAdmin, { id })).statusCode).toBe(404);
  });

  // Issue 15 item 10: two operators editing the same post; the later save does not overwrite.
  it('answers 409 to a stale save and keeps the first save', async () => {
    const id = await create(tenantAdmin, { postCode: 'lock-1', postName: '锁定', category: 1 });
    const opened = data<Post & { version: number }>(
      await t.get(`${URL}/detail`, tenantAdmin, { id }),
    );
    expect(opened.version).toBe(1);
    const body = { id, version: opened.version, postCode: 'lock-1', category: 1 };
    expect((await submit(tenantAdmin, { ...body, postName: '第一次' })).statusCode).toBe(200);
    const stale = await submit(tenantAdmin, { ...body, postName: '第二次' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已被其他用户修改，请刷新后重试',
    });
    const now = data<Post & { version: number }>(await t.get(`${URL}/detail`, tenantAdmin, { id }));
    expect(now).toMatchObject({ postName: '第一次', version: 2 });
    await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: id });
  });

  it("answers 404 for another tenant's post on detail, update and remove", async () => {
    const ceo = data<Page<Post>>(await list(admin)).records[0]!;
    expect((await t.get(`${URL}/detail`, tenantAdmin, { id: ceo.id })).statusCode).toBe(404);
    expect(
      (await submit(tenantAdmin, { id: ceo.id, postCode: 'x', postName: 'x', category: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await t.post(`${URL}/remove`, tenantAdmin, { ids: ceo.id })).statusCode).toBe(404);
    expect(data<Post>(await t.get(`${URL}/detail`, admin, { id: ceo.id })).postName).toBe(
      '首席执行官',
    );
  });

  it('validates code, name and category with zh messages', async () => {
    const noCode = await submit(tenantAdmin, { postName: 'n', category: 1 });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().msg).toBe('postCode:请输入岗位编号');
    expect(
      (await submit(tenantAdmin, { postCode: 'c', postName: ' ', category: 1 })).json().msg,
    ).toBe('postName:请输入岗位名称');
    for (const category of [undefined, 0, 5, 'x', 1.5]) {
      const res = await submit(tenantAdmin, { postCode: 'c', postName: 'n', category });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('category:请选择岗位类型');
    }
    expect(
      (await submit(tenantAdmin, { postCode: 'c'.repeat(33), postName: 'n', category: 1 }))
        .statusCode,
    ).toBe(400);
    expect((await t.get(`${URL}/detail`, tenantAdmin)).statusCode).toBe(400);
    expect((await t.post(`${URL}/remove`, tenantAdmin)).statusCode).toBe(400);
  });

  it('filters by category (equality), postCode and postName; bad category filters are 400', async () => {
    await create(admin, { postCode: 'pm', postName: '项目经理', category: 2 });
    await create(admin, { postCode: 'staff', postName: '员工', category: 3 });
    const middle = data<Page<Post>>(await list(admin, { category: '2' }));
    expect(middle.records.map((p) => p.postCode)).toEqual(['pm']);
    expect(
      data<Page<Post>>(await list(admin, { category_equal: '3' })).records.map((p) => p.postCode),
    ).toEqual(['staff']);
    expect(
      data<Page<Post>>(await list(admin, { postCode: 'st' })).records.map((p) => p.postCode),
    ).toEqual(['staff']);
    expect(
      data<Page<Post>>(await list(admin, { postName: '经理' })).records.map((p) => p.postCode),
    ).toEqual(['pm']);
    expect(data<Page<Post>>(await list(admin, { category: '' })).total).toBe(3);
    expect((await list(admin, { category: 'abc' })).statusCode).toBe(400);
    expect((await list(admin, { category_like: '1' })).statusCode).toBe(400);
    // Undeclared filters are ignored.
    expect(data<Page<Post>>(await list(admin, { tenantId: '100001' })).total).toBe(3);
  });

  it("serves the caller's posts for pickers, ignoring a tenantId parameter", async () => {
    await create(tenantAdmin, { postCode: 'sales', postName: '销售', category: 3 });
    const mine = data<Post[]>(await t.get(`${URL}/select`, tenantAdmin, { tenantId: '000000' }));
    expect(mine.map((p) => p.postCode)).toEqual(['sales']);
    const theirs = data<Post[]>(await t.get(`${URL}/select`, admin, { tenantId: '100001' }));
    expect(theirs.every((p) => p.tenantId === '000000')).toBe(true);
    expect(theirs.map((p) => p.postCode)).toContain('ceo');
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await list('')).statusCode).toBe(401);
    const staff = await t.login('sales', DEMO_PASSWORD, '100001');
    for (const path of ['list', 'select']) {
      const res = await t.get(`${URL}/${path}`, staff);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false });
    }
    expect((await submit(staff, { postCode: 'c', postName: 'n', category: 1 })).statusCode).toBe(
      403,
    );
    expect((await t.post(`${URL}/remove`, staff, undefined, { ids: '1' })).statusCode).toBe(403);
    const finance = await t.login('finance', DEMO_PASSWORD, '000000');
    expect((await list(finance)).statusCode).toBe(403);
  });
});
