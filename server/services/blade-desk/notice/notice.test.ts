import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Notice {
  id: string;
  tenantId: string;
  title: string;
  category: number;
  categoryName: string;
  releaseTime: string;
  content: string;
}
interface Page<T> {
  records: T[];
  total: number;
}

const URL = '/api/blade-desk/notice';

describe('blade-desk/notice', () => {
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
  const titles = async (token: string, query: Record<string, string> = {}) =>
    data<Page<Notice>>(await list(token, query)).records.map((n) => n.title);

  it("lists the tenant's notices, newest release first, with categoryName", async () => {
    const page = data<Page<Notice>>(await list(admin));
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      title: '系统上线通知',
      category: 1,
      categoryName: '发布通知',
      releaseTime: '2026-01-05 09:00:00',
      tenantId: '000000',
    });
    expect(data<Page<Notice>>(await list(tenantAdmin)).total).toBe(0);
  });

  it("creates, updates and removes in the caller's tenant; another tenant's notice is 404", async () => {
    const id = await create(tenantAdmin, {
      title: '放假通知',
      category: '6',
      releaseTime: '2026-02-01',
      content: '春节放假安排',
      tenantId: '000000',
    });
    expect(data<Notice>(await t.get(`${URL}/detail`, tenantAdmin, { id }))).toMatchObject({
      title: '放假通知',
      tenantId: '100001',
      categoryName: '事务通知',
      releaseTime: '2026-02-01 00:00:00',
    });
    expect((await t.get(`${URL}/detail`, admin, { id })).statusCode).toBe(404);
    expect(
      (await submit(admin, { id, title: 'x', category: 1, releaseTime: '2026-02-01' })).statusCode,
    ).toBe(404);
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: id })).statusCode).toBe(404);

    const updated = await submit(tenantAdmin, {
      id,
      title: '春节放假通知',
      category: 6,
      releaseTime: '2026-02-02 08:00:00',
    });
    expect(updated.json().msg).toBe('修改成功');
    expect(data<Notice>(await t.get(`${URL}/detail`, tenantAdmin, { id }))).toMatchObject({
      title: '春节放假通知',
      content: '',
    });
    expect((await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: id })).statusCode).toBe(
      200,
    );
    expect(data<Page<Notice>>(await list(tenantAdmin)).total).toBe(0);
  });

  // Issue 15 item 10: two operators editing the same notice; the later save does not overwrite.
  it('answers 409 to a stale save and keeps the first save', async () => {
    const id = await create(tenantAdmin, {
      title: '停电通知',
      category: 1,
      releaseTime: '2026-03-01',
    });
    const opened = data<Notice & { version: number }>(
      await t.get(`${URL}/detail`, tenantAdmin, { id }),
    );
    expect(opened.version).toBe(1);
    const body = { id, version: opened.version, category: 1, releaseTime: '2026-03-01' };
    expect((await submit(tenantAdmin, { ...body, title: '第一次' })).statusCode).toBe(200);
    const stale = await submit(tenantAdmin, { ...body, title: '第二次' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已被其他用户修改，请刷新后重试',
    });
    const now = data<Notice & { version: number }>(
      await t.get(`${URL}/detail`, tenantAdmin, { id }),
    );
    expect(now).toMatchObject({ title: '第一次', version: 2 });
    await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: id });
  });

  it('validates title, category and release time with zh messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 1, releaseTime: '2026-01-01' }, 'title:请输入通知标题'],
      [{ title: 'a', category: 7, releaseTime: '2026-01-01' }, 'category:请选择通知类型'],
      [{ title: 'a', releaseTime: '2026-01-01' }, 'category:请选择通知类型'],
      [{ title: 'a', category: 1 }, 'releaseTime:请选择通知日期'],
      [{ title: 'a', category: 1, releaseTime: '2026-13-45' }, 'releaseTime:请选择通知日期'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(tenantAdmin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('filters by title, category and release date only; a bad category is 400', async () => {
    await create(admin, { title: '任免通知 A', category: 5, releaseTime: '2026-03-01' });
    await create(admin, { title: '100%_完成', category: 2, releaseTime: '2026-04-01' });
    expect(await titles(admin, { category: '5' })).toEqual(['任免通知 A']);
    expect(await titles(admin, { title: '%_' })).toEqual(['100%_完成']);
    expect(await titles(admin, { releaseTime_datege: '2026-03-15 00:00:00' })).toEqual([
      '100%_完成',
    ]);
    // Undeclared parameters are ignored; sorts accept declared names only.
    expect((await titles(admin, { tenantId: '100001', content_like: 'x' })).length).toBe(3);
    expect(await titles(admin, { ascs: 'releaseTime' })).toEqual([
      '系统上线通知',
      '任免通知 A',
      '100%_完成',
    ]);
    expect((await list(admin, { category: 'x' })).statusCode).toBe(400);
  });

  it('lets every dashboard user read; writes need the buttons (403)', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, '100001');
    expect((await list(staff)).statusCode).toBe(200);
    expect(
      (await submit(staff, { title: 'x', category: 1, releaseTime: '2026-01-01' })).statusCode,
    ).toBe(403);
    expect((await t.post(`${URL}/remove`, staff, undefined, { ids: '1' })).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(401);
  });
});
