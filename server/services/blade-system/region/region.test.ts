import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Region {
  id: string;
  parentId: string;
  code: string;
  parentCode: string;
  parentName: string;
  ancestors: string;
  name: string;
  level: number;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  hasChildren?: boolean;
}
interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

const URL = '/api/blade-system/region';

describe('blade-system/region', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const level = async (query: Record<string, string>, token = admin) =>
    data<Region[]>(await t.get(`${URL}/lazy-list`, token, query));
  const submit = (body: Record<string, unknown>, token = admin) =>
    t.post(`${URL}/submit`, token, body);
  const detail = async (code: string) =>
    data<Region>(await t.get(`${URL}/detail`, admin, { code }));

  it('serves the tree one level at a time, keyed by code, with hasChildren', async () => {
    const top = await level({ parentId: '0' });
    expect(top).toEqual([
      expect.objectContaining({
        id: '00',
        code: '00',
        parentId: '0',
        name: '中华人民共和国',
        parentName: '顶级',
        level: 0,
        hasChildren: true,
      }),
    ]);
    expect((await level({})).map((r) => r.code)).toEqual(['00']);
    expect((await level({ parentCode: '00' })).map((r) => r.name)).toEqual([
      '北京市',
      '上海市',
      '广东省',
    ]);
    const districts = await level({ parentId: '4403' });
    expect(districts.map((r) => [r.code, r.hasChildren])).toEqual([
      ['440304', false],
      ['440305', false],
    ]);
    expect(districts[1]).toMatchObject({
      parentName: '深圳市',
      ancestors: '0,00,44,4403',
      provinceName: '广东省',
      cityCode: '4403',
      districtName: '南山区',
      level: 3,
    });
    // A search without a parent looks at every level.
    expect((await level({ name: '区' })).map((r) => r.code)).toContain('310115');
    expect(await level({ parentId: "1' or '1'='1" })).toEqual([]);
  });

  it('answers detail by code, lazy-tree nodes, the whole tree and a select of children', async () => {
    expect(await detail('110105')).toMatchObject({ name: '朝阳区', cityName: '市辖区' });
    expect((await t.get(`${URL}/detail`, admin, { code: '999999' })).statusCode).toBe(404);
    expect((await t.get(`${URL}/detail`, admin)).statusCode).toBe(400);

    const nodes = data<TreeNode[]>(await t.get(`${URL}/lazy-tree`, admin, { parentCode: '00' }));
    expect(nodes[0]).toEqual({
      id: '11',
      parentId: '00',
      title: '北京市',
      key: '11',
      value: '11',
      hasChildren: true,
    });
    const tree = data<TreeNode[]>(await t.get(`${URL}/tree`, admin));
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children?.map((n) => n.title)).toEqual(['北京市', '上海市', '广东省']);
    const cities = data<{ code: string; name: string }[]>(
      await t.get(`${URL}/select`, admin, { code: '44' }),
    );
    expect(cities.map((c) => c.name)).toEqual(['广州市', '深圳市']);
  });

  it('adds a region under its parent: ancestors, level and level columns come from the parent', async () => {
    const res = await submit({ parentCode: '4403', code: '440306', name: '宝安区', sort: 3 });
    expect(res.json().msg).toBe('新增成功');
    expect(await detail('440306')).toMatchObject({
      parentCode: '4403',
      ancestors: '0,00,44,4403',
      level: 3,
      provinceCode: '44',
      provinceName: '广东省',
      cityCode: '4403',
      cityName: '深圳市',
      districtCode: '440306',
      districtName: '宝安区',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ parentCode: '4403', code: '440306', name: 'x' }, 'code:区划编号已存在'],
      [{ parentCode: '4403', code: '110199', name: 'x' }, 'code:区划编号须以上级区划编号开头'],
      [{ parentCode: '4403', code: '4403', name: 'x' }, 'code:区划编号须以上级区划编号开头'],
      [{ parentCode: '9999', code: '999901', name: 'x' }, 'parentCode:上级区划不存在'],
      [{ parentCode: '4403', code: '44a', name: 'x' }, 'code:区划编号须为2到12位数字'],
      [{ parentCode: '4403', code: '440399' }, 'name:请输入区划名称'],
    ];
    for (const [body, msg] of cases) {
      const r = await submit(body);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(msg);
    }
  });

  it("renames a region and its descendants' copies of the name; code and parent stay", async () => {
    const res = await submit({ id: '4403', code: '4403', parentCode: '44', name: '深圳', sort: 2 });
    expect(res.json().msg).toBe('修改成功');
    expect((await detail('4403')).name).toBe('深圳');
    expect((await detail('440305')).cityName).toBe('深圳');
    expect((await detail('440104')).cityName).toBe('广州市');
    // The console's edit form sends no code (it is shown on create only): the id is the code.
    expect((await submit({ id: '440305', name: '南山', sort: 2 })).statusCode).toBe(200);
    expect((await detail('440305')).districtName).toBe('南山');
    expect((await submit({ id: '4403', code: '4404', name: 'x' })).json().msg).toBe(
      'code:区划编号不可修改',
    );
    expect(
      (await submit({ id: '4403', code: '4403', parentCode: '11', name: 'x' })).json().msg,
    ).toBe('parentCode:上级区划不可修改');
    expect((await submit({ id: '4499', code: '4499', name: 'x' })).statusCode).toBe(404);
  });

  it('removes leaves only (by id or ids), all or nothing', async () => {
    const parent = await t.post(`${URL}/remove`, admin, undefined, { id: '4401' });
    expect(parent.statusCode).toBe(400);
    expect(parent.json().msg).toBe('请先删除子节点!');
    expect(
      (await t.post(`${URL}/remove`, admin, undefined, { ids: '440104,999999' })).statusCode,
    ).toBe(404);
    expect((await detail('440104')).name).toBe('越秀区');
    expect((await t.post(`${URL}/remove`, admin, undefined, { id: '440104' })).statusCode).toBe(
      200,
    );
    // A parent removed together with all its children is fine.
    expect(
      (await t.post(`${URL}/remove`, admin, undefined, { ids: '4401,440106' })).statusCode,
    ).toBe(200);
    expect((await level({ parentCode: '44' })).map((r) => r.code)).toEqual(['4403']);
  });

  it('is written by the super administrator only; the screen needs its menu, pickers a login', async () => {
    const tenantAdmin = await t.tenantAdminToken();
    expect((await level({ parentId: '0' }, tenantAdmin)).map((r) => r.code)).toEqual(['00']);
    expect(
      (await submit({ parentCode: '11', code: '1102', name: 'x' }, tenantAdmin)).statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${URL}/remove`, tenantAdmin, undefined, { id: '110101' })).statusCode,
    ).toBe(403);
    const staff = await t.login('sales', DEMO_PASSWORD, '100001');
    expect((await t.get(`${URL}/lazy-list`, staff)).statusCode).toBe(403);
    expect((await t.get(`${URL}/list`, staff)).statusCode).toBe(403);
    expect((await t.get(`${URL}/lazy-tree`, staff, { parentCode: '00' })).statusCode).toBe(200);
    expect((await t.get(`${URL}/lazy-tree`, '')).statusCode).toBe(401);
  });

  it('pages the list with allowlisted filters (integer level, name LIKE)', async () => {
    const page = data<{ records: Region[]; total: number }>(
      await t.get(`${URL}/list`, admin, { level: '1', size: '2' }),
    );
    expect(page.total).toBe(3);
    expect(page.records.map((r) => r.name)).toEqual(['北京市', '上海市']);
    const none = data<{ total: number }>(await t.get(`${URL}/list`, admin, { level: 'x' }));
    expect(none.total).toBe(0);
    const named = data<{ records: Region[] }>(
      await t.get(`${URL}/list`, admin, { name: '海淀', remark: 'x' }),
    );
    expect(named.records.map((r) => r.code)).toEqual(['110108']);
  });

  // Issue 15 item 10: two administrators editing the same region; the later save does not overwrite.
  it('answers 409 to a stale save and keeps the first save', async () => {
    expect((await submit({ code: '98', parentCode: '00', name: '锁定' })).statusCode).toBe(200);
    const opened = (await detail('98')) as Region & { version: number };
    expect(opened.version).toBe(1);
    const body = { id: '98', code: '98', version: opened.version };
    expect((await submit({ ...body, name: '第一次' })).statusCode).toBe(200);
    const stale = await submit({ ...body, name: '第二次' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已被其他用户修改，请刷新后重试',
    });
    expect(await detail('98')).toMatchObject({ name: '第一次', version: 2 });
    await t.post(`${URL}/remove`, admin, undefined, { ids: '98' });
  });
});
