import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_MAX_FEN, BALANCE_BOUND_FEN, fenToYuan } from '../../../../src/contracts/money.js';
import {
  SUP_BALANCE,
  SUP_BALANCE_RECORD,
} from '../../../../src/contracts/platform-supplier/sup-balance.js';
import {
  SUP_GOOD_BALANCE,
  SUP_GOOD_BALANCE_RECORD,
} from '../../../../src/contracts/platform-supplier/sup-good-balance.js';
import { createTestApp, data, type TestApp } from '../../../test/support.js';
import { insertBalance, insertGood, insertSupplier } from '../test-fixtures.js';
import { changeBalance, ledgerMismatches } from './ledger.js';
import { orderMismatches } from '../order/invariants.js';

/**
 * Issue 24 item 4, "Unbounded money" (domain.md "Bounded money"): one amount is at most
 * 9,999,999,999.99 yuan and no balance leaves ±90,000,000,000,000.00 yuan; beyond either, 400
 * and nothing written. Ten additions of 9,999,999,999,999.99 yuan used to push a balance past
 * 2^53 fen, where SQLite's balance no longer equalled its ledger and the answers were rounded.
 */
describe('bounded money: amounts and balances (issue 24 item 4)', () => {
  let t: TestApp;
  let admin: string;
  const T = '000000';
  const AMOUNT_TOO_LARGE = '金额不能超过9999999999.99元';
  const OUT_OF_RANGE = '调整后余额超出允许范围（±70000000000000.00元）';

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
  const post = (service: string, call: string, body: Record<string, unknown>, key?: string) =>
    t.inject({
      method: 'POST',
      url: `/api/${service}/${call}`,
      headers: { 'blade-auth': `bearer ${admin}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const params = (service: string, call: string, query: Record<string, string>) =>
    t.post(`/api/${service}/${call}`, admin, undefined, query);

  /** The balance row and its ledger, in fen, exactly as stored. */
  async function stored(supId: string) {
    const { db } = t.app.ctx;
    const total = await db
      .selectFrom('bladeSupBalanceTotal')
      .select(['balance', 'overdraftLimit', 'warningAmount'])
      .where('supId', '=', supId)
      .executeTakeFirst();
    const rows = await db
      .selectFrom('bladeSupBalanceRecord')
      .select(['amount', 'balanceAfter'])
      .where('supId', '=', supId)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
    return {
      balance: total ? BigInt(total.balance) : undefined,
      overdraftLimit: total ? BigInt(total.overdraftLimit) : undefined,
      warningAmount: total?.warningAmount == null ? null : BigInt(total.warningAmount),
      ledger: rows.map((r) => [BigInt(r.amount), BigInt(r.balanceAfter)]),
    };
  }

  /**
   * A balance already near the bound (a balance carried over from another system): its row and
   * an opening ledger row of the same amount, written straight to the database, since no one
   * amount may be that large.
   */
  async function openWith(supCode: string, fen: number) {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, supCode);
    await insertBalance(db, T, supId, 0);
    await db
      .updateTable('bladeSupBalanceTotal')
      .set({ balance: fen })
      .where('supId', '=', supId)
      .execute();
    await db
      .updateTable('bladeSupBalanceRecord')
      .set({ amount: fen, balanceAfter: fen })
      .where('supId', '=', supId)
      .execute();
    return supId;
  }

  it('refuses an amount above 9,999,999,999.99 yuan with 400 (the message says the bound) and writes nothing', async () => {
    const supId = await insertSupplier(t.app.ctx.db, T, 'BOUND1');
    // Postpaid: only a credit line (授信) has an overdraft limit (sup-settlement.ts).
    await t.app.ctx.db
      .updateTable('bladeSup')
      .set({ settlementType: 2 })
      .where('id', '=', supId)
      .execute();
    // init: the opening balance, overdraft limit and warning amount are each one amount
    for (const [field, body] of [
      ['balance', { balance: '10000000000' }],
      ['balance', { balance: '9999999999999.99' }],
      ['balance', { balance: '99999999999999999' }],
      ['overdraftLimit', { balance: '1', overdraftLimit: 10000000000.01 }],
      ['warningAmount', { balance: '1', warningAmount: '10000000000' }],
    ] as const) {
      const res = await post(SUP_BALANCE, 'init', { supId, balanceType: 2, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(msg(res)).toBe(`${field}:${AMOUNT_TOO_LARGE}`);
    }
    expect(await stored(supId)).toEqual({
      balance: undefined,
      overdraftLimit: undefined,
      warningAmount: null,
      ledger: [],
    });
    const init = await post(SUP_BALANCE, 'init', {
      supId,
      balanceType: 2,
      balance: '9999999999.99',
      overdraftLimit: '9999999999.99',
      warningAmount: '9999999999.99',
    });
    expect(init.statusCode, init.body).toBe(200);
    expect(data<{ balance: number; overdraftLimit: number }>(init)).toMatchObject({
      balance: 9999999999.99,
      overdraftLimit: 9999999999.99,
    });
    const id = data<{ id: string }>(init).id;

    // new-record: the amount, one fen over the bound, and a number of too many digits
    for (const amount of ['9999999999999.99', '10000000000', 10000000000.01, '123456789012345'])
      for (const type of ['add', 'deduct']) {
        const res = await post(SUP_BALANCE_RECORD, 'new-record', {
          supId,
          type,
          amount,
          reason: '超限',
        });
        expect(res.statusCode, `${type} ${amount}`).toBe(400);
        expect(msg(res)).toBe(`amount:${AMOUNT_TOO_LARGE}`);
      }
    // set-warning: the warning amount and the overdraft limit
    for (const [field, query] of [
      ['warningAmount', { id, warningAmount: '10000000000' }],
      ['overdraftLimit', { id, overdraftLimit: '10000000000' }],
    ] as const) {
      const res = await params(SUP_BALANCE, 'set-warning', query);
      expect(res.statusCode).toBe(400);
      expect(msg(res)).toBe(`${field}:${AMOUNT_TOO_LARGE}`);
    }
    const M = BigInt(AMOUNT_MAX_FEN);
    expect(await stored(supId)).toEqual({
      balance: M,
      overdraftLimit: M,
      warningAmount: M,
      ledger: [[M, M]],
    });

    // the good's own quota takes the same bound
    const goodId = await insertGood(t.app.ctx.db, T, supId, 'BOUND1-G');
    await post(SUP_GOOD_BALANCE, 'set-balance-type', { goodId, balanceType: 2 });
    const good = await post(SUP_GOOD_BALANCE_RECORD, 'new-record', {
      goodId,
      type: 'add',
      amount: '10000000000',
      reason: '超限',
    });
    expect(good.statusCode).toBe(400);
    expect(msg(good)).toBe(`amount:${AMOUNT_TOO_LARGE}`);
    expect(await ledgerMismatches(t.app.ctx.db, T)).toEqual([]);
    expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
  });

  it('lands additions up to the bound exactly, then refuses the one that would cross it with nothing written', async () => {
    // Ten additions of the largest amount end 10 fen below the bound.
    const opening = BALANCE_BOUND_FEN - 10 * AMOUNT_MAX_FEN - 10;
    const supId = await openWith('BOUND2', opening);
    let expected = BigInt(opening);
    const answered: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(SUP_BALANCE_RECORD, 'new-record', {
        supId,
        type: 'add',
        amount: '9999999999.99',
        reason: `第${i + 1}次`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expected += BigInt(AMOUNT_MAX_FEN);
      answered.push(data<{ balance: number }>(res).balance);
      expect((await stored(supId)).balance).toBe(expected);
    }
    // Each answer is the exact balance as a yuan number (what a JSON number of it can carry).
    expect(answered).toEqual(
      Array.from({ length: 10 }, (_, i) => fenToYuan(opening + (i + 1) * AMOUNT_MAX_FEN)),
    );
    expect(answered.at(-1)).toBe(69999999999999.9);
    expect(expected).toBe(6_999_999_999_999_990n);

    const crossing = { supId, type: 'add', amount: '0.11', reason: '越界' };
    const refused = await post(SUP_BALANCE_RECORD, 'new-record', crossing, 'bound-key-1');
    expect(refused.statusCode).toBe(400);
    expect(msg(refused)).toBe(OUT_OF_RANGE);
    const before = await stored(supId);
    expect(before.balance).toBe(6_999_999_999_999_990n);
    expect(before.ledger).toHaveLength(11);

    // Exactly up to the bound lands; a fen more does not.
    const last = await post(SUP_BALANCE_RECORD, 'new-record', { ...crossing, amount: '0.10' });
    expect(last.statusCode, last.body).toBe(200);
    expect(data<{ balance: number }>(last).balance).toBe(70000000000000);
    const fen = await post(SUP_BALANCE_RECORD, 'new-record', { ...crossing, amount: '0.01' });
    expect(fen.statusCode).toBe(400);
    expect(msg(fen)).toBe(OUT_OF_RANGE);

    const after = await stored(supId);
    expect(after.balance).toBe(BigInt(BALANCE_BOUND_FEN));
    expect(after.ledger).toHaveLength(12);
    // The ledger sums to the balance, row by row, exactly.
    let running = 0n;
    for (const [amount, balanceAfter] of after.ledger) {
      running += amount!;
      expect(balanceAfter).toBe(running);
    }
    expect(running).toBe(BigInt(BALANCE_BOUND_FEN));
    expect(await ledgerMismatches(t.app.ctx.db, T)).toEqual([]);
    expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
    // The list answers the figure too.
    const list = data<{ records: { balance: number }[] }>(
      await t.get(`/api/${SUP_BALANCE}/list`, admin, { supCode: 'BOUND2' }),
    );
    expect(list.records.map((r) => r.balance)).toEqual([70000000000000]);
    // A deduction brings it back inside: it lands.
    const back = await post(SUP_BALANCE_RECORD, 'new-record', { ...crossing, type: 'deduct' });
    expect(back.statusCode, back.body).toBe(200);
    expect(data<{ balance: number }>(back).balance).toBe(69999999999999.89);
  });

  it('changeBalance refuses a change past either side of the bound, and any amount over the amount bound, writing nothing', async () => {
    const { db } = t.app.ctx;
    const owner = (supId: string) => ({ kind: 'supplier' as const, supId });
    const high = await openWith('BOUND3', BALANCE_BOUND_FEN - 5);
    await expect(
      changeBalance(db, { tenantId: T, owner: owner(high), amount: 6, changeType: 'refund' }),
    ).rejects.toThrow(OUT_OF_RANGE);
    await expect(
      changeBalance(db, {
        tenantId: T,
        owner: owner(high),
        amount: AMOUNT_MAX_FEN + 1,
        changeType: 'refund',
      }),
    ).rejects.toThrow(AMOUNT_TOO_LARGE);
    await expect(
      changeBalance(db, {
        tenantId: T,
        owner: owner(high),
        amount: -(AMOUNT_MAX_FEN + 1),
        changeType: 'order',
      }),
    ).rejects.toThrow(AMOUNT_TOO_LARGE);
    expect(
      await changeBalance(db, { tenantId: T, owner: owner(high), amount: 5, changeType: 'refund' }),
    ).toBe(BALANCE_BOUND_FEN);

    // The low side: a balance at the lower bound (an overdraft limit set before the bound) takes
    // no further debit, whatever its limit says.
    const low = await openWith('BOUND4', -BALANCE_BOUND_FEN + 3);
    await db
      .updateTable('bladeSupBalanceTotal')
      .set({ overdraftLimit: BALANCE_BOUND_FEN + 100 })
      .where('supId', '=', low)
      .execute();
    await expect(
      changeBalance(db, { tenantId: T, owner: owner(low), amount: -4, changeType: 'order' }),
    ).rejects.toThrow(OUT_OF_RANGE);
    expect(
      await changeBalance(db, { tenantId: T, owner: owner(low), amount: -3, changeType: 'order' }),
    ).toBe(-BALANCE_BOUND_FEN);
    expect((await stored(high)).ledger).toHaveLength(2);
    expect((await stored(low)).ledger).toHaveLength(2);
    expect((await stored(low)).balance).toBe(BigInt(-BALANCE_BOUND_FEN));
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  });
});
