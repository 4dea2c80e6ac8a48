import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUP_ORDER } from '../../../../src/contracts/platform-supplier/sup-order.js';
import { SUP_RETURN_ORDER } from '../../../../src/contracts/platform-supplier/sup-return-order.js';
import { fieldEntries } from '../../../../src/contracts/resource-contract.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { MONEY_FORMAT } from '../../../lib/export/index.js';
import { insertBalance, insertCodes, insertGood, insertSupplier } from '../test-fixtures.js';
import { fulfil } from './fulfil.js';

/**
 * Issue 25 item 11: an order says what the client got back (实退金额: its refunds' actualAmount)
 * apart from the cost credited back to the supplier's balance (退回成本, the stored
 * refunded_amount); exported amounts are numbers in Excel's money format, in every exporter of
 * a contract with money fields.
 */
describe('money columns of orders and exports (issue 25 item 11)', () => {
  let t: TestApp;
  let supply: string;
  const T = '000000';

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    supply = await t.login('supply', DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  /** An order of 2 codes: face 50.00, the client paid 47.50 a code, the cost 48.50 a code. */
  async function refundedOrder(code: string) {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, code);
    const goodId = await insertGood(db, T, supId, `${code}-G`, {
      marketAmount: 5000,
      costPrice: 4850,
    });
    await insertCodes(t.app.ctx, T, supId, goodId, 2);
    await insertBalance(db, T, supId, 1_000_000);
    const out = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 2, actualAmount: 9500 });
    const refund = await t.inject({
      method: 'POST',
      url: `/api/${SUP_RETURN_ORDER}/order-refund`,
      headers: { 'blade-auth': `bearer ${supply}`, 'idempotency-key': `${code}-refund-1` },
      payload: { orderId: out.order.id, quantity: 1, reason: '客户退款' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    return { supId, order: out.order };
  }

  it('answers what the client got back beside the cost returned, in the list and the detail', async () => {
    const { order } = await refundedOrder('MNY1');
    const list = data<{ records: Record<string, unknown>[] }>(
      await t.get(`/api/${SUP_ORDER}/list`, supply, { orderNo: order.orderNo }),
    );
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({
      refundedQuantity: 1,
      refundedActualAmount: 47.5,
      refundedAmount: 48.5,
    });
    const detail = data<Record<string, unknown>>(
      await t.get(`/api/${SUP_ORDER}/detail`, supply, { id: order.id }),
    );
    expect(detail).toMatchObject({ refundedActualAmount: 47.5, refundedAmount: 48.5 });
  });

  it('labels the two refunded amounts by what they are', async () => {
    const { supOrderContract } =
      await import('../../../../src/contracts/platform-supplier/sup-order.js');
    const labels = Object.fromEntries(fieldEntries(supOrderContract).map(([k, f]) => [k, f.label]));
    expect(labels.refundedActualAmount).toEqual({ zh: '实退金额', en: 'Refunded to client' });
    expect(labels.refundedAmount).toEqual({ zh: '退回成本', en: 'Cost returned' });
  });

  async function sheetCells(id: string) {
    for (let i = 0; i < 100; i++) {
      await t.app.exportJobs.drain();
      const tasks = data<{ records: { id: string; status: string }[] }>(
        await t.get('/api/blade-system/data-export/list', supply, { size: '100' }),
      ).records;
      if (tasks.find((task) => task.id === id)?.status === '文件已生成') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { ticket } = data<{ ticket: string }>(
      await t.post('/api/blade-system/data-export/ticket', supply, undefined, { id }),
    );
    const res = await t.get('/api/blade-system/data-export/file', undefined, { ticket });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: ExcelJS.Row[] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push(row));
    return rows;
  }

  it('exports amounts as numbers with two decimals and separators (#,##0.00)', async () => {
    const { supId, order } = await refundedOrder('MNY2');
    const res = await t.inject({
      method: 'POST',
      url: `/api/${SUP_ORDER}/export-sup-order`,
      headers: { 'blade-auth': `bearer ${supply}`, 'idempotency-key': 'MNY2-export' },
      payload: { supId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sheetCells(data<{ id: string }>(res).id);
    const headers = (rows[0]!.values as unknown[]).slice(1);
    const cell = (header: string) => rows[1]!.getCell(headers.indexOf(header) + 1);
    expect(rows[1]!.getCell(1).value).toBe(order.orderNo);
    for (const [header, value] of [
      ['面值金额', 100],
      ['实付金额', 95],
      ['成本金额', 97],
      ['实退金额', 47.5],
      ['退回成本', 48.5],
    ] as const) {
      expect(cell(header).value, header).toBe(value);
      expect(cell(header).numFmt, header).toBe(MONEY_FORMAT);
    }
    // Not money: no money format.
    expect(cell('数量').value).toBe(2);
    expect(cell('数量').numFmt ?? '').not.toBe(MONEY_FORMAT);
  });

  it('gives every money field of every contract export the money format, and nothing else', async () => {
    const modules = import.meta.glob(
      ['../../../../src/contracts/**/*.ts', '!../../../../src/contracts/**/*.test.ts'],
      { eager: true },
    );
    let checked = 0;
    for (const module of Object.values(modules))
      for (const contract of Object.values(module as Record<string, unknown>)) {
        const c = contract as {
          service?: string;
          fields?: object;
          export?: { excelType: string };
        };
        if (!c || typeof c !== 'object' || !c.fields || !c.service || !c.export) continue;
        const exporter = t.app.exportJobs.exporter(c.service, c.export.excelType);
        if (!exporter) continue;
        const exported = fieldEntries(c as { fields: object }).filter(([, f]) => f.export);
        expect(
          exporter.columns.map((col) => col.header),
          c.service,
        ).toEqual(exported.map(([, f]) => f.label.zh));
        exported.forEach(([name, f], i) =>
          expect(exporter.columns[i]!.numFmt, `${c.service} ${name}`).toBe(
            f.kind === 'money' ? MONEY_FORMAT : undefined,
          ),
        );
        if (exported.some(([, f]) => f.kind === 'money')) checked += 1;
      }
    // Orders, refunds, error orders, goods, balances, ledgers, the five reports at least.
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
