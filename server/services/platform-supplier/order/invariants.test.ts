import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_CODE_CALLS } from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { SUP_ERROR_ORDER } from '../../../../src/contracts/platform-supplier/sup-error-order.js';
import { SUP_ORDER } from '../../../../src/contracts/platform-supplier/sup-order.js';
import { ORDER_REFUND } from '../../../../src/contracts/platform-supplier/sup-return-order.js';
import { createTestApp, DEMO_PASSWORD, DEMO_TENANT, type TestApp } from '../../../test/support.js';
import { nowText } from '../../../lib/time.js';
import { ledgerMismatches } from '../balance/ledger.js';
import { insertBalance, insertCodes, insertGood, insertSupplier } from '../test-fixtures.js';
import { fulfil } from './fulfil.js';
import { orderMismatches } from './invariants.js';
import { refundOrder } from './refund.js';

/**
 * Issue 24: the money core's promises to the order API, as an attacker tries them over HTTP (run
 * with TEST_DATABASE_URL for PostgreSQL; .ci/run does). A code goes to one order, ever, unless that
 * order refunded it; an order and its error order never disagree; a lost race names the state that
 * refuses; a code locked by a transaction that rolls back is still sold. Every test ends with
 * `orderMismatches` and `ledgerMismatches` empty.
 */
const T = '000000';

