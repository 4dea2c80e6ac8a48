import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_REFUND } from '../../../../src/contracts/platform-supplier/sup-return-order.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { ledgerMismatches } from '../balance/ledger.js';
import { orderMismatches } from './invariants.js';
import { insertBalance, insertCodes, insertGood, insertSupplier } from '../test-fixtures.js';
import { fulfil, notEnoughCodes } from './fulfil.js';
import { refundOrder } from './refund.js';

/**
 * Issue 18 "Done when": concurrent fulfilments and refunds on SQLite and PostgreSQL (run the file
 * with TEST_DATABASE_URL for the latter). No code is issued twice, failures move nothing, a
 * refund happens once, and every ledger sums to its balance.
 */
describe('supplier orders under concurrency', () => {
  let t: TestApp;
  let supply: string;
  const T = '000000';

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    supply = await t.login('supply', DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

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

  it('50 concurrent fulfilments for a good with 30 codes: 30 orders get one code each, 20 fail cleanly', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'CONC50');
    const goodId = await insertGood(db, T, supId, 'CONC50-G', {
      marketAmount: 5000,
      costPrice: 4500,
    });
    await insertCodes(t.app.ctx, T, supId, goodId, 30);
    await insertBalance(db, T, supId, 1_000_000);

    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fulfil(t.app.ctx, {
          tenantId: T,
          goodId,
          quantity: 1,
          actualAmount: 4990,
          clientOrderId: `CONC50-${i}`,
        }),
      ),
    );
    const succeeded = outcomes.filter((o) => !o.error);
    const failed = outcomes.filter((o) => o.error);
    expect(succeeded).toHaveLength(30);
    expect(failed).toHaveLength(20);
    for (const o of succeeded) {
      expect(o.order.state).toBe('success');
      expect(o.codes).toHaveLength(1);
      expect(o.order.costAmount).toBe(4500);
    }
    for (const o of failed) {
      expect(o.order.state).toBe('failed');
      expect(o.order.lastError).toBe(o.error);
      expect(o.error).toMatch(/^券码库存不足：可用\d+张，需要1张$/);
      expect(o.codes).toEqual([]);
    }
    // Every plain code answered once; the stock agrees.
    const answered = succeeded.map((o) => o.codes[0]!.code);
    expect(new Set(answered).size).toBe(30);
    const codes = await db
      .selectFrom('bladeSupCouponCode')
      .select(['state', 'orderId'])
      .where('tenantId', '=', T)
      .where('goodId', '=', goodId)
      .execute();
    expect(codes.every((c) => c.state === 'issued')).toBe(true);
    const holders = codes.map((c) => c.orderId);
    expect(new Set(holders).size).toBe(30);
    expect(new Set(holders)).toEqual(new Set(succeeded.map((o) => o.order.id)));
    const failedIds = failed.map((o) => o.order.id);
    expect(holders.some((h) => failedIds.includes(h!))).toBe(false);
    // 20 failed orders, 20 open error orders; the balance charged exactly 30 x cost.
    const errors = await db
      .selectFrom('bladeSupErrorOrder')
      .select(['orderId', 'state'])
      .where('tenantId', '=', T)
      .where('goodId', '=', goodId)
      .execute();
    expect(errors).toHaveLength(20);
    expect(errors.every((e) => e.state === 'open')).toBe(true);
    expect(new Set(errors.map((e) => e.orderId))).toEqual(new Set(failedIds));
    expect(await balanceOf(supId)).toBe(1_000_000 - 30 * 4500);
    const ledger = await db
      .selectFrom('bladeSupBalanceRecord')
      .select(['changeType', 'amount', 'sourceId'])
      .where('tenantId', '=', T)
      .where('supId', '=', supId)
      .where('changeType', '=', 'order')
      .execute();
    expect(ledger).toHaveLength(30);
    expect(ledger.every((r) => Number(r.amount) === -4500)).toBe(true);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  }, 60_000);

  it('concurrent fulfilments past the balance: the refused ones take no code and no money', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'CONCBAL');
    const goodId = await insertGood(db, T, supId, 'CONCBAL-G', {
      marketAmount: 1000,
      costPrice: 800,
    });
    await insertCodes(t.app.ctx, T, supId, goodId, 20);
    await insertBalance(db, T, supId, 800 * 2 * 5); // five orders of two codes
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 2, actualAmount: 2000 }),
      ),
    );
    expect(outcomes.filter((o) => !o.error)).toHaveLength(5);
    const refused = outcomes.filter((o) => o.error);
    expect(refused).toHaveLength(5);
    for (const o of refused) expect(o.error).toMatch(/^余额不足：/);
    const unused = await db
      .selectFrom('bladeSupCouponCode')
      .select('id')
      .where('goodId', '=', goodId)
      .where('state', '=', 'unused')
      .execute();
    expect(unused).toHaveLength(10);
    expect(await balanceOf(supId)).toBe(0);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  }, 60_000);

  it('10 concurrent refunds of one order refund it once; the others are refused with 409', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'CONCREF');
    const goodId = await insertGood(db, T, supId, 'CONCREF-G', {
      marketAmount: 3000,
      costPrice: 2500,
    });
    await insertCodes(t.app.ctx, T, supId, goodId, 3);
    await insertBalance(db, T, supId, 100_000);
    const { order, error } = await fulfil(t.app.ctx, {
      tenantId: T,
      goodId,
      quantity: 3,
      actualAmount: 8800,
    });
    expect(error).toBeUndefined();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        refundOrder(t.app.ctx, {
          tenantId: T,
          orderId: order.id,
          reason: '并发退款',
          userId: null,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const losers = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(losers).toHaveLength(9);
    for (const l of losers) {
      expect(l.reason.statusCode).toBe(409);
      expect(l.reason.message).toMatch(/^供应商订单当前状态为「(已退款|退款中)」，不能执行此操作$/);
    }
    const returns = await db
      .selectFrom('bladeSupReturnOrder')
      .selectAll()
      .where('orderId', '=', order.id)
      .execute();
    expect(returns).toHaveLength(1);
    expect(Number(returns[0]!.costAmount)).toBe(7500);
    expect(await balanceOf(supId)).toBe(100_000);
    const recovering = await db
      .selectFrom('bladeSupCouponCode')
      .select('id')
      .where('orderId', '=', order.id)
      .where('state', '=', 'recovering')
      .execute();
    expect(recovering).toHaveLength(3);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  }, 60_000);

  it('the same Idempotency-Key sent twice at once on order-refund: one refund, two identical answers', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'CONCKEY');
    const goodId = await insertGood(db, T, supId, 'CONCKEY-G', {
      marketAmount: 2000,
      costPrice: 1500,
    });
    await insertCodes(t.app.ctx, T, supId, goodId, 4);
    await insertBalance(db, T, supId, 50_000);
    const { order } = await fulfil(t.app.ctx, {
      tenantId: T,
      goodId,
      quantity: 4,
      actualAmount: 8000,
    });
    const send = () =>
      t.inject({
        method: 'POST',
        url: `/api/${ORDER_REFUND}`,
        headers: { 'blade-auth': `bearer ${supply}`, 'idempotency-key': 'refund-key-1' },
        payload: { orderId: order.id, quantity: 1, reason: '幂等退款' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json().data).toMatchObject({ quantity: 1, costAmount: 15, state: 'refunded' });
    const returns = await db
      .selectFrom('bladeSupReturnOrder')
      .select('id')
      .where('orderId', '=', order.id)
      .execute();
    expect(returns).toHaveLength(1);
    expect(await balanceOf(supId)).toBe(50_000 - 6000 + 1500);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  }, 60_000);

  it('names the shortage in the failure message', () => {
    expect(notEnoughCodes(0, 2)).toBe('券码库存不足：可用0张，需要2张');
  });
});
