import ExcelJS from 'exceljs';
import { supOrderLifecycle } from '../../../../machines/lifecycles/sup-order-machine.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_REPORT_SERVICE,
  type ProjectReportRow,
  type ReportAnswer,
  type SaleDetailRow,
  type SaleReportRow,
  type SaleReturnDetailRow,
} from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import { nextId } from '../../../lib/ids.js';
import { formatDateTime } from '../../../lib/time.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { insertGood, insertSupplier } from '../test-fixtures.js';

const URL = `/api/${ORDER_REPORT_SERVICE}`;

describe('sup-order-report (issue 18 item 5)', () => {
  let t: TestApp;
  let finance: string;
  let supply: string;
  let otherAdmin: string;
  let supA: string;
  let supB: string;
  let goodA: string;
  let goodA2: string;
  let goodB: string;
  let otherSup: string;

  const audit = (createTime: string) => ({
    createUser: null,
    createDept: null,
    createTime,
    updateUser: null,
    updateTime: null,
    status: 1,
    isDeleted: 0,
  });

  /** A supplier order straight into the table; amounts in fen. */
  async function order(
    tenantId: string,
    supId: string,
    goodId: string,
    createTime: string,
    { quantity = 1, market = 0, actual = 0, cost = 0, state = 'success' } = {},
  ) {
    const id = nextId();
    await t.app.ctx.db
      .insertInto('bladeSupOrder')
      .values({
        id,
        tenantId,
        orderNo: `SO${id}`,
        clientOrderId: null,
        clientId: null,
        appId: null,
        supId,
        goodId,
        quantity,
        marketAmount: market,
        actualAmount: actual,
        costAmount: cost,
        refundedQuantity: 0,
        refundedAmount: 0,
        state,
        attempts: 1,
        lastError: null,
        finishTime: createTime,
        remark: null,
        ...audit(createTime),
      })
      .execute();
    return { id, orderNo: `SO${id}` };
  }

  async function refund(
    tenantId: string,
    of: { id: string; orderNo: string },
    supId: string,
    goodId: string,
    createTime: string,
    { quantity = 1, market = 0, actual = 0, cost = 0, state = 'refunded' } = {},
  ) {
    const id = nextId();
    await t.app.ctx.db
      .insertInto('bladeSupReturnOrder')
      .values({
        id,
        tenantId,
        returnNo: `RT${id}`,
        orderId: of.id,
        orderNo: of.orderNo,
        supId,
        goodId,
        quantity,
        marketAmount: market,
        actualAmount: actual,
        costAmount: cost,
        reason: '客户退货',
        state,
        failReason: null,
        finishTime: createTime,
        ...audit(createTime),
      })
      .execute();
    return `RT${id}`;
  }

  const page = async <Row>(call: string, query: Record<string, string>, token = finance) => {
    const res = await t.get(`${URL}/${call}`, token, query);
    expect(res.statusCode, res.body).toBe(200);
    return data<ReportAnswer<Row>>(res);
  };
  const OCTOBER = { createTime_dategt: '2025-10-01', createTime_datelt: '2025-10-31' };
  let refundNo: string;

  beforeAll(async () => {
    t = await createTestApp();
    finance = await t.login('finance', DEMO_PASSWORD);
    supply = await t.login('supply', DEMO_PASSWORD);
    otherAdmin = await t.tenantAdminToken();
    const db = t.app.ctx.db;
    supA = await insertSupplier(db, '000000', 'RPA');
    supB = await insertSupplier(db, '000000', 'RPB');
    goodA = await insertGood(db, '000000', supA, 'RGA');
    goodA2 = await insertGood(db, '000000', supA, 'RGA2');
    goodB = await insertGood(db, '000000', supB, 'RGB');
    otherSup = await insertSupplier(db, '100001', 'RPX');
    const otherGood = await insertGood(db, '100001', otherSup, 'RGX');

    // Supplier A, 5 October: three sales whose amounts a float sum would get wrong.
    const first = await order('000000', supA, goodA, '2025-10-05 09:00:00', {
      market: 30,
      actual: 10,
      cost: 10,
    });
    await order('000000', supA, goodA, '2025-10-05 12:00:00', { market: 30, actual: 20, cost: 10 });
    await order('000000', supA, goodA, '2025-10-05 23:59:59', {
      quantity: 2,
      market: 30,
      actual: 40,
      cost: 10,
    });
    // Not sold: failed, pending, deleted.
    await order('000000', supA, goodA, '2025-10-05 10:00:00', { market: 999, state: 'failed' });
    await order('000000', supA, goodA, '2025-10-05 10:00:00', { market: 999, state: 'pending' });
    const gone = await order('000000', supA, goodA, '2025-10-05 10:00:00', { market: 999 });
    await db.updateTable('bladeSupOrder').set({ isDeleted: 1 }).where('id', '=', gone.id).execute();
    // Supplier A, another good; supplier B; a refunded order still counts as sold.
    await order('000000', supA, goodA2, '2025-10-06 08:00:00', {
      market: 500,
      actual: 450,
      cost: 400,
    });
    await order('000000', supB, goodB, '2025-10-06 08:00:00', {
      quantity: 3,
      market: 3000,
      actual: 2700,
      cost: 2400,
      state: 'refunded',
    });
    // Outside October (the 31-day clamp), and November for the project report.
    await order('000000', supA, goodA, '2025-09-15 08:00:00', { market: 7777, actual: 7777 });
    await order('000000', supA, goodA, '2025-11-02 08:00:00', {
      market: 100,
      actual: 90,
      cost: 80,
    });
    // Refunds: one completed on 7 October, one still requested (not counted).
    refundNo = await refund('000000', first, supA, goodA, '2025-10-07 10:00:00', {
      market: 30,
      actual: 10,
      cost: 10,
    });
    await refund('000000', first, supA, goodA, '2025-10-07 11:00:00', {
      market: 999,
      state: 'requested',
    });
    // Another tenant's sales on the same days.
    await order('100001', otherSup, otherGood, '2025-10-05 09:00:00', { market: 55555 });
  }, 60_000);
  afterAll(() => t.close());

  it('sums every matching sale exactly in SQL (0.1 + 0.2 + 0.4 is 0.70), not just the page', async () => {
    const answer = await page<SaleReportRow>('saleReportPage', {
      ...OCTOBER,
      supId: supA,
      goodId: goodA,
    });
    expect(answer.sums).toEqual({
      quantity: 4,
      marketAmount: '0.90',
      discountAmount: '0.20',
      actualAmount: '0.70',
      costPrice: '0.30',
      profit: '0.40',
    });
    expect(answer.records).toEqual([
      {
        id: `2025-10-05_${supA}_${goodA}`,
        day: '2025-10-05',
        supId: supA,
        supName: '供应商RPA',
        goodId: goodA,
        goodName: '商品RGA',
        orderCount: 3,
        quantity: 4,
        marketAmount: 0.9,
        discountAmount: 0.2,
        actualAmount: 0.7,
        costPrice: 0.3,
        profit: 0.4,
      },
    ]);
    // A page of one row still answers the sums of all three groups of October.
    const all = await page<SaleReportRow>('saleReportPage', { ...OCTOBER, size: '1' });
    expect(all.total).toBe(3);
    expect(all.records).toHaveLength(1);
    expect(all.sums).toEqual({
      quantity: 8,
      marketAmount: '35.90',
      discountAmount: '3.70',
      actualAmount: '32.20',
      costPrice: '28.30',
      profit: '3.90',
    });
  });

  it('groups per day, supplier and good, newest day first, and filters by supplier', async () => {
    const answer = await page<SaleReportRow>('saleReportPage', OCTOBER);
    expect(answer.records.map((r) => [r.day, r.supName, r.goodName, r.orderCount])).toEqual([
      ['2025-10-06', '供应商RPA', '商品RGA2', 1],
      ['2025-10-06', '供应商RPB', '商品RGB', 1],
      ['2025-10-05', '供应商RPA', '商品RGA', 3],
    ]);
    const b = await page<SaleReportRow>('saleReportPage', { ...OCTOBER, supId: supB });
    expect(b.records.map((r) => r.supId)).toEqual([supB]);
    expect(b.sums.actualAmount).toBe('27.00');
  });

  it('draws the charts from every matching row: per day and per supplier', async () => {
    const answer = await page<SaleReportRow>('saleReportPage', OCTOBER);
    expect(answer.chart.unit).toBe('day');
    expect(answer.chart.byPeriod).toEqual([
      { period: '2025-10-05', quantity: 4, actualAmount: 0.7, costPrice: 0.3 },
      { period: '2025-10-06', quantity: 4, actualAmount: 31.5, costPrice: 28 },
    ]);
    expect(answer.chart.bySupplier).toEqual([
      { supId: supB, supName: '供应商RPB', quantity: 3, actualAmount: 27, costPrice: 24 },
      { supId: supA, supName: '供应商RPA', quantity: 5, actualAmount: 5.2, costPrice: 4.3 },
    ]);
    const empty = await page<SaleReportRow>('saleReportPage', {
      createTime_dategt: '2025-08-01',
      createTime_datelt: '2025-08-31',
    });
    expect(empty).toMatchObject({ total: 0, records: [] });
    expect(empty.chart).toEqual({ unit: 'day', byPeriod: [], bySupplier: [] });
    expect(empty.sums).toEqual({
      quantity: 0,
      marketAmount: '0.00',
      discountAmount: '0.00',
      actualAmount: '0.00',
      costPrice: '0.00',
      profit: '0.00',
    });
  });

  it('cuts a range over 31 days to the 31 days ending at its end; defaults to the last 30 days', async () => {
    const long = await page<SaleReportRow>('saleReportPage', {
      createTime_dategt: '2025-09-01',
      createTime_datelt: '2025-10-31',
    });
    expect(long.range).toEqual({ start: '2025-10-01', end: '2025-10-31' });
    expect(long.records.some((r) => r.day === '2025-09-15')).toBe(false);
    const september = await page<SaleReportRow>('saleReportPage', {
      createTime_dategt: '2025-09-01 00:00:00',
      createTime_datelt: '2025-09-30 23:59:59',
    });
    expect(september.sums.marketAmount).toBe('77.77');
    const today = formatDateTime(new Date()).slice(0, 10);
    const standard = await page<SaleReportRow>('saleReportPage', {});
    expect(standard.range.end).toBe(today);
    const days =
      (Date.parse(standard.range.end) - Date.parse(standard.range.start)) / 86_400_000 + 1;
    expect(days).toBe(30);
    expect(
      (await t.get(`${URL}/saleReportPage`, finance, { createTime_dategt: '2025-02-30' }))
        .statusCode,
    ).toBe(400);
  });

  it('answers the refunds per day and as rows; requested refunds do not count', async () => {
    const returns = await page<SaleReportRow>('saleReturnReportPage', OCTOBER);
    expect(returns.records.map((r) => [r.day, r.supId, r.orderCount, r.quantity])).toEqual([
      ['2025-10-07', supA, 1, 1],
    ]);
    expect(returns.sums).toEqual({
      quantity: 1,
      marketAmount: '0.30',
      discountAmount: '0.20',
      actualAmount: '0.10',
      costPrice: '0.10',
      profit: '0.00',
    });
    const rows = await page<SaleReturnDetailRow>('saleReturnDetailReportPage', OCTOBER);
    expect(rows.records).toHaveLength(1);
    expect(rows.records[0]).toMatchObject({
      returnNo: refundNo,
      supName: '供应商RPA',
      goodName: '商品RGA',
      reason: '客户退货',
      marketAmount: 0.3,
      createTime: '2025-10-07 10:00:00',
    });
    const byNo = await page<SaleReturnDetailRow>('saleReturnDetailReportPage', {
      ...OCTOBER,
      returnNo: 'RT-none',
    });
    expect(byNo.total).toBe(0);
  });

  it('lists the sold orders as rows with the sums over all of them', async () => {
    const rows = await page<SaleDetailRow>('saleDetailReportPage', { ...OCTOBER, size: '2' });
    expect(rows.total).toBe(5);
    expect(rows.records).toHaveLength(2);
    expect(rows.records.map((r) => r.createTime)).toEqual([
      '2025-10-06 08:00:00',
      '2025-10-06 08:00:00',
    ]);
    expect(rows.sums.quantity).toBe(8);
    expect(rows.sums.actualAmount).toBe('32.20');
    const one = rows.records[0]!;
    const byNo = await page<SaleDetailRow>('saleDetailReportPage', {
      ...OCTOBER,
      orderNo: one.orderNo,
    });
    expect(byNo.records.map((r) => r.id)).toEqual([one.id]);
  });

  it('nets sales and refunds per supplier and month in the project report', async () => {
    const answer = await page<ProjectReportRow>('list', {
      month_dategt: '2025-10',
      month_datelt: '2025-11-30 23:59:59',
    });
    expect(answer.range).toEqual({ start: '2025-10', end: '2025-11' });
    const rows = answer.records.filter((r) => r.supId === supA || r.supId === supB);
    expect(rows).toEqual([
      {
        id: `${supA}_2025-11`,
        month: '2025-11',
        supId: supA,
        supName: '供应商RPA',
        quantity: 1,
        marketAmount: 1,
        discountAmount: 0.1,
        actualAmount: 0.9,
        costPrice: 0.8,
        profit: 0.1,
        invoiceRemark: null,
      },
      {
        // Sold 5 (0.90 + 5.00 face), refunded 1 (0.30 face) in October.
        id: `${supA}_2025-10`,
        month: '2025-10',
        supId: supA,
        supName: '供应商RPA',
        quantity: 4,
        marketAmount: 5.6,
        discountAmount: 0.5,
        actualAmount: 5.1,
        costPrice: 4.2,
        profit: 0.9,
        invoiceRemark: null,
      },
      expect.objectContaining({ id: `${supB}_2025-10`, quantity: 3, profit: 3 }),
    ]);
    expect(answer.chart.unit).toBe('month');
    const only = await page<ProjectReportRow>('list', {
      month_dategt: '2025-10',
      month_datelt: '2025-10',
      supId: supA,
    });
    expect(only.records.map((r) => r.id)).toEqual([`${supA}_2025-10`]);
    expect(only.sums).toEqual({
      quantity: 4,
      marketAmount: '5.60',
      discountAmount: '0.50',
      actualAmount: '5.10',
      costPrice: '4.20',
      profit: '0.90',
    });
    expect(only.chart.byPeriod).toEqual([
      { period: '2025-10', quantity: 4, actualAmount: 5.1, costPrice: 4.2 },
    ]);
  });

  it('sets, replaces and clears a row’s invoice remark', async () => {
    const id = `${supA}_2025-10`;
    const remarkOf = async () =>
      (
        await page<ProjectReportRow>('list', {
          month_dategt: '2025-10',
          month_datelt: '2025-10',
          supId: supA,
        })
      ).records[0]!.invoiceRemark;
    expect(
      (await t.post(`${URL}/remarkInvoice`, finance, { id, remark: ' 已开票 ' })).statusCode,
    ).toBe(200);
    expect(await remarkOf()).toBe('已开票');
    await t.post(`${URL}/remarkInvoice`, finance, { id, remark: '发票号 0001' });
    expect(await remarkOf()).toBe('发票号 0001');
    const empty = await t.post(`${URL}/remarkInvoice`, finance, { id, remark: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('remark:请输入开票备注');
    const long = await t.post(`${URL}/remarkInvoice`, finance, { id, remark: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(
      (await t.post(`${URL}/remarkInvoice`, finance, { id: 'no-month', remark: 'x' })).statusCode,
    ).toBe(400);
    expect((await t.post(`${URL}/remarkClear`, finance, { id })).statusCode).toBe(200);
    expect(await remarkOf()).toBeNull();
  });

  it('keeps tenants apart: another tenant sees none of these rows and gets 404 for their ids', async () => {
    const other = await page<SaleReportRow>('saleReportPage', OCTOBER, otherAdmin);
    expect(other.records.map((r) => r.supId)).toEqual([otherSup]);
    expect(other.sums.marketAmount).toBe('555.55');
    const asked = await page<SaleReportRow>(
      'saleReportPage',
      { ...OCTOBER, supId: supA },
      otherAdmin,
    );
    expect(asked.total).toBe(0);
    const id = `${supA}_2025-10`;
    expect(
      (await t.post(`${URL}/remarkInvoice`, otherAdmin, { id, remark: '越权' })).statusCode,
    ).toBe(404);
    expect((await t.post(`${URL}/remarkClear`, otherAdmin, { id })).statusCode).toBe(404);
    expect(
      (await t.post(`${URL}/export-sup-order-report-details/${id}`, otherAdmin)).statusCode,
    ).toBe(404);
    const mine = await page<SaleReportRow>('saleReportPage', OCTOBER);
    expect(mine.records.some((r) => r.supId === otherSup)).toBe(false);
  });

  it('offers the tenant’s suppliers and goods for the filters', async () => {
    const sups = data<{ id: string; supName: string }[]>(
      await t.get(`${URL}/sup-options`, finance),
    );
    expect(sups.map((s) => s.id)).toEqual(expect.arrayContaining([supA, supB]));
    expect(sups.some((s) => s.id === otherSup)).toBe(false);
    const goods = data<{ id: string }[]>(
      await t.get(`${URL}/good-options`, finance, { supId: supA }),
    );
    expect(goods.map((g) => g.id).sort()).toEqual([goodA, goodA2].sort());
    expect((await t.get(`${URL}/sup-options`, supply)).statusCode).toBe(403);
  });

  it('needs the project report codes (403 without them)', async () => {
    for (const call of [
      'list',
      'saleReportPage',
      'saleReturnReportPage',
      'saleDetailReportPage',
      'saleReturnDetailReportPage',
    ])
      expect((await t.get(`${URL}/${call}`, supply)).statusCode).toBe(403);
    const id = `${supA}_2025-10`;
    expect((await t.post(`${URL}/remarkInvoice`, supply, { id, remark: 'x' })).statusCode).toBe(
      403,
    );
    expect((await t.post(`${URL}/remarkClear`, supply, { id })).statusCode).toBe(403);
    expect((await t.post(`${URL}/export-sale-report`, supply)).statusCode).toBe(403);
    expect((await t.post(`${URL}/export-sup-order-report-details/${id}`, supply)).statusCode).toBe(
      403,
    );
    expect((await t.get(`${URL}/list`)).statusCode).toBe(401);
  });

  async function sheet(id: string): Promise<unknown[][]> {
    // A worker of the test server may have taken the task already: run what is queued until
    // the task is finished.
    for (let i = 0; i < 100; i++) {
      await t.app.exportJobs.drain();
      const tasks = data<{ records: { id: string; status: string }[] }>(
        await t.get('/api/blade-system/data-export/list', finance, { size: '100' }),
      ).records;
      if (tasks.find((task) => task.id === id)?.status === '文件已生成') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { ticket } = data<{ ticket: string }>(
      await t.post('/api/blade-system/data-export/ticket', finance, undefined, { id }),
    );
    const res = await t.get('/api/blade-system/data-export/file', undefined, { ticket });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const out: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  }

  it('exports a report as filtered, and the orders and refunds behind one project row', async () => {
    const res = await t.post(`${URL}/export-sale-report`, finance, undefined, {
      ...OCTOBER,
      supId: supA,
      goodId: goodA,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sheet(data<{ id: string }>(res).id);
    expect(rows[0]).toEqual([
      '日期',
      '供应商',
      '商品',
      '订单数',
      '数量',
      '面值金额',
      '优惠金额',
      '实收金额',
      '成本金额',
      '毛利',
    ]);
    expect(rows.slice(1)).toEqual([
      ['2025-10-05', '供应商RPA', '商品RGA', 3, 4, 0.9, 0.2, 0.7, 0.3, 0.4],
    ]);

    const async = await t.post(`${URL}/excel/export/async`, finance, undefined, {
      excelType: 'export-sale-return-detail-report',
      ...OCTOBER,
    });
    expect(async.statusCode, async.body).toBe(200);
    expect((await sheet(data<{ id: string }>(async).id)).length).toBe(2);

    // The orders' sheet names each state as its lifecycle does, never the machine's id.
    const orders = await t.post(`${URL}/excel/export/async`, finance, undefined, {
      excelType: 'export-sale-detail-report',
      ...OCTOBER,
    });
    expect(orders.statusCode, orders.body).toBe(200);
    const orderRows = await sheet(data<{ id: string }>(orders).id);
    const stateAt = orderRows[0]!.indexOf('订单状态');
    expect(stateAt).toBeGreaterThanOrEqual(0);
    const shown = new Set(orderRows.slice(1).map((row) => row[stateAt]));
    const names = Object.values(supOrderLifecycle.states).map((s) => s.zh);
    expect(shown.size).toBeGreaterThan(0);
    for (const value of shown) expect(names).toContain(value);

    const details = await t.post(`${URL}/export-sup-order-report-details/${supA}_2025-10`, finance);
    expect(details.statusCode, details.body).toBe(200);
    const lines = await sheet(data<{ id: string }>(details).id);
    expect(lines[0]![0]).toBe('类型');
    expect(lines.slice(1).map((l) => l[0])).toEqual(['销售', '销售', '销售', '销售', '退货']);
    expect(lines.at(-1)![1]).toBe(refundNo);
  });
});
