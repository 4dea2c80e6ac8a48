import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_PREPAY,
  PREPAY_FILE_SIGN,
} from '../../../../src/contracts/platform-client/app-prepay.js';
import {
  PREPAY_CHANGE_FILE,
  PREPAY_ORDER,
  type PrepayChangeFile,
  type PrepayOrder,
} from '../../../../src/contracts/platform-client/prepay-order.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { insertAppPrepay, ledgerChange, type PrepayFixture } from './prepay-fixtures.js';

/**
 * The prepay orders (issue 27 item 2): three declared lists of the one ledger, each showing only
 * its change types, with names, filters, exports, and the change orders' vouchers.
 */

const LISTS = {
  change: 'listPrepayChageOrder',
  use: 'listPrepaytUseOrder',
  refund: 'listPrepayRefundOrder',
} as const;
const EXPORTS = {
  change: 'exportPrepayChangeOrder',
  use: 'exportPrepayUseOrder',
  refund: 'exportPrepayRefundOrder',
} as const;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

describe('prepay orders: three views of the ledger', () => {
  let t: TestApp;
  let operator: string;
  let finance: string;
  let other: string;
  let app: PrepayFixture;
  let second: PrepayFixture;

  const list = async (
    kind: keyof typeof LISTS,
    query: Record<string, string> = {},
    token = operator,
  ) =>
    data<{ records: PrepayOrder[]; total: number }>(
      await t.get(`/api/${PREPAY_ORDER}/${LISTS[kind]}`, token, { size: '100', ...query }),
    );
  const mine = (rows: PrepayOrder[]) =>
    rows.filter((r) => [app.appId, second.appId].includes(r.appId));

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    operator = await t.login('operator', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
    const db = t.app.ctx.db;
    app = await insertAppPrepay(db, '000000', 'VIEW1', { prepayType: 2, creditLimit: 100_000 });
    second = await insertAppPrepay(db, '000000', 'VIEW2', { prepayType: 2, creditLimit: 1000 });
    // a top-up with a voucher and an adjustment through the routes, as an operator makes them
    const boundary = '----view';
    const upload = await t.inject({
      method: 'POST',
      url: `/api/${PREPAY_FILE_SIGN}`,
      headers: {
        'blade-auth': `bearer ${operator}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="转账凭证.pdf"\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const { attachId } = data<{ attachId: string }>(upload);
    data(
      await t.post(`/api/${APP_PREPAY}/addRecord`, operator, {
        appId: app.appId,
        amount: 500,
        attachId,
      }),
    );
    data(
      await t.post(`/api/${APP_PREPAY}/saveRecord`, operator, {
        appId: app.appId,
        amount: -20,
        reason: '对账',
      }),
    );
    // what the order paths write
    await ledgerChange(db, '000000', app.appId, -3000, 'order', 'CO0001');
    await ledgerChange(db, '000000', app.appId, -1500, 'order', 'CO0002');
    await ledgerChange(db, '000000', app.appId, 1500, 'fail', 'CO0002');
    await ledgerChange(db, '000000', app.appId, 1000, 'return', 'CO0001');
    await ledgerChange(db, '000000', second.appId, -200, 'order', 'CO0003');
    await ledgerChange(db, '000000', second.appId, 200, 'cancel', 'CO0003');
  }, 60_000);
  afterAll(() => t.close());

  it('shows each list only its types, newest first, with names and signed yuan', async () => {
    const change = mine((await list('change')).records);
    expect(change.map((r) => [r.changeType, r.amount, r.balanceAfter])).toEqual([
      ['adjust', -20, 480],
      ['topup', 500, 500],
    ]);
    expect(change[1]).toMatchObject({
      appName: '应用VIEW1',
      clientName: '接入方VIEW1',
      reason: '预存充值',
      fileName: '转账凭证.pdf',
      createUserName: '王运营',
    });
    const use = mine((await list('use')).records);
    expect(use.map((r) => [r.sourceNo, r.amount]).sort()).toEqual([
      ['CO0001', -30],
      ['CO0002', -15],
      ['CO0003', -2],
    ]);
    const refund = mine((await list('refund')).records);
    expect(refund.map((r) => r.changeType).sort()).toEqual(['cancel', 'fail', 'return']);
    for (const kind of ['change', 'use', 'refund'] as const) {
      const all = (await list(kind)).records.map((r) => r.changeType);
      const allowed = {
        change: ['topup', 'adjust'],
        use: ['order'],
        refund: ['fail', 'return', 'cancel'],
      }[kind];
      expect(
        all.every((c) => allowed.includes(c)),
        kind,
      ).toBe(true);
    }
    // the engine's default names are not served beside the spec's
    expect((await t.get(`/api/${PREPAY_ORDER}/list`, operator)).statusCode).toBe(404);
    expect(
      (await t.get(`/api/${PREPAY_ORDER}/detail`, operator, { id: change[0]!.id })).statusCode,
    ).toBe(404);
  });

  it('filters by app, party, type, order number and time; another type of the list matches nothing', async () => {
    expect(
      mine((await list('use', { appId: second.appId })).records).map((r) => r.sourceNo),
    ).toEqual(['CO0003']);
    expect(
      (await list('refund', { clientId: app.clientId })).records.map((r) => r.changeType).sort(),
    ).toEqual(['fail', 'return']);
    expect(mine((await list('refund', { changeType: 'fail' })).records)).toHaveLength(1);
    expect((await list('refund', { changeType: 'order' })).total).toBe(0);
    expect(mine((await list('use', { sourceNo: 'CO0002' })).records)).toHaveLength(1);
    expect(
      mine(
        (
          await list('change', {
            createTime_datege: '2000-01-01 00:00:00',
            createTime_datele: '2000-01-02 00:00:00',
          })
        ).records,
      ),
    ).toHaveLength(0);
    expect(
      mine((await list('change', { createTime_datege: '2000-01-01 00:00:00' })).records),
    ).toHaveLength(2);
  });

  it('exports each list as a task by its spec name, with only its types', async () => {
    const jobs = t.app.exportJobs;
    await jobs.stop();
    const sheets: Record<string, unknown[][]> = {};
    for (const kind of ['change', 'use', 'refund'] as const) {
      const res = await t.post(`/api/${PREPAY_ORDER}/${EXPORTS[kind]}`, operator, {
        appId: app.appId,
      });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      expect(await jobs.drain()).toBe(1);
      const { ticket } = data<{ ticket: string }>(
        await t.post('/api/blade-system/data-export/ticket', operator, undefined, {
          id: data<{ id: string }>(res).id,
        }),
      );
      const file = await t.get('/api/blade-system/data-export/file', undefined, { ticket });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      sheets[kind] = rows;
    }
    expect(sheets.change![0]!.slice(0, 6)).toEqual([
      '时间',
      '应用',
      '接入方',
      '类型',
      '订单号',
      '金额',
    ]);
    expect(sheets.change!.slice(1).map((r) => [r[3], r[5]])).toEqual([
      ['余额调整', -20],
      ['预存充值', 500],
    ]);
    expect(
      sheets
        .use!.slice(1)
        .map((r) => [r[3], r[4], r[5]])
        .sort(),
    ).toEqual([
      ['订单扣款', 'CO0001', -30],
      ['订单扣款', 'CO0002', -15],
    ]);
    expect(
      sheets
        .refund!.slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(['下单失败退回', '退货退款']);
  });

  it('hands out a change order’s voucher once; none for an adjustment without one', async () => {
    const [adjust, topup] = mine((await list('change')).records);
    const files = data<PrepayChangeFile[]>(
      await t.get(`/api/${PREPAY_CHANGE_FILE}`, operator, { id: topup!.id }),
    );
    expect(files.map((f) => [f.fileName, f.expiresIn])).toEqual([['转账凭证.pdf', 60]]);
    const first = await t.get(`/api/${files[0]!.url}`);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(PDF)).toBe(true);
    expect((await t.get(`/api/${files[0]!.url}`)).statusCode).toBe(410);
    expect(data(await t.get(`/api/${PREPAY_CHANGE_FILE}`, operator, { id: adjust!.id }))).toEqual(
      [],
    );
    const order = mine((await list('use')).records)[0]!;
    expect((await t.get(`/api/${PREPAY_CHANGE_FILE}`, operator, { id: order.id })).statusCode).toBe(
      404,
    );
    expect((await t.get(`/api/${PREPAY_CHANGE_FILE}`, other, { id: topup!.id })).statusCode).toBe(
      404,
    );
    expect((await t.get(`/api/${PREPAY_CHANGE_FILE}`, finance, { id: topup!.id })).statusCode).toBe(
      403,
    );
  });

  it('binds the lists to the tenant and the screens', async () => {
    for (const kind of ['change', 'use', 'refund'] as const) {
      expect(mine((await list(kind, {}, other)).records), kind).toHaveLength(0);
      expect((await t.get(`/api/${PREPAY_ORDER}/${LISTS[kind]}`, finance)).statusCode, kind).toBe(
        403,
      );
      expect(
        (await t.post(`/api/${PREPAY_ORDER}/${EXPORTS[kind]}`, finance, {})).statusCode,
        kind,
      ).toBe(403);
    }
  });
});
