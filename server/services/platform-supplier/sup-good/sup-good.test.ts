import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUP_GOOD } from '../../../../src/contracts/platform-supplier/sup-good.js';
import { nextId } from '../../../lib/ids.js';
import { insertSupplier } from '../test-fixtures.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

const API = `/api/${SUP_GOOD}`;

interface Good {
  id: string;
  supId: string;
  supName: string;
  goodCode: string;
  goodName: string;
  goodType: number;
  goodTypeName: string;
  marketAmount: number;
  costPrice: number;
  discount: string;
  validEnd: string;
  onShelf: number;
  status: number;
  version: number;
}

interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('supplier goods (sup-good)', () => {
  let t: TestApp;
  let supply: string; // supplier_manager of tenant 000000: every supplier button
  let other: string; // administrator of tenant 100001
  let staff: string; // tenant 100001, basics only: no supplier button
  let supA: string;
  let supB: string;
  let supSlow: string;
  let supOther: string;

  const supplier = (tenantId: string, supCode: string, endpoint: string | null = null) =>
    insertSupplier(t.app.ctx.db, tenantId, supCode, endpoint);

  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${API}/submit`, token, body);

  async function create(token: string, body: Record<string, unknown>): Promise<string> {
    const res = await submit(token, {
      supId: supA,
      goodType: 1,
      goodName: '测试商品',
      marketAmount: 50,
      costPrice: 45,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return data<{ id: string }>(res).id;
  }

  const get = async (token: string, id: string) =>
    data<Good>(await t.get(`${API}/get`, token, { id }));

  beforeAll(async () => {
    t = await createTestApp({ config: { supplierTimeoutMs: 50 } });
    supply = await t.login('supply', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    supA = await supplier('000000', 'SA');
    supB = await supplier('000000', 'SB');
    supSlow = await supplier('000000', 'SLOW', 'sandbox://?latency=2000');
    supOther = await supplier(DEMO_TENANT, 'SO');
  });
  afterAll(() => t.close());

  it('creates a good: money in yuan on the wire, fen at rest, the discount derived', async () => {
    const id = await create(supply, { goodCode: 'G-1', marketAmount: 49.9, costPrice: '0.29' });
    const row = await t.app.ctx.db
      .selectFrom('bladeSupGood')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([row.marketAmount, row.costPrice, row.onShelf, row.status]).toEqual([4990, 29, 0, 1]);
    const good = await get(supply, id);
    expect(good).toMatchObject({
      goodCode: 'G-1',
      marketAmount: 49.9,
      costPrice: 0.29,
      discount: '0.01',
      supName: '供应商SA',
      goodTypeName: '券码',
    });
    // A typed discount is not a field: it is dropped, the derived one answered.
    await submit(supply, { ...good, discount: '0.10', costPrice: 44.91, version: good.version });
    expect((await get(supply, id)).discount).toBe('0.90');
  });

  it('validEnd: a calendar day, with or without the time, kept as the end of that day', async () => {
    const id = await create(supply, { goodCode: 'VE-1', validEnd: '2027-12-31 00:00:00' });
    expect((await get(supply, id)).validEnd).toBe('2027-12-31 23:59:59');
    const day = await create(supply, { goodCode: 'VE-2', validEnd: '2028-02-29' });
    expect((await get(supply, day)).validEnd).toBe('2028-02-29 23:59:59');
    const bad = await submit(supply, {
      supId: supA,
      goodCode: 'VE-3',
      goodName: 'x',
      goodType: 1,
      marketAmount: 1,
      costPrice: 1,
      validEnd: '2027-02-30',
    });
    expect([bad.statusCode, msg(bad)]).toEqual([
      400,
      'validEnd:有效期至格式应为yyyy-MM-dd或yyyy-MM-dd HH:mm:ss',
    ]);
  });

  it('refuses bad money: negative, three decimals, text, cost above face value', async () => {
    for (const [field, value] of [
      ['marketAmount', -1],
      ['marketAmount', '1.234'],
      ['costPrice', 'abc'],
      ['costPrice', 1.005],
    ] as const) {
      const res = await submit(supply, {
        supId: supA,
        goodCode: 'BAD',
        goodName: 'x',
        goodType: 1,
        marketAmount: 10,
        costPrice: 5,
        [field]: value,
      });
      expect(res.statusCode).toBe(400);
      expect(msg(res)).toMatch(new RegExp(`^${field}:`));
    }
    const above = await submit(supply, {
      supId: supA,
      goodCode: 'BAD',
      goodName: 'x',
      goodType: 1,
      marketAmount: 10,
      costPrice: 10.01,
    });
    expect([above.statusCode, msg(above)]).toEqual([400, 'costPrice:成本价不能高于面值']);
    const count = await t.app.ctx.db
      .selectFrom('bladeSupGood')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('goodCode', '=', 'BAD')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('a code is unique per supplier (409 naming goodCode); another supplier may use it', async () => {
    await create(supply, { goodCode: 'DUP' });
    const dup = await submit(supply, {
      supId: supA,
      goodCode: 'DUP',
      goodName: 'x',
      goodType: 1,
      marketAmount: 1,
      costPrice: 1,
    });
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'goodCode:商品编码已存在']);
    await create(supply, { goodCode: 'DUP', supId: supB });
  });

  it('lists with filters in the BladeX page shape; another tenant sees none of it', async () => {
    const id = await create(supply, { goodCode: 'LIST-1', goodName: '列表商品', goodType: 2 });
    const page = data<Page<Good>>(
      await t.get(`${API}/list`, supply, { goodCode: 'LIST', goodType: '2', supId: supA }),
    );
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(page.records[0]).toMatchObject({
      id,
      goodTypeName: '直充',
      marketAmount: 50,
      costPrice: 45,
      discount: '0.90',
      onShelf: 0,
      status: 1,
    });
    for (const [k, v] of [
      ['goodName', '列表'],
      ['onShelf', '0'],
      ['status', '1'],
    ] as const)
      expect(
        data<Page<Good>>(await t.get(`${API}/list`, supply, { [k]: v })).records.map((r) => r.id),
      ).toContain(id);
    expect(data<Page<Good>>(await t.get(`${API}/list`, other, { goodCode: 'LIST' })).total).toBe(0);
    expect((await t.get(`${API}/get`, other, { id })).statusCode).toBe(404);
    expect((await t.get(`${API}/detail`, other, { id })).statusCode).toBe(404);
    // Another tenant's supplier cannot be named.
    const res = await submit(supply, {
      supId: supOther,
      goodCode: 'X',
      goodName: 'x',
      goodType: 1,
      marketAmount: 1,
      costPrice: 1,
    });
    expect([res.statusCode, msg(res)]).toEqual([400, 'supId:供应商不存在']);
  });

  it('enable, batch-enable-pre and batch-on-shelf: all or nothing, by their buttons', async () => {
    const a = await create(supply, { goodCode: 'SH-1' });
    const b = await create(supply, { goodCode: 'SH-2' });
    const ids = `${a},${b}`;
    // 403 without the button, 404 for another tenant's ids.
    expect(
      (await t.post(`${API}/batch-on-shelf`, staff, {}, { ids, onShelf: '1' })).statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${API}/batch-on-shelf`, other, {}, { ids, onShelf: '1' })).statusCode,
    ).toBe(404);
    expect((await t.post(`${API}/enable`, other, {}, { ids: a, status: '0' })).statusCode).toBe(
      404,
    );
    const on = await t.post(`${API}/batch-on-shelf`, supply, {}, { ids, onShelf: '1' });
    expect([on.statusCode, data<{ changed: number }>(on).changed]).toEqual([200, 2]);
    expect((await get(supply, a)).onShelf).toBe(1);

    // The preview of disabling a: what would change, nothing changed.
    const pre = data<{ change: number; offShelf: number; records: { id: string }[] }>(
      await t.get(`${API}/batch-enable-pre`, supply, { ids: a, status: '0' }),
    );
    expect(pre).toMatchObject({ change: 1, offShelf: 1, records: [{ id: a }] });
    expect(await get(supply, a)).toMatchObject({ status: 1, onShelf: 1 });
    expect((await t.post(`${API}/enable`, supply, {}, { ids: a, status: '0' })).statusCode).toBe(
      200,
    );
    expect(await get(supply, a)).toMatchObject({ status: 0, onShelf: 0 });

    // A disabled good does not go on the shelf, nor do the others with it.
    await t.post(`${API}/batch-on-shelf`, supply, {}, { ids, onShelf: '0' });
    const refused = await t.post(`${API}/batch-on-shelf`, supply, {}, { ids, onShelf: '1' });
    expect([refused.statusCode, msg(refused)]).toEqual([400, '停用的商品不能上架：SH-1']);
    expect((await get(supply, b)).onShelf).toBe(0);
  });

  it('delete (GET): not while on the shelf; 404 for another tenant; 403 without the button', async () => {
    const id = await create(supply, { goodCode: 'DEL-1' });
    expect((await t.get(`${API}/delete`, staff, { ids: id })).statusCode).toBe(403);
    expect((await t.get(`${API}/delete`, other, { ids: id })).statusCode).toBe(404);
    await t.post(`${API}/batch-on-shelf`, supply, {}, { ids: id, onShelf: '1' });
    const refused = await t.get(`${API}/delete`, supply, { ids: id });
    expect([refused.statusCode, msg(refused)]).toEqual([400, '上架中的商品不能删除，请先下架']);
    await t.post(`${API}/batch-on-shelf`, supply, {}, { ids: id, onShelf: '0' });
    expect((await t.get(`${API}/delete`, supply, { ids: id })).statusCode).toBe(200);
    expect((await t.get(`${API}/get`, supply, { id })).statusCode).toBe(404);
  });

  it('list-by-sup, list-belong-tenant-good (product-belong-sup)', async () => {
    const id = await create(supply, { goodCode: 'BEL-1', supId: supB });
    const bySup = data<Good[]>(await t.get(`${API}/list-by-sup`, supply, { supId: supB }));
    expect(bySup.map((g) => g.id)).toContain(id);
    expect(data<Good[]>(await t.get(`${API}/list-by-sup`, other, { supId: supB }))).toEqual([]);

    const belong = () => t.get(`${API}/list-belong-tenant-good`, other);
    expect(data<Page<Good>>(await belong()).total).toBe(0);
    await t.app.ctx.db
      .insertInto('bladeSupBelong')
      .values({
        id: nextId(),
        tenantId: '000000',
        supId: supB,
        belongTenantId: DEMO_TENANT,
        createUser: null,
        createTime: null,
      })
      .execute();
    // Only enabled goods on the shelf are offered.
    expect(data<Page<Good>>(await belong()).total).toBe(0);
    await t.post(`${API}/batch-on-shelf`, supply, {}, { ids: id, onShelf: '1' });
    const page = data<Page<Good>>(await belong());
    expect(page.records.map((g) => [g.id, g.supName, g.marketAmount])).toEqual([
      [id, '供应商SB', 50],
    ]);
  });

  it('warning thresholds and interface settings: get and set, by their buttons', async () => {
    const id = await create(supply, { goodCode: 'WARN-1' });
    for (const [path, field, value] of [
      ['stock-warn', 'stockWarn', 100],
      ['valid-time-warn', 'validTimeWarn', 30],
    ] as const) {
      expect((await t.post(`${API}/set-${path}`, staff, { id, [field]: value })).statusCode).toBe(
        403,
      );
      expect((await t.post(`${API}/set-${path}`, other, { id, [field]: value })).statusCode).toBe(
        404,
      );
      const bad = await t.post(`${API}/set-${path}`, supply, { id, [field]: -1 });
      expect([bad.statusCode, msg(bad).split(':')[0]]).toEqual([400, field]);
      expect((await t.post(`${API}/set-${path}`, supply, { id, [field]: value })).statusCode).toBe(
        200,
      );
      expect(
        data<Record<string, number>>(await t.get(`${API}/get-${path}`, supply, { id }))[field],
      ).toBe(value);
    }
    const set = await t.post(`${API}/good-interface-set`, supply, {
      id,
      interfaceGoodCode: 'EXT-9',
      signMethod: 'MD5',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(data(await t.get(`${API}/good-interface-get`, supply, { id }))).toMatchObject({
      interfaceGoodCode: 'EXT-9',
      signMethod: 'MD5',
    });
    const bad = await t.post(`${API}/good-interface-set`, supply, { id, signMethod: 'SHA1' });
    expect(bad.statusCode).toBe(400);
    expect((await t.get(`${API}/good-interface-get`, other, { id })).statusCode).toBe(404);
    // A stale version is 409.
    const stale = await t.post(`${API}/set-stock-warn`, supply, { id, stockWarn: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('good interface sign configs: list, goodInterfaceSigns, add, update, remove (GET)', async () => {
    const goodId = await create(supply, { goodCode: 'SIGN-1' });
    const S = `${API}/interface-sign`;
    expect((await t.post(`${S}/add`, staff, { goodId, paramName: 'appId' })).statusCode).toBe(403);
    expect((await t.post(`${S}/add`, other, { goodId, paramName: 'appId' })).statusCode).toBe(404);
    const added = await t.post(`${S}/add`, supply, {
      goodId,
      paramName: 'appId',
      paramValue: 'a',
      sort: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    const signId = data<{ id: string }>(added).id;
    await t.post(`${S}/add`, supply, { goodId, paramName: 'timestamp', sort: 1 });
    const dup = await t.post(`${S}/add`, supply, { goodId, paramName: 'appId' });
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'paramName:参数名已存在']);
    const signs = data<{ paramName: string }[]>(
      await t.get(`${S}/goodInterfaceSigns`, supply, { goodId }),
    );
    expect(signs.map((s) => s.paramName)).toEqual(['timestamp', 'appId']);
    expect(data<Page<unknown>>(await t.get(`${S}/list`, supply, { goodId })).total).toBe(2);
    expect(data<Page<unknown>>(await t.get(`${S}/list`, other, { goodId })).total).toBe(0);
    const upd = await t.post(`${S}/update`, supply, {
      id: signId,
      goodId,
      paramName: 'appKey',
      version: 1,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await t.get(`${S}/remove`, other, { ids: signId })).statusCode).toBe(404);
    expect((await t.get(`${S}/remove`, supply, { ids: signId })).statusCode).toBe(200);
    expect(data<unknown[]>(await t.get(`${S}/goodInterfaceSigns`, supply, { goodId })).length).toBe(
      1,
    );
  });

  it("asks the supplier's driver: balance and stock; a timeout is a clear 400, nothing written", async () => {
    const id = await create(supply, { goodCode: 'THIRD-1' });
    const balance = await t.get(`${API}/query-third-actual-balance`, supply, { supId: supA });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(typeof data<{ balance: number }>(balance).balance).toBe('number');
    const stock = await t.get(`${API}/query-third-good-stock`, supply, { id });
    expect(stock.statusCode, stock.body).toBe(200);
    expect(Number.isInteger(data<{ stock: number }>(stock).stock)).toBe(true);
    expect((await t.get(`${API}/query-third-good-stock`, staff, { id })).statusCode).toBe(403);
    expect((await t.get(`${API}/query-third-good-stock`, other, { id })).statusCode).toBe(404);

    const slow = await create(supply, { goodCode: 'THIRD-2', supId: supSlow });
    const before = await get(supply, slow);
    const timedOut = await t.get(`${API}/query-third-good-stock`, supply, { id: slow });
    expect([timedOut.statusCode, msg(timedOut)]).toEqual([400, '供应商接口超时']);
    const balanceOut = await t.get(`${API}/query-third-actual-balance`, supply, { supId: supSlow });
    expect([balanceOut.statusCode, msg(balanceOut)]).toEqual([400, '供应商接口超时']);
    expect(await get(supply, slow)).toEqual(before);
  });

  it('exports through the export engine (export-sup-good and excel/export/async)', async () => {
    expect((await t.post(`${API}/export-sup-good`, staff, {})).statusCode).toBe(403);
    const res = await t.post(`${API}/export-sup-good`, supply, { goodCode: 'G' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<{ id: string }>(res).id).toBeTruthy();
  });

  it('the API reference lists every call of the goods with its summary', async () => {
    const doc = JSON.stringify(
      data(await t.get('/api/blade-system/api-document', await t.tenantAdminToken())),
    );
    for (const call of [
      'list',
      'get',
      'submit',
      'delete',
      'enable',
      'batch-on-shelf',
      'batch-enable-pre',
      'list-by-sup',
      'export-sup-good',
      'import-spu-good',
      'list-belong-tenant-good',
      'get-stock-warn',
      'set-valid-time-warn',
      'good-interface-set',
      'interface-sign/goodInterfaceSigns',
      'query-third-actual-balance',
      'query-third-good-stock',
    ])
      expect(doc).toContain(`${SUP_GOOD}/${call}"`);
    expect(doc).toContain('批量启用预览');
  });

  describe('import-spu-good', () => {
    const HEAD = [
      '供应商编码',
      '商品编码',
      '商品名称',
      '商品类型',
      '面值',
      '成本价',
      '有效天数',
      '有效期至',
      '备注',
    ];

    async function book(rows: (string | number)[][]) {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('供应商商品');
      sheet.addRow(HEAD);
      for (const r of rows) sheet.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    }

    async function upload(token: string, file: Buffer, name = 'goods.xlsx') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), name);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return t.inject({
        method: 'POST',
        url: `${API}/import-spu-good`,
        headers: {
          'content-type': request.headers.get('content-type')!,
          'blade-auth': `bearer ${token}`,
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    }

    const codes = async (prefix: string) =>
      (
        await t.app.ctx.db
          .selectFrom('bladeSupGood')
          .select('goodCode')
          .where('goodCode', 'like', `${prefix}%`)
          .where('isDeleted', '=', 0)
          .execute()
      ).map((r) => r.goodCode);

    it('a row with an error: nothing written, the result file names the row', async () => {
      const res = await upload(
        supply,
        await book([
          ['SA', 'IMP-1', '导入一', '券码', '10', '9.5', '', '', ''],
          ['SA', 'IMP-2', '导入二', '直充', '10', '10.01', '', '', ''],
          ['NOPE', 'IMP-3', '导入三', '券码', '10', '1.234', '', '', ''],
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      const answer = data<{
        status: string;
        resultId: string;
        errors: { row: number; message: string }[];
      }>(res);
      expect(answer.status).toBe('failed');
      expect(answer.errors.map((e) => e.row).sort()).toEqual([3, 4]);
      expect(await codes('IMP-')).toEqual([]);
      const result = await t.get(`${API}/import-result`, supply, { id: answer.resultId });
      expect(result.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(result.rawPayload as unknown as ExcelJS.Buffer);
      const text = JSON.stringify(wb.worksheets.map((s) => s.getSheetValues()));
      expect(text).toContain('成本价不能高于面值');
      expect(text).toContain('成本价须为不超过两位小数的非负金额');
    });

    it('good rows are written (money in fen); a duplicate code is refused; 403 without the button', async () => {
      const file = await book([
        ['SA', 'IMPOK-1', '导入好一', '券码', '30', '27.5', '365', '', ''],
        ['SB', 'IMPOK-2', '导入好二', '3', '100', '95', '', '2027-12-31', '备注'],
      ]);
      expect((await upload(staff, file)).statusCode).toBe(403);
      const res = await upload(supply, file);
      expect(data<{ status: string; created: number }>(res)).toMatchObject({
        status: 'success',
        created: 2,
      });
      const row = await t.app.ctx.db
        .selectFrom('bladeSupGood')
        .select(['marketAmount', 'costPrice', 'onShelf'])
        .where('goodCode', '=', 'IMPOK-1')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ marketAmount: 3000, costPrice: 2750, onShelf: 0 });
      const dated = await t.app.ctx.db
        .selectFrom('bladeSupGood')
        .select(['validEnd', 'goodType'])
        .where('goodCode', '=', 'IMPOK-2')
        .executeTakeFirstOrThrow();
      expect(dated).toEqual({ validEnd: '2027-12-31 23:59:59', goodType: 3 });
      const again = await upload(
        supply,
        await book([['SA', 'IMPOK-1', '重复', '券码', '30', '27.5', '', '', '']]),
      );
      expect(data<{ status: string; errors: { message: string }[] }>(again)).toMatchObject({
        status: 'failed',
        errors: [{ message: '商品编码已存在' }],
      });
    });

    it('an oversized file is refused', async () => {
      const big = await createTestApp({ config: { uploadMaxMb: 1 }, sameDatabaseAs: t });
      try {
        const token = await big.login('supply', DEMO_PASSWORD);
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'big.xlsx');
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        const res = await big.inject({
          method: 'POST',
          url: `${API}/import-spu-good`,
          headers: {
            'content-type': request.headers.get('content-type')!,
            'blade-auth': `bearer ${token}`,
          },
          payload: Buffer.from(await request.arrayBuffer()),
        });
        expect(res.statusCode).toBe(413);
      } finally {
        await big.close();
      }
    });
  });
});
