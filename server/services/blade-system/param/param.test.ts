import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Param {
  id: string;
  paramKey: string;
  paramName: string;
  paramValue: string;
  tenantId: string;
  version: number;
}
interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

describe('blade-system/param', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const list = (token: string, query: Record<string, string> = {}) =>
    t.get('/api/blade-system/param/list', token, query);

  it("lists the tenant's own parameters, paged, with the seeded ones", async () => {
    const page = data<Page<Param>>(await list(admin));
    expect(page.records.map((p) => p.paramKey)).toContain('account.registerUser');
    expect(page).toMatchObject({ current: 1, size: 10 });
    expect(page.records.every((p) => p.tenantId === '000000')).toBe(true);
  });

  it('creates, reads, updates with optimistic locking, and removes', async () => {
    const created = await t.post('/api/blade-system/param/submit', admin, {
      paramName: '测试',
      paramKey: 'test.key',
      paramValue: '1',
    });
    expect(created.json().msg).toBe('新增成功');
    const id = data<{ id: string }>(created).id;
    const detail = data<Param>(await t.get('/api/blade-system/param/detail', admin, { id }));
    expect(detail).toMatchObject({ paramKey: 'test.key', version: 1 });

    const updated = await t.post('/api/blade-system/param/submit', admin, {
      id,
      paramName: '测试',
      paramKey: 'test.key',
      paramValue: '2',
      version: 1,
    });
    expect(updated.json().msg).toBe('修改成功');
    const stale = await t.post('/api/blade-system/param/submit', admin, {
      id,
      paramName: '测试',
      paramKey: 'test.key',
      paramValue: '3',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被其他用户修改，请刷新后重试');

    expect(
      (await t.post('/api/blade-system/param/remove', admin, undefined, { ids: id })).json().msg,
    ).toBe('删除成功');
    expect((await t.get('/api/blade-system/param/detail', admin, { id })).statusCode).toBe(404);
  });

  it("requires name, key and value with the spec's messages", async () => {
    const res = await t.post('/api/blade-system/param/submit', admin, {
      paramKey: 'k',
      paramValue: 'v',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('paramName:请输入参数名称');
    const blank = await t.post('/api/blade-system/param/submit', admin, {
      paramName: ' ',
      paramKey: 'k',
      paramValue: 'v',
    });
    expect(blank.json().msg).toBe('paramName:请输入参数名称');
  });

  it("isolates tenants: another tenant's id is 404 for read, update and remove", async () => {
    const mine = data<Page<Param>>(await list(admin, { paramKey: 'account.registerUser' }))
      .records[0]!;
    expect(
      (await t.get('/api/blade-system/param/detail', tenantAdmin, { id: mine.id })).statusCode,
    ).toBe(404);
    const update = await t.post('/api/blade-system/param/submit', tenantAdmin, {
      id: mine.id,
      paramName: 'x',
      paramKey: 'x',
      paramValue: 'x',
    });
    expect(update.statusCode).toBe(404);
    await t.post('/api/blade-system/param/remove', tenantAdmin, undefined, { ids: mine.id });
    expect((await t.get('/api/blade-system/param/detail', admin, { id: mine.id })).statusCode).toBe(
      200,
    );
    // A tenantId in the body is ignored: the row lands in the caller's tenant.
    const id = data<{ id: string }>(
      await t.post('/api/blade-system/param/submit', tenantAdmin, {
        paramName: 'n',
        paramKey: 'own.key',
        paramValue: 'v',
        tenantId: '000000',
      }),
    ).id;
    expect(
      data<Param>(await t.get('/api/blade-system/param/detail', tenantAdmin, { id })).tenantId,
    ).toBe('100001');
    expect((await t.get('/api/blade-system/param/detail', admin, { id })).statusCode).toBe(404);
  });

  it('answers 403 (not 401) to a user without the permission, and keeps the session', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, '100001');
    expect((await list(staff)).statusCode).toBe(403);
    expect((await list(staff)).json()).toMatchObject({ code: 403, success: false });
    expect((await t.get('/api/blade-auth/oauth/user-info', staff)).statusCode).toBe(200);
  });

  it('ignores unknown filters and SQL in filter names and sort values', async () => {
    const all = data<Page<Param>>(await list(admin)).total;
    const evil: Record<string, string>[] = [
      { "paramKey' OR '1'='1": 'x' },
      { 'paramKey;drop table blade_param': 'x' },
      { tenantId: '100001' },
      { descs: 'param_key;drop table blade_param' },
      { ascs: '(select 1)' },
      { descs: 'password' },
      { paramKey: "' OR 1=1 --" },
    ];
    for (const q of evil) {
      const res = await list(admin, q);
      expect(res.statusCode).toBe(200);
      const page = data<Page<Param>>(res);
      if ('paramKey' in q) expect(page.total).toBe(0);
      else expect(page.total).toBe(all);
    }
  });

  it('treats % and _ in filter values literally', async () => {
    await t.post('/api/blade-system/param/submit', admin, {
      paramName: 'pct',
      paramKey: 'a%b_c',
      paramValue: '1',
    });
    await t.post('/api/blade-system/param/submit', admin, {
      paramName: 'plain',
      paramKey: 'axbyc',
      paramValue: '1',
    });
    const page = data<Page<Param>>(await list(admin, { paramKey: '%b_' }));
    expect(page.records.map((p) => p.paramKey)).toEqual(['a%b_c']);
  });

  it('filters with suffixes, sorts over declared columns and caps the page size at 500', async () => {
    const eq = data<Page<Param>>(await list(admin, { paramKey_equal: 'account.registerUser' }));
    expect(eq.records).toHaveLength(1);
    const sorted = data<Page<Param>>(await list(admin, { ascs: 'paramKey', size: '100' }));
    const keys = sorted.records.map((p) => p.paramKey);
    expect(keys).toEqual([...keys].sort());
    const big = data<Page<Param>>(await list(admin, { size: '100000' }));
    expect(big.size).toBe(500);
    const neg = data<Page<Param>>(await list(admin, { size: '-5', current: '-2' }));
    expect(neg.current).toBe(1);
    expect(neg.size).toBeGreaterThan(0);
  });
});