describe('money-core invariants (issue 24)', () => {
  let t: TestApp;
  let supply: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    supply = await t.login('supply', DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  const post = (path: string, body: unknown) =>
    t.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'blade-auth': `bearer ${supply}` },
      payload: body as object,
    });
  const msg = (res: { json(): unknown }) => (res.json() as { msg: string }).msg;
  const consistent = async () => {
    expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
    expect(await ledgerMismatches(t.app.ctx.db, T)).toEqual([]);
  };

  async function good(code: string, codes: number, cost = 1000) {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, code);
    const goodId = await insertGood(db, T, supId, `${code}-G`, {
      marketAmount: cost + 200,
      costPrice: cost,
    });
    if (codes) await insertCodes(t.app.ctx, T, supId, goodId, codes, { prefix: code });
    await insertBalance(db, T, supId, 100_000_000);
    return { supId, goodId };
  }
  const codesOf = (goodId: string) =>
    t.app.ctx.db
      .selectFrom('bladeSupCouponCode')
      .select(['id', 'state', 'orderId'])
      .where('tenantId', '=', T)
      .where('goodId', '=', goodId)
      .orderBy('id')
      .execute();
  const errorOrderOf = async (orderId: string) =>
    t.app.ctx.db
      .selectFrom('bladeSupErrorOrder')
      .select(['id', 'state'])
      .where('orderId', '=', orderId)
      .executeTakeFirstOrThrow();
  const orderState = async (id: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeSupOrder')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).state;

  it('the demo data keeps every order invariant and every ledger, in both tenants', async () => {
    for (const tenant of [T, DEMO_TENANT]) {
      expect(await orderMismatches(t.app.ctx.db, tenant)).toEqual([]);
      expect(await ledgerMismatches(t.app.ctx.db, tenant)).toEqual([]);
    }
  });

  it('an issued or used code cannot be invalidated, so recovery cannot sell it again', async () => {
    const { goodId } = await good('INV1', 2);
    const first = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 1100 });
    const held = (await codesOf(goodId)).find((c) => c.orderId === first.order.id)!;
    const refused = await post(COUPON_CODE_CALLS.invalid, { ids: [held.id] });
    expect(refused.statusCode).toBe(409);
    expect(msg(refused)).toBe(
      `券码当前状态为「已发放」，不能执行此操作（属于订单${first.order.orderNo}，只能通过该订单退款收回）`,
    );
    // Pasted by its code: reported as refused, not invalidated.
    const byList = await post(COUPON_CODE_CALLS.invalidByList, { codes: first.codes[0]!.code });
    expect(byList.json()).toMatchObject({ data: { count: 0, refused: [{ state: 'issued' }] } });
    const recover = await post(COUPON_CODE_CALLS.recover, { ids: [held.id] });
    expect(recover.statusCode).toBe(409);
    expect(msg(recover)).toBe(msg(refused));
    // Used: the same.
    await t.app.ctx.db
      .updateTable('bladeSupCouponCode')
      .set({ state: 'used', usedTime: nowText() })
      .where('id', '=', held.id)
      .execute();
    expect((await post(COUPON_CODE_CALLS.invalid, { ids: [held.id] })).statusCode).toBe(409);
    // The other code goes to the next order; a third finds none and fails cleanly.
    const second = await fulfil(t.app.ctx, {
      tenantId: T,
      goodId,
      quantity: 1,
      actualAmount: 1100,
    });
    expect(second.codes[0]!.code).not.toBe(first.codes[0]!.code);
    const third = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 1100 });
    expect(third.error).toBe('券码库存不足：可用0张，需要1张');
    await consistent();
  });

  it('reissue, invalidations and a recovery sent together: no order loses a code', async () => {
    for (let round = 0; round < 8; round++) {
      const { supId, goodId } = await good(`RACE${round}`, 0);
      const failed = await fulfil(t.app.ctx, {
        tenantId: T,
        goodId,
        quantity: 2,
        actualAmount: 2200,
      });
      await insertCodes(t.app.ctx, T, supId, goodId, 3, { prefix: `RACE${round}X` });
      const ids = (await codesOf(goodId)).map((c) => c.id);
      // One code starts invalid, so the recovery has something to do.
      await post(COUPON_CODE_CALLS.invalid, { ids: [ids[2]!] });
      const answers = await Promise.all([
        post(`${SUP_ORDER}/reissue`, { id: failed.order.id }),
        post(COUPON_CODE_CALLS.invalid, { ids: [ids[0]!] }),
        post(COUPON_CODE_CALLS.invalid, { ids: [ids[1]!] }),
        post(COUPON_CODE_CALLS.recover, { ids: [ids[2]!] }),
      ]);
      for (const a of answers) expect([200, 400, 409]).toContain(a.statusCode);
      const state = await orderState(failed.order.id);
      const held = (await codesOf(goodId)).filter((c) => c.orderId === failed.order.id);
      if (state === 'success') expect(held.filter((c) => c.state === 'issued')).toHaveLength(2);
      else expect(held.filter((c) => c.state === 'issued')).toHaveLength(0);
    }
    await consistent();
  });

  it('reissue, then audit and cancel: the error order follows its order', async () => {
    const { supId, goodId } = await good('AGREE1', 0);
    const failed = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 0 });
    const eo = await errorOrderOf(failed.order.id);
    await insertCodes(t.app.ctx, T, supId, goodId, 1, { prefix: 'AGREE1' });
    expect((await post(`${SUP_ORDER}/reissue`, { id: failed.order.id })).statusCode).toBe(200);
    const audit = await post(`${SUP_ERROR_ORDER}/audit`, { id: eo.id });
    expect(audit.statusCode).toBe(409);
    expect(msg(audit)).toBe('异常订单当前状态为「已补发」，不能执行此操作');
    const cancel = await post(`${SUP_ERROR_ORDER}/cancel`, { id: eo.id });
    expect(cancel.statusCode).toBe(409);
    expect(msg(cancel)).toBe('异常订单当前状态为「已补发」，不能执行此操作');
    expect(await errorOrderOf(failed.order.id)).toMatchObject({ state: 'reissued' });
    expect(await orderState(failed.order.id)).toBe('success');
    await consistent();
  });

  it('audit, cancel, reissue and resend sent together: one wins and order and error order agree', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 8; round++) {
      const { supId, goodId } = await good(`AGREE${round + 2}`, 0);
      const failed = await fulfil(t.app.ctx, {
        tenantId: T,
        goodId,
        quantity: 1,
        actualAmount: 0,
      });
      const eo = await errorOrderOf(failed.order.id);
      await insertCodes(t.app.ctx, T, supId, goodId, 1, { prefix: `AGR${round}` });
      // Half the rounds race the audit itself, half start audited.
      if (round % 2) await post(`${SUP_ERROR_ORDER}/audit`, { id: eo.id });
      await Promise.all([
        post(`${SUP_ERROR_ORDER}/audit`, { id: eo.id }),
        post(`${SUP_ERROR_ORDER}/cancel`, { id: eo.id }),
        post(`${SUP_ORDER}/reissue`, { id: failed.order.id }),
        post(`${SUP_ERROR_ORDER}/reissue`, { id: eo.id }),
        post(`${SUP_ERROR_ORDER}/resend`, { id: eo.id }),
      ]);
      const end = `${await orderState(failed.order.id)}/${(await errorOrderOf(failed.order.id)).state}`;
      outcomes[end] = (outcomes[end] ?? 0) + 1;
      expect([
        'success/reissued',
        'success/resent',
        'closed/cancelled',
        'failed/audited',
      ]).toContain(end);
    }
    await consistent();
  });

  it('lost races name a state that refuses, and a refund that lost to another goes on from it', async () => {
    const { goodId } = await good('LOST1', 6);
    const three = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 3, actualAmount: 3300 });
    // Three refunds of one code each, together: each waits its turn, none is refused.
    const parts = await Promise.all(
      [1, 2, 3].map(() =>
        post(`${ORDER_REFUND}`, { orderId: three.order.id, quantity: 1, reason: '拆分退款' }),
      ),
    );
    expect(parts.map((p) => p.statusCode)).toEqual([200, 200, 200]);
    expect(await orderState(three.order.id)).toBe('refunded');
    // Two whole refunds: one lands, the other names the state that refuses it.
    const whole = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 2, actualAmount: 2200 });
    const both = await Promise.all(
      [1, 2].map(() => post(`${ORDER_REFUND}`, { orderId: whole.order.id, reason: '整单退款' })),
    );
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
    expect(msg(both.find((b) => b.statusCode === 409)!)).toBe(
      '供应商订单当前状态为「已退款」，不能执行此操作',
    );
    // Three reissues of a failed order: one succeeds, the others name 「成功」.
    const { supId: sup2, goodId: good2 } = await good('LOST2', 0);
    const failed = await fulfil(t.app.ctx, {
      tenantId: T,
      goodId: good2,
      quantity: 1,
      actualAmount: 0,
    });
    await insertCodes(t.app.ctx, T, sup2, good2, 3, { prefix: 'LOST2' });
    const reissues = await Promise.all(
      [1, 2, 3].map(() => post(`${SUP_ORDER}/reissue`, { id: failed.order.id })),
    );
    expect(reissues.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of reissues.filter((x) => x.statusCode === 409))
      expect(msg(r)).toBe('供应商订单当前状态为「成功」，不能执行此操作');
    await consistent();
  });

  it('a code locked by a transaction that then rolls back is still sold, not reported short', async () => {
    const { goodId } = await good('LOCK1', 1);
    const [code] = await codesOf(goodId);
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another transaction takes the only code, holds it a while, and rolls back.
    const holder = t.app.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('bladeSupCouponCode')
          .set({ state: 'issued' })
          .where('id', '=', code!.id)
          .execute();
        locked();
        await new Promise((resolve) => setTimeout(resolve, 300));
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await isLocked;
    const order = await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 1100 });
    expect(await holder).toBe('rolled back');
    expect(order.error).toBeUndefined();
    expect(order.order.state).toBe('success');
    await consistent();
  });

  it('stress: 40 orders for 30 codes while invalidate, recover, refund and reissue run', async () => {
    const { supId, goodId } = await good('STRESS', 30, 700);
    const ids = (await codesOf(goodId)).map((c) => c.id);
    const tally: Record<string, number> = {};
    const count = (what: string, status: number) => {
      const key = `${what} ${status}`;
      tally[key] = (tally[key] ?? 0) + 1;
    };
    const orders: string[] = [];
    let done = false;
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
    // Each meddler keeps going until the orders are all placed, and at least 12 rounds.
    const meddle = async () => {
      for (let round = 0; !done || round < 12; round++) {
        const id = pick(ids)!;
        const [invalid, recover] = await Promise.all([
          post(COUPON_CODE_CALLS.invalid, { ids: [id] }),
          post(COUPON_CODE_CALLS.recover, { ids: [pick(ids)!] }),
        ]);
        count('invalidate', invalid.statusCode);
        count('recover', recover.statusCode);
        const order = pick(orders);
        if (order) {
          const [refund, reissue] = await Promise.all([
            post(`${ORDER_REFUND}`, { orderId: order, quantity: 1, reason: '压力测试' }),
            post(`${SUP_ORDER}/reissue`, { id: order }),
          ]);
          count('refund', refund.statusCode);
          count('reissue', reissue.statusCode);
        }
      }
    };
    const fulfilments = Array.from({ length: 40 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 5));
      const outcome = await fulfil(t.app.ctx, {
        tenantId: T,
        goodId,
        quantity: 1,
        actualAmount: 900,
        clientOrderId: `STRESS-${i}`,
      });
      orders.push(outcome.order.id);
      count(outcome.error ? 'order failed' : 'order success', 200);
      return outcome;
    });
    const meddlers = [meddle(), meddle(), meddle()];
    const outcomes = await Promise.all(fulfilments);
    // Refunded codes come back to stock: a late reissue may take them.
    const pending = await t.app.ctx.db
      .selectFrom('bladeSupCouponCodeRecovery')
      .select('id')
      .where('goodId', '=', goodId)
      .where('state', '=', 'pending')
      .execute();
    if (pending.length)
      count(
        'restock',
        (
          await post(`${COUPON_CODE_CALLS.recoveryHandle}`, {
            ids: pending.map((p) => p.id),
            result: 'restock',
          })
        ).statusCode,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
    done = true;
    await Promise.all(meddlers);
    // Every answer a client can act on: done, refused for its input, or a state that refuses.
    expect(Object.keys(tally).filter((k) => !/ (200|400|409)$/.test(k))).toEqual([]);
    expect(outcomes.filter((o) => !o.error).length).toBeGreaterThan(0);
    const balance = await t.app.ctx.db
      .selectFrom('bladeSupBalanceTotal')
      .select('balance')
      .where('supId', '=', supId)
      .executeTakeFirstOrThrow();
    expect(Number(balance.balance)).toBeLessThanOrEqual(100_000_000);
    console.info(`issue 24 stress (${t.app.ctx.dialect}): ${JSON.stringify(tally)}`);
    await consistent();
  }, 120_000);
});

