import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { ledgerMismatches } from '../../platform-supplier/balance/ledger.js';
import { orderMismatches } from '../../platform-supplier/order/invariants.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { prepayMismatches } from '../prepay/ledger.js';
import { insertApp, insertClient, insertProduct, openCall } from '../test-fixtures.js';

/**
 * Issue 27 "Done when", concurrency on SQLite and PostgreSQL (the server suite runs again with
 * TEST_DATABASE_URL in CI): 100 signed orders at once against a prepay that covers 60, and 20
 * returns of one order at once. No code goes out twice, no prepay goes below its limit, every
 * ledger sums to its balance, and the supplier orders keep their invariants.
 */
describe('client orders under concurrency', () => {
  let t: TestApp;
  const T = '000000';

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  }, 60_000);
  afterAll(() => t.close());

  it('100 concurrent orders against a prepay for 60: 60 succeed, 40 refused with nothing changed', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'CC100');
    const goodId = await insertGood(db, T, supId, 'CC100-G', { costPrice: 900 });
    await insertCodes(t.app.ctx, T, supId, goodId, 150);
    await insertBalance(db, T, supId, 10_000_000);
    const clientId = await insertClient(db, T, 'CC100');
    const app = await insertApp(t.app.ctx, T, clientId, { prepay: 60_000 });
    await insertProduct(db, T, 'P-CC100', { salePrice: 1000, goodIds: [goodId], appIds: [app.id] });

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        openCall(t, app, 'POST', '/orders', {
          outOrderNo: `CC100-${i}`,
          productCode: 'P-CC100',
          quantity: 1,
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(60);
    expect(ok.every((a) => a.json().data.state === 'success')).toBe(true);
    expect(refused).toHaveLength(40);
    expect(refused.every((a) => a.statusCode === 409)).toBe(true);
    expect(refused.every((a) => a.json().code === 'PREPAY_INSUFFICIENT')).toBe(true);

    const codes = ok.flatMap((a) => a.json().data.codes.map((c: { code: string }) => c.code));
    expect(codes).toHaveLength(60);
    expect(new Set(codes).size).toBe(60);
    const orders = await db
      .selectFrom('bladeClientProductOrder')
      .select('state')
      .where('appId', '=', app.id)
      .execute();
    expect(orders).toHaveLength(60);
    const prepay = await db
      .selectFrom('bladePsclientAppPrepay')
      .select('balance')
      .where('appId', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(Number(prepay.balance)).toBe(0);
    expect(await prepayMismatches(db, T)).toEqual([]);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  }, 120_000);

  it('20 concurrent returns of one order return it once', async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'RET20');
    const goodId = await insertGood(db, T, supId, 'RET20-G');
    await insertCodes(t.app.ctx, T, supId, goodId, 5);
    await insertBalance(db, T, supId, 1_000_000);
    const clientId = await insertClient(db, T, 'RET20');
    const app = await insertApp(t.app.ctx, T, clientId, { prepay: 100_000 });
    await insertProduct(db, T, 'P-RET20', { salePrice: 2000, goodIds: [goodId], appIds: [app.id] });
    const placed = await openCall(t, app, 'POST', '/orders', {
      outOrderNo: 'RET20-1',
      productCode: 'P-RET20',
      quantity: 3,
    });
    expect(placed.json().data.state).toBe('success');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => openCall(t, app, 'POST', '/orders/RET20-1/return', {})),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.statusCode !== 200)
        .every((a) => a.json().code === 'ORDER_NOT_RETURNABLE'),
    ).toBe(true);
    const returns = await db
      .selectFrom('bladeClientReturnOrder')
      .select(['quantity', 'amount'])
      .where('outOrderNo', '=', 'RET20-1')
      .execute();
    expect(returns).toEqual([{ quantity: 3, amount: 6000 }]);
    const prepay = await db
      .selectFrom('bladePsclientAppPrepay')
      .select('balance')
      .where('appId', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(Number(prepay.balance)).toBe(100_000);
    expect(await prepayMismatches(db, T)).toEqual([]);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  }, 120_000);
});
