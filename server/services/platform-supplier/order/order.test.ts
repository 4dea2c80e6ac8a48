import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUP_ERROR_ORDER,
  WARNING_ERROR_ORDER,
  WARNING_GET,
} from '../../../../src/contracts/platform-supplier/sup-error-order.js';
import { SUP_ORDER } from '../../../../src/contracts/platform-supplier/sup-order.js';
import { SUP_RETURN_ORDER } from '../../../../src/contracts/platform-supplier/sup-return-order.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { ledgerMismatches } from '../balance/ledger.js';
import { codeDigest } from '../coupon-code/code-crypto.js';
import { insertBalance, insertCodes, insertGood, insertSupplier } from '../test-fixtures.js';
import { fulfil } from './fulfil.js';
import { orderMismatches } from './invariants.js';

/**
 * Issue 18 item 3 (server): fulfilment's rules, the order, refund and error-order routes as a
 * client sees them, and their refusals (409 from the machines, 404 for another tenant's ids, 403
 * without the button).
 */
describe('supplier orders, refunds and error orders', () => {
  let t: TestApp;
  let supply: string; // supplier_manager of tenant 000000
  let sales: string; // tenant 100001, no supplier buttons
  let other: string; // administrator of tenant 100001
  const T = '000000';

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    supply = await t.login('supply', DEMO_PASSWORD);
    sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    other = await t.tenantAdminToken();
  }, 60_000);
  afterAll(() => t.close());

  const url = (service: string, call: string) => `/api/${service}/${call}`;
  const post = (service: string, call: string, body: unknown, token = supply, key?: string) =>
    t.inject({
      method: 'POST',
      url: url(service, call),
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const msg = (res: { json(): unknown }) => (res.json() as { msg: string }).msg;

  async function setUp(code: string, codes: number, balance = 1_000_000, prices = {}) {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, code);
    const goodId = await insertGood(db, T, supId, `${code}-G`, {
      marketAmount: 5000,
      costPrice: 4000,
      ...prices,
    });
    const stock = codes ? await insertCodes(t.app.ctx, T, supId, goodId, codes) : undefined;
    await insertBalance(db, T, supId, balance);
    return { supId, goodId, codes: stock?.codes ?? [] };
  }
  const balanceOf = async (supId: string) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bladeSupBalanceTotal')
          .select('balance')
          .where('tenantId', '=', T)
          .where('supId', '=', supId)
          .executeTakeFirstOrThrow()
      ).balance,
    );

  describe('fulfil', () => {
    it('takes the codes ending soonest, skips expired ones and answers them in plain text', async () => {
      const { supId, goodId } = await setUp('FUL1', 0);
      const ctx = t.app.ctx;
      await insertCodes(ctx, T, supId, goodId, 2, {
        prefix: 'LATE',
        validEnd: '2099-12-31 23:59:59',
      });
      await insertCodes(ctx, T, supId, goodId, 2, {
        prefix: 'SOON',
        validEnd: '2090-01-01 00:00:00',
      });
      await insertCodes(ctx, T, supId, goodId, 2, {
        prefix: 'GONE',
        validEnd: '2000-01-01 00:00:00',
      });
      const out = await fulfil(ctx, {
        tenantId: T,
        goodId,
        quantity: 3,
        actualAmount: 14_900,
        clientOrderId: 'CLIENT-1',
      });
      expect(out.error).toBeUndefined();
      expect(out.codes.map((c) => c.code)).toEqual(['SOON-0001', 'SOON-0002', 'LATE-0001']);
      expect(out.order).toMatchObject({
        state: 'success',
        quantity: 3,
        marketAmount: 15_000,
        actualAmount: 14_900,
        costAmount: 12_000,
        attempts: 1,
        clientOrderId: 'CLIENT-1',
      });
      expect(out.order.orderNo).toMatch(/^SO\d{8}\d+$/);
      expect(await balanceOf(supId)).toBe(1_000_000 - 12_000);
      // Four left, two of them expired: an order of three fails and takes nothing.
      const more = await fulfil(ctx, { tenantId: T, goodId, quantity: 2, actualAmount: 0 });
      expect(more.error).toBe('券码库存不足：可用1张，需要2张');
      expect(await balanceOf(supId)).toBe(1_000_000 - 12_000);
    });

    it('charges the good own quota when its balance type is 2', async () => {
      const { db } = t.app.ctx;
      const { supId, goodId } = await setUp('FULQ', 2);
      await db
        .insertInto('bladeSupGoodBalanceTotal')
        .values({
          id: `gq-${goodId}`,
          tenantId: T,
          supId,
          goodId,
          balance: 0,
          overdraftLimit: 0,
          warningAmount: null,
          balanceType: 2,
          createUser: null,
          createDept: null,
          createTime: '2026-01-01 00:00:00',
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted: 0,
        })
        .execute();
      const empty = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      expect(empty.error).toMatch(/^余额不足：当前余额0\.00元/);
      await db
        .updateTable('bladeSupGoodBalanceTotal')
        .set({ overdraftLimit: 10_000 })
        .where('goodId', '=', goodId)
        .execute();
      const out = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      expect(out.error).toBeUndefined();
      expect(await balanceOf(supId)).toBe(1_000_000); // the supplier's balance is untouched
      const quota = await db
        .selectFrom('bladeSupGoodBalanceTotal')
        .select('balance')
        .where('goodId', '=', goodId)
        .executeTakeFirstOrThrow();
      expect(Number(quota.balance)).toBe(-4000);
      // Refunded to the same quota.
      const res = await post(SUP_RETURN_ORDER, 'order-refund', {
        orderId: out.order.id,
        reason: '退',
      });
      expect(res.statusCode).toBe(200);
      const after = await db
        .selectFrom('bladeSupGoodBalanceTotal')
        .select('balance')
        .where('goodId', '=', goodId)
        .executeTakeFirstOrThrow();
      expect(Number(after.balance)).toBe(0);
      expect(await ledgerMismatches(db, T)).toEqual([]);
      expect(await orderMismatches(db, T)).toEqual([]);
    });

    it('interface cards: fetched from the driver, stored sealed as issued codes of an interface batch', async () => {
      const { supId, goodId } = await setUp('FULIF', 0, 1_000_000, { goodType: 3 });
      const out = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 2, actualAmount: 0 });
      expect(out.error).toBeUndefined();
      expect(out.codes).toHaveLength(2);
      expect(out.codes[0]!.code).toMatch(/^SBX\d{16}$/);
      const rows = await t.app.ctx.db
        .selectFrom('bladeSupCouponCode as c')
        .innerJoin('bladeSupBatchCouponCode as b', 'b.id', 'c.batchId')
        .select(['c.codeCipher', 'c.codeDigest', 'c.state', 'c.orderId', 'b.source'])
        .where('c.goodId', '=', goodId)
        .execute();
      expect(rows).toHaveLength(2);
      for (const r of rows) {
        expect(r).toMatchObject({ state: 'issued', orderId: out.order.id, source: 'interface' });
        expect(r.codeCipher).not.toContain('SBX');
      }
      expect(rows.map((r) => r.codeDigest).sort()).toEqual(
        out.codes.map((c) => codeDigest(t.app.ctx, c.code)).sort(),
      );
      expect(await balanceOf(supId)).toBe(1_000_000 - 8000);
    });

    it('a supplier interface that refuses fails the order cleanly with an open error order', async () => {
      const { db } = t.app.ctx;
      const supId = await insertSupplier(db, T, 'FULIFX', 'sandbox://?failureRate=1');
      const goodId = await insertGood(db, T, supId, 'FULIFX-G', { goodType: 3 });
      await insertBalance(db, T, supId, 100_000);
      const out = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      expect(out.order.state).toBe('failed');
      expect(out.error).toBeTruthy();
      expect(out.order.lastError).toBe(out.error);
      const codes = await db
        .selectFrom('bladeSupCouponCode')
        .select('id')
        .where('goodId', '=', goodId)
        .execute();
      expect(codes).toEqual([]);
      expect(await balanceOf(supId)).toBe(100_000);
      const errors = await db
        .selectFrom('bladeSupErrorOrder')
        .select(['state', 'errorMsg'])
        .where('orderId', '=', out.order.id)
        .execute();
      expect(errors).toEqual([{ state: 'open', errorMsg: out.error }]);
    });

    it('refuses a bad quantity and another tenant good', async () => {
      const { goodId } = await setUp('FULBAD', 1);
      await expect(
        fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 0, actualAmount: 0 }),
      ).rejects.toThrow('数量须为1到1000的整数');
      await expect(
        fulfil(t.app.ctx, { tenantId: DEMO_TENANT, goodId, quantity: 1, actualAmount: 0 }),
      ).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  describe('sup-order routes', () => {
    it('lists with filters, names, yuan amounts, state names and code counts; another tenant sees none', async () => {
      const { supId, goodId } = await setUp('LIST1', 2);
      const ok1 = await fulfil(t.app.ctx, {
        tenantId: T,
        goodId,
        quantity: 2,
        actualAmount: 9990,
        clientOrderId: 'LIST1-C',
      });
      const bad = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const page = data<{ total: number; records: Record<string, unknown>[] }>(
        await t.get(url(SUP_ORDER, 'list'), supply, { supId, descs: 'orderNo' }),
      );
      expect(page.total).toBe(2);
      expect(page.records[0]).toMatchObject({
        id: bad.order.id,
        state: 'failed',
        stateName: '失败',
        codeCount: 0,
      });
      expect(page.records[1]).toMatchObject({
        id: ok1.order.id,
        supName: '供应商LIST1',
        goodName: '商品LIST1-G',
        marketAmount: 100,
        actualAmount: 99.9,
        costAmount: 80,
        state: 'success',
        stateName: '成功',
        codeCount: 2,
      });
      const bySuccess = data<{ total: number }>(
        await t.get(url(SUP_ORDER, 'list'), supply, { goodId, state: 'success' }),
      );
      expect(bySuccess.total).toBe(1);
      const byClient = data<{ total: number }>(
        await t.get(url(SUP_ORDER, 'list'), supply, { clientOrderId: 'LIST1-C' }),
      );
      expect(byClient.total).toBe(1);
      // The palette's o: look-up: order or client order numbers by prefix, case ignored.
      const prefix = async (params: Record<string, string>) =>
        data<{ records: { id: string }[] }>(
          await t.get(url(SUP_ORDER, 'list'), supply, { supId, ...params }),
        ).records.map((r) => r.id);
      expect(await prefix({ clientOrderId_likeright: 'list1-' })).toEqual([ok1.order.id]);
      expect(await prefix({ clientOrderId_likeright: 'IST1-C' })).toEqual([]);
      const orderNo = String(page.records[1]!.orderNo);
      expect(await prefix({ orderNo_likeright: orderNo.toLowerCase() })).toEqual([ok1.order.id]);
      expect(await prefix({ orderNo_likeright: orderNo.slice(1) })).toEqual([]);
      const byTime = data<{ total: number }>(
        await t.get(url(SUP_ORDER, 'list'), supply, {
          goodId,
          createTime_datege: '2099-01-01 00:00:00',
        }),
      );
      expect(byTime.total).toBe(0);
      const foreign = data<{ total: number }>(
        await t.get(url(SUP_ORDER, 'list'), other, { supId }),
      );
      expect(foreign.total).toBe(0);
      expect((await t.get(url(SUP_ORDER, 'list'), sales)).statusCode).toBe(403);
    });

    it('detail answers the codes in full to a holder of both view buttons; 404 for another tenant', async () => {
      const { goodId } = await setUp('DET1', 1);
      const out = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const shown = data<{ codes: { code: string; masked: boolean; stateName: string }[] }>(
        await t.get(url(SUP_ORDER, 'detail'), supply, { id: out.order.id }),
      );
      expect(shown.codes).toEqual([
        expect.objectContaining({ code: out.codes[0]!.code, masked: false, stateName: '已发放' }),
      ]);
      expect((await t.get(url(SUP_ORDER, 'get'), other, { id: out.order.id })).statusCode).toBe(
        404,
      );
    });

    it('reissue: a failed order is fulfilled in place once codes arrive; a successful one is refused', async () => {
      const { supId, goodId } = await setUp('REI1', 0);
      const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      expect(failed.order.state).toBe('failed');
      const still = await post(SUP_ORDER, 'reissue', { id: failed.order.id });
      expect(still.statusCode).toBe(400);
      expect(msg(still)).toBe('券码库存不足：可用0张，需要1张');
      await insertCodes(t.app.ctx, T, supId, goodId, 1);
      const again = await post(SUP_ORDER, 'reissue', { id: failed.order.id }, supply, 'rei-1');
      expect(again.statusCode).toBe(200);
      expect(data(again)).toMatchObject({
        id: failed.order.id,
        state: 'success',
        attempts: 3,
        costAmount: 40,
      });
      const ledger = await t.app.ctx.db
        .selectFrom('bladeSupBalanceRecord')
        .select(['changeType', 'amount'])
        .where('sourceId', '=', failed.order.id)
        .execute();
      expect(ledger.map((r) => [r.changeType, Number(r.amount)])).toEqual([['reissue', -4000]]);
      const twice = await post(SUP_ORDER, 'reissue', { id: failed.order.id });
      expect(twice.statusCode).toBe(409);
      expect(msg(twice)).toBe('供应商订单当前状态为「成功」，不能执行此操作');
      expect((await post(SUP_ORDER, 'reissue', { id: failed.order.id }, other)).statusCode).toBe(
        404,
      );
      expect((await post(SUP_ORDER, 'reissue', { id: failed.order.id }, sales)).statusCode).toBe(
        403,
      );
    });

    it('resend records the attempt on a successful order; a failed one is refused', async () => {
      const { goodId } = await setUp('RES1', 1);
      const ok1 = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const res = await post(SUP_ORDER, 'resend', { id: ok1.order.id });
      expect(data(res)).toMatchObject({ state: 'success', attempts: 2 });
      expect(String((data(res) as { remark: string }).remark)).toMatch(/^已重发券码/);
      const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const refused = await post(SUP_ORDER, 'resend', { id: failed.order.id });
      expect(refused.statusCode).toBe(409);
      expect(msg(refused)).toBe('供应商订单当前状态为「失败」，不能执行此操作');
      expect((await post(SUP_ORDER, 'resend', { id: ok1.order.id }, sales)).statusCode).toBe(403);
    });

    async function sheet(id: string): Promise<unknown[][]> {
      // A worker of the test server may have taken the task already: run what is queued until
      // the task is finished.
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
      const out: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    }

    it('export-sup-order and export-sup-error-order write the filtered rows; without the button 403', async () => {
      const { supId, goodId } = await setUp('EXP1', 1);
      const ok1 = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 4990 });
      const bad = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const res = await post(SUP_ORDER, 'export-sup-order', { supId });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await sheet(data<{ id: string }>(res).id);
      expect(rows[0]!.slice(0, 3)).toEqual(['订单编号', '客户订单号', '供应商']);
      expect(rows.slice(1).map((r) => r[0])).toEqual([bad.order.orderNo, ok1.order.orderNo]);
      expect(rows[2]).toEqual(
        expect.arrayContaining(['供应商EXP1', '商品EXP1-G', 49.9, 40, '成功']),
      );
      const errors = await post(SUP_ERROR_ORDER, 'export-sup-error-order', { supId });
      const errorRows = await sheet(data<{ id: string }>(errors).id);
      expect(errorRows).toHaveLength(2);
      expect(errorRows[1]).toEqual(expect.arrayContaining([bad.order.orderNo, '待审核']));
      expect((await post(SUP_ORDER, 'export-sup-order', {}, sales)).statusCode).toBe(403);
      expect((await post(SUP_RETURN_ORDER, 'export', {}, sales)).statusCode).toBe(403);
    });
  });

  describe('order-refund', () => {
    it('refunds part, then the rest; codes go to recovery, the cost back to the balance', async () => {
      const { db } = t.app.ctx;
      const { supId, goodId } = await setUp('REF1', 3, 100_000, { costPrice: 3333 });
      const out = await fulfil(t.app.ctx, {
        tenantId: T,
        goodId,
        quantity: 3,
        actualAmount: 10_000,
      });
      // One code is used: it cannot be refunded.
      await db
        .updateTable('bladeSupCouponCode')
        .set({ state: 'used' })
        .where('id', '=', out.codes[2]!.id)
        .execute();
      const tooMany = await post(SUP_RETURN_ORDER, 'order-refund', {
        orderId: out.order.id,
        quantity: 3,
        reason: '客户退款',
      });
      expect(tooMany.statusCode).toBe(400);
      expect(msg(tooMany)).toBe('可退券码2张（已使用或已退的券码不能退），本次申请退3张');
      const first = await post(SUP_RETURN_ORDER, 'order-refund', {
        orderId: out.order.id,
        quantity: 1,
        reason: '客户退款',
      });
      expect(data(first)).toMatchObject({
        orderId: out.order.id,
        quantity: 1,
        state: 'refunded',
        stateName: '已退款',
        costAmount: 33.33,
        actualAmount: 33.33,
        supName: '供应商REF1',
      });
      const order1 = data<{ state: string; refundedQuantity: number; refundedAmount: number }>(
        await t.get(url(SUP_ORDER, 'detail'), supply, { id: out.order.id }),
      );
      expect(order1).toMatchObject({
        state: 'partRefunded',
        refundedQuantity: 1,
        refundedAmount: 33.33,
      });
      const rest = await post(SUP_RETURN_ORDER, 'order-refund', {
        orderId: out.order.id,
        reason: '余下',
      });
      expect(data(rest)).toMatchObject({ quantity: 1, costAmount: 33.33 });
      // The used code stays with the client: the order remains partly refunded, nothing left.
      const order2 = data<{ state: string; refundedQuantity: number }>(
        await t.get(url(SUP_ORDER, 'detail'), supply, { id: out.order.id }),
      );
      expect(order2).toMatchObject({ state: 'partRefunded', refundedQuantity: 2 });
      const none = await post(SUP_RETURN_ORDER, 'order-refund', {
        orderId: out.order.id,
        reason: 'x',
      });
      expect(none.statusCode).toBe(400);
      expect(msg(none)).toBe('可退券码0张（已使用或已退的券码不能退），本次申请退0张');
      const recovery = await db
        .selectFrom('bladeSupCouponCodeRecovery')
        .select(['codeId', 'state', 'returnOrderId'])
        .where('orderId', '=', out.order.id)
        .execute();
      expect(recovery).toHaveLength(2);
      expect(recovery.every((r) => r.state === 'pending' && r.returnOrderId)).toBe(true);
      expect(await balanceOf(supId)).toBe(100_000 - 3 * 3333 + 2 * 3333);
      const listed = data<{ total: number }>(
        await t.get(url(SUP_RETURN_ORDER, 'list'), supply, { orderNo: out.order.orderNo }),
      );
      expect(listed.total).toBe(2);
      expect(await ledgerMismatches(db, T)).toEqual([]);
      expect(await orderMismatches(db, T)).toEqual([]);
    });

    it('a whole refund ends refunded; the last part takes the remainder of odd totals', async () => {
      const { goodId } = await setUp('REF2', 3, 100_000);
      const out = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 3, actualAmount: 100 });
      const a = data<{ actualAmount: number }>(
        await post(SUP_RETURN_ORDER, 'order-refund', {
          orderId: out.order.id,
          quantity: 2,
          reason: 'a',
        }),
      );
      const b = data<{ actualAmount: number }>(
        await post(SUP_RETURN_ORDER, 'order-refund', {
          orderId: out.order.id,
          quantity: 1,
          reason: 'b',
        }),
      );
      expect([a.actualAmount, b.actualAmount]).toEqual([0.66, 0.34]);
      const order = data<{ state: string }>(
        await t.get(url(SUP_ORDER, 'detail'), supply, { id: out.order.id }),
      );
      expect(order.state).toBe('refunded');
    });

    it('refusals: a failed order 409, no reason 400, another tenant 404, no button 403', async () => {
      const { goodId } = await setUp('REF3', 0);
      const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const refused = await post(SUP_RETURN_ORDER, 'order-refund', {
        orderId: failed.order.id,
        reason: 'x',
      });
      expect(refused.statusCode).toBe(409);
      expect(msg(refused)).toBe('供应商订单当前状态为「失败」，不能执行此操作');
      const noReason = await post(SUP_RETURN_ORDER, 'order-refund', { orderId: failed.order.id });
      expect(noReason.statusCode).toBe(400);
      expect(msg(noReason)).toBe('reason:请输入退款原因');
      expect(
        (
          await post(
            SUP_RETURN_ORDER,
            'order-refund',
            { orderId: failed.order.id, reason: 'x' },
            other,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await post(
            SUP_RETURN_ORDER,
            'order-refund',
            { orderId: failed.order.id, reason: 'x' },
            sales,
          )
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('error orders', () => {
    const errorOf = async (orderId: string) =>
      t.app.ctx.db
        .selectFrom('bladeSupErrorOrder')
        .selectAll()
        .where('orderId', '=', orderId)
        .executeTakeFirstOrThrow();

    it('audit, then reissue: a new failure keeps it audited with the new error; success marks it reissued', async () => {
      const { supId, goodId } = await setUp('ERR1', 0);
      const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const eo = await errorOf(failed.order.id);
      const early = await post(SUP_ERROR_ORDER, 'reissue', { id: eo.id });
      expect(early.statusCode).toBe(409);
      expect(msg(early)).toBe('异常订单当前状态为「待审核」，不能执行此操作');
      const audited = await post(SUP_ERROR_ORDER, 'audit', { id: eo.id, remark: '核实缺货' });
      expect(data(audited)).toMatchObject({
        state: 'audited',
        stateName: '已审核',
        auditRemark: '核实缺货',
        auditUserName: expect.any(String),
        orderState: 'failed',
        quantity: 1,
      });
      const again = await post(SUP_ERROR_ORDER, 'audit', { id: eo.id });
      expect(again.statusCode).toBe(409);
      expect(msg(again)).toBe('异常订单当前状态为「已审核」，不能执行此操作');
      await t.app.ctx.db
        .updateTable('bladeSupBalanceTotal')
        .set({ balance: 0 })
        .where('supId', '=', supId)
        .execute();
      await t.app.ctx.db.deleteFrom('bladeSupBalanceRecord').where('supId', '=', supId).execute();
      await insertCodes(t.app.ctx, T, supId, goodId, 1);
      const poor = await post(SUP_ERROR_ORDER, 'reissue', { id: eo.id });
      expect(poor.statusCode).toBe(400);
      expect(msg(poor)).toMatch(/^余额不足：/);
      expect(await errorOf(failed.order.id)).toMatchObject({
        state: 'audited',
        errorMsg: msg(poor),
      });
      await t.app.ctx.db
        .updateTable('bladeSupBalanceTotal')
        .set({ overdraftLimit: 100_000 })
        .where('supId', '=', supId)
        .execute();
      const done = await post(SUP_ERROR_ORDER, 'reissue', { id: eo.id }, supply, 'eo-rei-1');
      expect(data(done)).toMatchObject({ state: 'reissued', orderState: 'success' });
      const errors = await t.app.ctx.db
        .selectFrom('bladeSupErrorOrder')
        .select('id')
        .where('orderId', '=', failed.order.id)
        .execute();
      expect(errors).toHaveLength(1);
      const cancel = await post(SUP_ERROR_ORDER, 'cancel', { id: eo.id });
      expect(cancel.statusCode).toBe(409);
      expect(msg(cancel)).toBe('异常订单当前状态为「已补发」，不能执行此操作');
    });

    it('resend fulfils the failed order again; cancel closes the order for good; list and refusals', async () => {
      const { supId, goodId } = await setUp('ERR2', 0);
      const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const eo = await errorOf(failed.order.id);
      await post(SUP_ERROR_ORDER, 'audit', { id: eo.id });
      // Still no codes: the order fails again, the error order stays audited with the reason.
      const resend = await post(SUP_ERROR_ORDER, 'resend', { id: eo.id });
      expect(resend.statusCode).toBe(400);
      expect(msg(resend)).toBe('券码库存不足：可用0张，需要1张');
      expect(
        data(await t.get(url(SUP_ERROR_ORDER, 'detail'), supply, { id: eo.id })),
      ).toMatchObject({ state: 'audited', orderState: 'failed' });
      expect((await post(SUP_ERROR_ORDER, 'cancel', { id: eo.id }, sales)).statusCode).toBe(403);
      expect((await post(SUP_ERROR_ORDER, 'cancel', { id: eo.id }, other)).statusCode).toBe(404);
      const cancelled = await post(SUP_ERROR_ORDER, 'cancel', { id: eo.id, remark: '客户放弃' });
      expect(data(cancelled)).toMatchObject({
        state: 'cancelled',
        orderState: 'closed',
        auditRemark: '取消：客户放弃',
        handleUserName: expect.any(String),
      });
      // Closed: codes arriving later do not bring it back, from either list.
      await insertCodes(t.app.ctx, T, supId, goodId, 1);
      const reissue = await post(SUP_ORDER, 'reissue', { id: failed.order.id });
      expect(reissue.statusCode).toBe(409);
      expect(msg(reissue)).toBe('供应商订单当前状态为「已关闭」，不能执行此操作');
      const page = data<{
        total: number;
        records: { id: string; stateName: string; goodName: string }[];
      }>(await t.get(url(SUP_ERROR_ORDER, 'list'), supply, { goodId, state: 'cancelled' }));
      expect(page.total).toBe(1);
      expect(page.records[0]).toMatchObject({
        id: eo.id,
        stateName: '已取消',
        goodName: '商品ERR2-G',
      });
      expect((await t.get(url(SUP_ERROR_ORDER, 'list'), sales)).statusCode).toBe(403);
      expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
    });

    it('resend once codes arrived: the order succeeds and its error order is resent, in one step', async () => {
      const { supId, goodId } = await setUp('ERR3', 0);
      const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const eo = await errorOf(failed.order.id);
      await post(SUP_ERROR_ORDER, 'audit', { id: eo.id });
      await insertCodes(t.app.ctx, T, supId, goodId, 1);
      const resent = await post(SUP_ERROR_ORDER, 'resend', { id: eo.id }, supply, 'eo-resend-1');
      expect(data(resent)).toMatchObject({
        state: 'resent',
        stateName: '已重发',
        orderState: 'success',
      });
      const order = data<{ attempts: number; codeCount: number }>(
        await t.get(url(SUP_ORDER, 'detail'), supply, { id: failed.order.id }),
      );
      expect(order.attempts).toBe(2);
      const again = await post(SUP_ERROR_ORDER, 'resend', { id: eo.id });
      expect(again.statusCode).toBe(409);
      expect(msg(again)).toBe('异常订单当前状态为「已重发」，不能执行此操作');
      expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
    });

    it('a reissue from the order list settles the error order as reissued; its own actions then refuse', async () => {
      const { supId, goodId } = await setUp('ERR4', 0);
      const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
      const eo = await errorOf(failed.order.id);
      await insertCodes(t.app.ctx, T, supId, goodId, 1);
      // Not even audited: the order succeeding closes it all the same.
      expect(data(await post(SUP_ORDER, 'reissue', { id: failed.order.id }))).toMatchObject({
        state: 'success',
      });
      expect(
        data(await t.get(url(SUP_ERROR_ORDER, 'detail'), supply, { id: eo.id })),
      ).toMatchObject({
        state: 'reissued',
        orderState: 'success',
        handleUserName: expect.any(String),
      });
      for (const call of ['audit', 'cancel', 'resend', 'reissue']) {
        const refused = await post(SUP_ERROR_ORDER, call, { id: eo.id });
        expect(refused.statusCode).toBe(409);
        expect(msg(refused)).toBe('异常订单当前状态为「已补发」，不能执行此操作');
      }
      expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
    });

    it('warning settings: saved per tenant, answered with the open count and whether it is over', async () => {
      const bad = await post(SUP_ERROR_ORDER.replace('sup-error-order', 'warning'), 'errorOrder', {
        enabled: true,
        threshold: 0,
      });
      expect(bad.statusCode).toBe(400);
      expect(msg(bad)).toBe('threshold:预警阈值须为1到100000的整数');
      const saved = await t.inject({
        method: 'POST',
        url: `/api/${WARNING_ERROR_ORDER}`,
        headers: { 'blade-auth': `bearer ${supply}` },
        payload: {
          enabled: true,
          threshold: 1,
          phones: ['13800000000'],
          emails: 'ops@example.com',
        },
      });
      expect(data(saved)).toMatchObject({
        enabled: true,
        threshold: 1,
        phones: ['13800000000'],
        emails: ['ops@example.com'],
        over: true,
      });
      const state = data<{ openCount: number; over: boolean }>(
        await t.get(`/api/${WARNING_GET}`, supply),
      );
      expect(state.openCount).toBeGreaterThan(0);
      expect(state.over).toBe(true);
      const elsewhere = data<{ enabled: boolean }>(await t.get(`/api/${WARNING_GET}`, other));
      expect(elsewhere.enabled).toBe(false);
      const denied = await t.inject({
        method: 'POST',
        url: `/api/${WARNING_ERROR_ORDER}`,
        headers: { 'blade-auth': `bearer ${sales}` },
        payload: { enabled: true, threshold: 1 },
      });
      expect(denied.statusCode).toBe(403);
    });
  });

  it('the API reference documents the order calls: list filters and sorts, the refund body', async () => {
    const admin = await t.adminToken();
    const res = await t.get('/api/blade-system/api-document/openapi.json', admin);
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const list = JSON.stringify(paths[`/api/${SUP_ORDER}/list`]);
    for (const name of [
      'orderNo',
      'clientOrderId',
      'supId',
      'goodId',
      'state',
      'createTime',
      'current',
    ])
      expect(list).toContain(`"${name}"`);
    const refund = JSON.stringify(paths[`/api/${SUP_RETURN_ORDER}/order-refund`]);
    expect(refund).toContain('"orderId"');
    expect(refund).toContain('"reason"');
    expect(paths[`/api/${WARNING_ERROR_ORDER}`]).toBeDefined();
  });

  it('without code_batch_view the detail masks the codes', async () => {
    const { db } = t.app.ctx;
    const { goodId } = await setUp('MASK1', 1);
    const out = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
    const menu = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'code_batch_view')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('bladeRoleMenu').where('menuId', '=', menu.id).execute();
    const shown = data<{ codes: { code: string; masked: boolean }[] }>(
      await t.get(url(SUP_ORDER, 'detail'), supply, { id: out.order.id }),
    );
    expect(shown.codes[0]).toMatchObject({ masked: true });
    expect(shown.codes[0]!.code).not.toBe(out.codes[0]!.code);
    expect(shown.codes[0]!.code).toContain('*');
  });
});