describe('orderMismatches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  }, 60_000);
  afterAll(() => t.close());

  it('names a code taken from its order, an error order that disagrees and a refund above what was paid', async () => {
    const { db } = t.app.ctx;
    const ctx = t.app.ctx;
    const supId = await insertSupplier(db, T, 'MIS1');
    const goodId = await insertGood(db, T, supId, 'MIS1-G', {
      marketAmount: 1200,
      costPrice: 1000,
    });
    await insertCodes(ctx, T, supId, goodId, 5, { prefix: 'MIS1' });
    await insertBalance(db, T, supId, 1_000_000);
    const a = await fulfil(ctx, { tenantId: T, goodId, quantity: 2, actualAmount: 2000 });
    const b = await fulfil(ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 1000 });
    expect(await orderMismatches(db, T)).toEqual([]);

    // Order a's code back in stock by hand, then given to order b as well.
    const taken = a.codes[0]!.id;
    await db
      .updateTable('bladeSupCouponCode')
      .set({ orderId: b.order.id })
      .where('id', '=', taken)
      .execute();
    // A cancelled error order beside b, which succeeded.
    await db
      .insertInto('bladeSupErrorOrder')
      .values({
        id: 'MIS1-EO',
        tenantId: T,
        orderId: b.order.id,
        orderNo: b.order.orderNo,
        supId,
        goodId,
        errorMsg: 'x',
        state: 'cancelled',
        auditUser: null,
        auditTime: null,
        auditRemark: null,
        handleUser: null,
        handleTime: null,
        createUser: null,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    // A refund of a's other code that paid back more than a cost.
    await refundOrder(ctx, {
      tenantId: T,
      orderId: a.order.id,
      quantity: 1,
      reason: 'x',
      userId: null,
    });
    await db
      .updateTable('bladeSupReturnOrder')
      .set({ actualAmount: 999_999 })
      .where('orderId', '=', a.order.id)
      .execute();

    const found = await orderMismatches(db, T);
    const kinds = [...new Set(found.map((m) => `${m.kind}:${m.id}`))].sort();
    expect(kinds).toEqual(
      [
        `orderCodes:${a.order.id}`,
        `orderCodes:${b.order.id}`,
        `codeHolder:${taken}`,
        `errorOrder:${b.order.id}`,
        `refund:${a.order.id}`,
      ].sort(),
    );
  });
});
