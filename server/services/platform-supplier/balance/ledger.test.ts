import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { insertBalance, insertSupplier } from '../test-fixtures.js';
import { changeBalance, ledgerMismatches } from './ledger.js';

describe('balance ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t.close());

  it('10 concurrent debits totalling more than the balance never pass the overdraft limit', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, '000000', 'LEDGER1');
    await insertBalance(db, '000000', supId, 10_000, 2_000); // 100.00 yuan, 20.00 overdraft
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute((trx) =>
          changeBalance(trx, {
            tenantId: '000000',
            owner: { kind: 'supplier', supId },
            amount: -1_500,
            changeType: 'deduct',
            reason: `debit ${i}`,
          }),
        ),
      ),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    // 12,000 fen may go: 8 debits of 1,500; the other two are refused and write nothing.
    expect(passed).toHaveLength(8);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(
      /^余额不足：当前余额-20\.00元，透支额度20\.00元，本次扣减15\.00元$/,
    );
    const total = await db
      .selectFrom('bladeSupBalanceTotal')
      .select('balance')
      .where('supId', '=', supId)
      .executeTakeFirstOrThrow();
    expect(Number(total.balance)).toBe(-2_000);
    const afters = (
      await db
        .selectFrom('bladeSupBalanceRecord')
        .select('balanceAfter')
        .where('supId', '=', supId)
        .where('changeType', '=', 'deduct')
        .execute()
    )
      .map((r) => Number(r.balanceAfter))
      .sort((a, b) => b - a);
    expect(afters).toEqual([8500, 7000, 5500, 4000, 2500, 1000, -500, -2000]);
    expect(await ledgerMismatches(db, '000000')).toEqual([]);
  });

  it('credits land even below the limit; an unknown balance is refused with nothing written', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, '000000', 'LEDGER2');
    await insertBalance(db, '000000', supId, 100);
    expect(
      await changeBalance(db, {
        tenantId: '000000',
        owner: { kind: 'supplier', supId },
        amount: 250,
        changeType: 'refund',
      }),
    ).toBe(350);
    await expect(
      changeBalance(db, {
        tenantId: '000000',
        owner: { kind: 'supplier', supId: 'nope' },
        amount: -1,
        changeType: 'deduct',
      }),
    ).rejects.toThrow('供应商余额未初始化');
    // Another tenant's balance of the same supplier id is not this tenant's.
    await expect(
      changeBalance(db, {
        tenantId: '100001',
        owner: { kind: 'supplier', supId },
        amount: -1,
        changeType: 'deduct',
      }),
    ).rejects.toThrow('供应商余额未初始化');
    expect(await ledgerMismatches(db, '000000')).toEqual([]);
  });
});
