import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STORE_GROUP_SERVICE,
  STORE_SERVICE,
} from '../../../../src/contracts/platform-supplier/sup-store.js';
import { nextId } from '../../../lib/ids.js';
import { insertSupplier } from '../test-fixtures.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

const API = `/api/${STORE_SERVICE}`;
const GROUP = `/api/${STORE_GROUP_SERVICE}`;
const HEADERS = [
  '供应商编码',
  '门店编码',
  '门店名称',
  '省份',
  '城市',
  '区县',
  '详细地址',
  '联系电话',
];

interface Store {
  id: string;
  supId: string;
  supName: string;
  storeCode: string;
  storeName: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  regionName: string;
  address: string;
  status: number;
  repeatFlag: number;
  version: number;
}
interface Page<T> {
  records: T[];
  total: number;
}
interface ImportAnswer {
  id: string;
  status: 'success' | 'failed' | 'duplicate';
  created: number;
  failed: number;
  errors: { row: number; column: string; message: string }[];
  resultId: string | null;
  repeatCount: number;
  repeats: { id: string; row: number; storeCode: string }[];
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

async function workbook(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('门店数据');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('supplier stores and store groups (sup-store, group)', () => {
  let t: TestApp;
  let supply: string; // supplier_manager of tenant 000000: the supplier area
  let other: string; // administrator of tenant 100001
  let staff: string; // tenant 100001 without supplier buttons
  let supA: string;
  let supB: string;
  let supDown: string;
  let supOther: string;

  const supplier = (tenantId: string, supCode: string, endpoint: string | null = null) =>
    insertSupplier(t.app.ctx.db, tenantId, supCode, endpoint);

  async function good(tenantId: string, supId: string, goodCode: string) {
    const id = nextId();
    await t.app.ctx.db
      .insertInto('bladeSupGood')
      .values({
        id,
        tenantId,
        supId,
        goodCode,
        goodName: `商品${goodCode}`,
        goodType: 1,
        marketAmount: 5000,
        costPrice: 4500,
        validDays: null,
        validEnd: null,
        onShelf: 1,
        stockWarn: null,
        validTimeWarn: null,
        interfaceGoodCode: null,
        signMethod: null,
        remark: null,
        createUser: null,
        createDept: null,
        createTime: '2026-01-01 00:00:00',
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    return id;
  }

  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await t.post(`${API}/submit`, token, {
      supId: supA,
      storeName: '测试门店',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return data<{ id: string }>(res).id;
  };
  const get = async (id: string) => data<Store>(await t.get(`${API}/get`, supply, { id }));
  const storeCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bladeSupStore')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('isDeleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  function upload(token: string, file: Buffer, key?: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), '门店.xlsx');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return request.arrayBuffer().then((body) =>
      t.inject({
        method: 'POST',
        url: `${API}/import-spu-store`,
        headers: {
          'content-type': request.headers.get('content-type')!,
          'blade-auth': `bearer ${token}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: Buffer.from(body),
      }),
    );
  }

  beforeAll(async () => {
    // A small upload limit so the oversized file stays small.
    t = await createTestApp({ config: { uploadMaxMb: 0.05, supplierTimeoutMs: 200 } });
    supply = await t.login('supply', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    supA = await supplier('000000', 'SA');
    supB = await supplier('000000', 'SB');
    supDown = await supplier('000000', 'DOWN', 'sandbox://?failureRate=1');
    supOther = await supplier(DEMO_TENANT, 'SO');
  });
  afterAll(() => t.close());

  it('creates, reads, names and filters stores; the region is a path of the regions tree', async () => {
    const id = await create(supply, {
      storeCode: 'BJ-001',
      storeName: '朝阳门店',
      provinceCode: '11',
      cityCode: '1101',
      districtCode: '110105',
      address: '建国路1号',
      phone: '010-88886666',
    });
    await create(supply, { storeCode: 'SH-001', storeName: '浦东门店', provinceCode: '31' });
    const store = await get(id);
    expect(store).toMatchObject({
      supName: '供应商SA',
      regionName: '北京市 / 市辖区 / 朝阳区',
      status: 1,
      version: 1,
    });
    const byCity = data<Page<Store>>(
      await t.get(`${API}/list`, supply, { cityCode: '1101', supId: supA }),
    );
    expect(byCity.records.map((r) => r.storeCode)).toEqual(['BJ-001']);
    const byProvince = data<Page<Store>>(
      await t.get(`${API}/list`, supply, { provinceCode: '31', supId: supA, status: '1' }),
    );
    expect(byProvince.records.map((r) => r.storeCode)).toEqual(['SH-001']);
    // A city under another province, or a district without its city: refused.
    const bad = await t.post(`${API}/submit`, supply, {
      supId: supA,
      storeCode: 'X1',
      storeName: 'x',
      provinceCode: '31',
      cityCode: '1101',
    });
    expect(bad.statusCode).toBe(400);
    expect(msg(bad)).toBe('provinceCode:所在地区不存在');
    // The form's one region picker sends the deepest level: its parents are filled in.
    const picked = await create(supply, { storeCode: 'GZ-001', districtCode: '440106' });
    expect(await get(picked)).toMatchObject({
      provinceCode: '44',
      cityCode: '4401',
      districtCode: '440106',
      regionName: '广东省 / 广州市 / 天河区',
    });
  });

  it('refuses a store code the supplier already has with 409 naming the field', async () => {
    const res = await t.post(`${API}/submit`, supply, {
      supId: supA,
      storeCode: 'BJ-001',
      storeName: '另一个',
    });
    expect(res.statusCode).toBe(409);
    expect(msg(res)).toBe('storeCode:门店编码已存在');
    // Another supplier may use the same code.
    await create(supply, { supId: supB, storeCode: 'BJ-001', storeName: '乙的门店' });
  });

  it("answers 404 for another tenant's stores and refuses its suppliers", async () => {
    const mine = await create(supply, { storeCode: 'T-1' });
    for (const res of [
      await t.get(`${API}/get`, other, { id: mine }),
      await t.inject({
        method: 'DELETE',
        url: `${API}/delete`,
        query: { ids: mine },
        headers: { 'blade-auth': `bearer ${other}` },
      }),
      await t.post(`${API}/batch-enable`, other, undefined, { ids: mine, status: '0' }),
      await t.get(`${API}/applicable-form`, other, { id: mine }),
    ])
      expect(res.statusCode, res.body).toBe(404);
    const foreign = await t.post(`${API}/submit`, supply, {
      supId: supOther,
      storeCode: 'F-1',
      storeName: 'x',
    });
    expect(foreign.statusCode).toBe(400);
    expect(msg(foreign)).toBe('supId:所属供应商不存在');
    expect((await get(mine)).status).toBe(1);
  });

  it('refuses every call to a caller without the supplier area (403)', async () => {
    const gets = [
      'list',
      'get',
      'detail',
      'list-not-page',
      'list-store',
      'batch-enable-pre',
      'export-sup-store',
      'export-template',
      'import-result',
      'applicable-form',
      'check-applicable-form',
    ].map((p) => `${API}/${p}`);
    gets.push(
      ...[
        'listGroupPage',
        'listAllGroup',
        'listLeftStore',
        'listRightStore',
        'listStoreByGroupId',
      ].map((p) => `${GROUP}/${p}`),
    );
    for (const url of gets)
      expect((await t.get(url, staff, { id: '1', ids: '1', groupId: '1' })).statusCode, url).toBe(
        403,
      );
    const posts = [
      'submit',
      'remove',
      'batch-enable',
      'batch-update',
      'set-repeat-Store',
      'merge-mode-store',
      'exclusive-mode-store',
      'load-store',
    ].map((p) => `${API}/${p}`);
    posts.push(`${GROUP}/saveGroup`, `${GROUP}/removeById/1`);
    for (const url of posts)
      expect((await t.post(url, staff, { ids: ['1'] }, { ids: '1' })).statusCode, url).toBe(403);
    const removal = await t.inject({
      method: 'DELETE',
      url: `${API}/delete`,
      query: { ids: '1' },
      headers: { 'blade-auth': `bearer ${staff}` },
    });
    expect(removal.statusCode).toBe(403);
  });

  it('refuses callers without the buttons (403)', async () => {
    expect((await t.get(`${API}/list`, staff)).statusCode).toBe(403);
    expect(
      (await t.post(`${API}/batch-update`, staff, { ids: ['1'], address: 'x' })).statusCode,
    ).toBe(403);
    expect((await t.post(`${GROUP}/saveGroup`, staff, { groupName: 'g' })).statusCode).toBe(403);
    expect((await t.get(`${GROUP}/listGroupPage`, staff)).statusCode).toBe(403);
  });

  it('batch-enable-pre shows what would change and changes nothing; batch-enable changes it', async () => {
    const a = await create(supply, { storeCode: 'E-1' });
    const b = await create(supply, { storeCode: 'E-2' });
    await t.post(`${API}/batch-enable`, supply, undefined, { ids: b, status: '0' });
    const pre = data<{ total: number; changed: number; records: { id: string }[] }>(
      await t.get(`${API}/batch-enable-pre`, supply, { ids: `${a},${b}`, status: '0' }),
    );
    expect(pre).toMatchObject({ total: 2, changed: 1 });
    expect(pre.records.map((r) => r.id)).toEqual([a]);
    expect((await get(a)).status).toBe(1);
    const done = await t.post(`${API}/batch-enable`, supply, undefined, {
      ids: `${a},${b}`,
      status: '0',
    });
    expect(data<{ changed: number }>(done).changed).toBe(1);
    expect((await get(a)).status).toBe(0);
    const disabled = data<Page<Store>>(
      await t.get(`${API}/list`, supply, { status: '0', storeCode: 'E-', supId: supA }),
    );
    expect(disabled.total).toBe(2);
  });

  it('batch-update sets the fields sent on every store, all or nothing', async () => {
    const a = await create(supply, { storeCode: 'U-1', address: '旧地址' });
    const b = await create(supply, { storeCode: 'U-2', phone: '010-1234567' });
    const res = await t.post(`${API}/batch-update`, supply, {
      ids: [a, b],
      address: '新地址',
      provinceCode: '44',
      cityCode: '4403',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [sa, sb] = [await get(a), await get(b)];
    expect(sa).toMatchObject({ address: '新地址', regionName: '广东省 / 深圳市', version: 2 });
    expect(sb).toMatchObject({ address: '新地址', phone: '010-1234567' });
    const missing = await t.post(`${API}/batch-update`, supply, { ids: [a, 'nope'], address: 'z' });
    expect(missing.statusCode).toBe(404);
    expect((await get(a)).address).toBe('新地址');
  });

  it('deletes with DELETE, lists without paging and for pickers', async () => {
    const id = await create(supply, { storeCode: 'D-1', storeName: '待删除' });
    const all = data<Store[]>(
      await t.get(`${API}/list-not-page`, supply, { storeCode: 'D-', supId: supA }),
    );
    expect(all.map((s) => s.id)).toEqual([id]);
    const picker = data<{ id: string; storeName: string }[]>(
      await t.get(`${API}/list-store`, supply, { supId: supA, storeName: '待删除' }),
    );
    expect(picker).toEqual([expect.objectContaining({ id, storeName: '待删除' })]);
    const res = await t.inject({
      method: 'DELETE',
      url: `${API}/delete`,
      query: { ids: id },
      headers: { 'blade-auth': `bearer ${supply}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.get(`${API}/get`, supply, { id })).statusCode).toBe(404);
  });

  it('answers which goods a store accepts', async () => {
    const g1 = await good('000000', supA, 'G1');
    const g2 = await good('000000', supA, 'G2');
    const gb = await good('000000', supB, 'GB');
    const all = await create(supply, { storeCode: 'A-1' });
    const one = await create(supply, { storeCode: 'A-2', goodIds: g1 });
    const wrong = await t.post(`${API}/submit`, supply, {
      supId: supA,
      storeCode: 'A-3',
      storeName: 'x',
      goodIds: gb,
    });
    expect(msg(wrong)).toBe('goodIds:适用商品须为该供应商的商品');
    const form = data<{ allGoods: boolean; goods: { id: string; applicable: boolean }[] }>(
      await t.get(`${API}/applicable-form`, supply, { id: one }),
    );
    expect(form.allGoods).toBe(false);
    expect(form.goods.filter((g) => g.applicable).map((g) => g.id)).toEqual([g1]);
    const check = async (storeId: string, goodId: string) =>
      data<{ applicable: boolean }>(
        await t.get(`${API}/check-applicable-form`, supply, { storeId, goodId }),
      ).applicable;
    expect(await check(all, g2)).toBe(true);
    expect(await check(one, g2)).toBe(false);
    expect(await check(one, g1)).toBe(true);
    expect(await check(all, gb)).toBe(false);
  });

  it('imports nothing when a row is wrong, and the result file names the row', async () => {
    const before = await storeCount();
    const res = await upload(
      supply,
      await workbook([
        ['SA', 'I-1', '导入一', '北京市', '市辖区', '朝阳区', '地址', '010-1234567'],
        ['NOPE', 'I-2', '导入二', '北京市', '', '', '', ''],
        ['SA', 'I-3', '导入三', '北京市', '深圳市', '', '', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = data<ImportAnswer>(res);
    expect(answer.status).toBe('failed');
    expect(answer.errors.map((e) => [e.row, e.column])).toEqual([
      [3, '供应商编码'],
      [4, '城市'],
    ]);
    expect(await storeCount()).toBe(before);
    const file = await t.get(`${API}/import-result`, supply, { id: answer.resultId! });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const text = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(text).toContain('供应商不存在');
    expect(text).toContain('城市不存在：深圳市');
  });

  it('imports rows; codes that exist wait for merge or exclusive, set per row', async () => {
    const first = data<ImportAnswer>(
      await upload(
        supply,
        await workbook([
          ['SA', 'M-1', '合并一', '广东省', '广州市', '天河区', '老地址', ''],
          ['SA', 'M-2', '合并二', '11', '1101', '', '', ''],
          ['SA', 'M-3', '合并三', '', '', '', '', ''],
        ]),
      ),
    );
    expect(first).toMatchObject({ status: 'success', created: 3, repeatCount: 0 });
    const second = data<ImportAnswer>(
      await upload(
        supply,
        await workbook([
          ['SA', 'M-1', '合并一新', '广东省', '广州市', '越秀区', '新地址', ''],
          ['SA', 'M-2', '合并二新', '', '', '', '', ''],
          ['SA', 'M-3', '合并三新', '', '', '', '', ''],
          ['SA', 'M-4', '新门店', '', '', '', '', ''],
        ]),
      ),
    );
    expect(second).toMatchObject({ status: 'success', created: 1, repeatCount: 3 });
    expect(second.repeats.map((r) => r.storeCode)).toEqual(['M-1', 'M-2', 'M-3']);
    const list = async () =>
      data<Page<Store>>(
        await t.get(`${API}/list`, supply, { storeCode: 'M-', size: '50', supId: supA }),
      ).records;
    expect(await list()).toHaveLength(4);
    // M-2 is kept separately whatever the mode; the others follow merge.
    const set = await t.post(`${API}/set-repeat-Store`, supply, {
      ids: [second.repeats[1]!.id],
      mode: 'exclusive',
    });
    expect(set.statusCode, set.body).toBe(200);
    const merged = await t.post(`${API}/merge-mode-store`, supply, undefined, {
      importId: second.id,
    });
    expect(data<{ merged: number; created: number }>(merged)).toEqual({ merged: 2, created: 1 });
    const rows = await list();
    const byCode = (code: string) => rows.filter((r) => r.storeCode === code);
    expect(byCode('M-1')).toEqual([
      expect.objectContaining({
        storeName: '合并一新',
        address: '新地址',
        regionName: '广东省 / 广州市 / 越秀区',
      }),
    ]);
    expect(
      byCode('M-2')
        .map((r) => [r.storeName, r.repeatFlag])
        .sort(),
    ).toEqual([
      ['合并二', 0],
      ['合并二新', 1],
    ]);
    // Applied once: a second apply has nothing left.
    const again = await t.post(`${API}/exclusive-mode-store`, supply, undefined, {
      importId: second.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('exclusive keeps both stores, the new one marked as a repeat', async () => {
    await create(supply, { storeCode: 'X-1', storeName: '原门店' });
    const answer = data<ImportAnswer>(
      await upload(supply, await workbook([['SA', 'X-1', '新门店', '', '', '', '', '']])),
    );
    expect(answer.repeatCount).toBe(1);
    // Another tenant can neither choose for these rows nor apply them.
    const foreignSet = await t.post(`${API}/set-repeat-Store`, other, {
      ids: [answer.repeats[0]!.id],
      mode: 'merge',
    });
    expect(foreignSet.statusCode).toBe(404);
    const foreignApply = await t.post(`${API}/merge-mode-store`, other, { importId: answer.id });
    expect(foreignApply.statusCode).toBe(404);
    const res = await t.post(`${API}/exclusive-mode-store`, supply, { importId: answer.id });
    expect(data<{ merged: number; created: number }>(res)).toEqual({ merged: 0, created: 1 });
    const rows = data<Page<Store>>(
      await t.get(`${API}/list`, supply, { storeCode: 'X-1', supId: supA }),
    ).records;
    expect(rows.map((r) => [r.storeName, r.repeatFlag]).sort()).toEqual([
      ['原门店', 0],
      ['新门店', 1],
    ]);
  });

  it('refuses an oversized file with 413 and writes nothing', async () => {
    const before = await storeCount();
    const rows = Array.from({ length: 3000 }, (_, i) => [
      'SA',
      `BIG-${i}`,
      `大文件门店${i}的一个相当长的名字`,
      '北京市',
      '市辖区',
      '朝阳区',
      `地址${i}号`,
      '010-12345678',
    ]);
    const res = await upload(supply, await workbook(rows));
    expect(res.statusCode).toBe(413);
    expect(await storeCount()).toBe(before);
  });

  it("load-store merges the supplier's stores by code; a driver failure writes nothing", async () => {
    const first = await t.post(`${API}/load-store`, supply, undefined, { supId: supB });
    expect(first.statusCode, first.body).toBe(200);
    const created = data<{ created: number; updated: number }>(first);
    expect(created.created).toBeGreaterThanOrEqual(20);
    const again = data<{ created: number; updated: number }>(
      await t.post(`${API}/load-store`, supply, undefined, { supId: supB }),
    );
    expect(again).toEqual({ created: 0, updated: created.created });
    const before = await storeCount();
    const down = await t.post(`${API}/load-store`, supply, undefined, { supId: supDown });
    expect(down.statusCode).toBe(400);
    expect(msg(down)).toBe('供应商接口暂不可用，请稍后重试');
    expect(await storeCount()).toBe(before);
    const foreign = await t.post(`${API}/load-store`, supply, undefined, { supId: supOther });
    expect(foreign.statusCode).toBe(404);
  });

  it('starts an export task for the filtered stores', async () => {
    const res = await t.get(`${API}/export-sup-store`, supply, { storeCode: 'BJ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<{ id: string }>(res).id).toBeTruthy();
  });

  it('saves a group with its stores; the transfer list reads both sides', async () => {
    const s1 = await create(supply, { storeCode: 'G-1', storeName: '分组一' });
    const s2 = await create(supply, { storeCode: 'G-2', storeName: '分组二' });
    const s3 = await create(supply, { storeCode: 'G-3', storeName: '分组三' });
    const saved = await t.post(`${GROUP}/saveGroup`, supply, {
      groupName: '测试分组',
      storeIds: [s1, s2],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const groupId = data<{ id: string }>(saved).id;
    const right = data<Page<{ id: string }>>(
      await t.get(`${GROUP}/listRightStore`, supply, { groupId }),
    );
    expect(right.records.map((r) => r.id).sort()).toEqual([s1, s2].sort());
    const left = data<Page<{ id: string }>>(
      await t.get(`${GROUP}/listLeftStore`, supply, { groupId, storeCode: 'G-', supId: supA }),
    );
    expect(left.records.map((r) => r.id)).toEqual([s3]);
    // The transfer list's search: a name or a code.
    for (const keyword of ['分组三', 'G-3'])
      expect(
        data<Page<{ id: string }>>(
          await t.get(`${GROUP}/listLeftStore`, supply, { groupId, keyword, supId: supA }),
        ).records.map((r) => r.id),
      ).toEqual([s3]);
    const page = data<Page<{ id: string; storeCount: number }>>(
      await t.get(`${GROUP}/listGroupPage`, supply),
    );
    expect(page.records.find((g) => g.id === groupId)?.storeCount).toBe(2);
    const dup = await t.post(`${GROUP}/saveGroup`, supply, { groupName: '测试分组' });
    expect(dup.statusCode).toBe(409);
    expect(msg(dup)).toBe('groupName:分组名称已存在');
    // Editing replaces the membership; a stale version is 409.
    const edit = await t.post(`${GROUP}/saveGroup`, supply, {
      id: groupId,
      version: 1,
      groupName: '测试分组',
      storeIds: `${s3}`,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await t.post(`${GROUP}/saveGroup`, supply, {
      id: groupId,
      version: 1,
      groupName: '测试分组',
    });
    expect(stale.statusCode).toBe(409);
    const stores = data<{ id: string }[]>(
      await t.get(`${GROUP}/listStoreByGroupId`, supply, { groupId }),
    );
    expect(stores.map((s) => s.id)).toEqual([s3]);
    const all = data<{ id: string; groupName: string }[]>(
      await t.get(`${GROUP}/listAllGroup`, supply),
    );
    expect(all).toContainEqual({ id: groupId, groupName: '测试分组' });
    // Another tenant: neither the group nor our stores.
    expect((await t.get(`${GROUP}/listRightStore`, other, { groupId })).statusCode).toBe(404);
    expect((await t.post(`${GROUP}/removeById/${groupId}`, other)).statusCode).toBe(404);
    const foreign = await t.post(`${GROUP}/saveGroup`, other, {
      groupName: '他的',
      storeIds: [s1],
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.post(`${GROUP}/removeById/${groupId}`, supply);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.get(`${GROUP}/listRightStore`, supply, { groupId })).statusCode).toBe(404);
  });
});
