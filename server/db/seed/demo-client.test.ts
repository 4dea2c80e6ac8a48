import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.js';
import { ledgerMismatches } from '../../services/platform-supplier/balance/ledger.js';
import { orderMismatches } from '../../services/platform-supplier/order/invariants.js';
import { prepayMismatches } from '../../services/platform-client/prepay/ledger.js';
import { CLIENT_NUMBER_FORMATS } from '../../services/platform-client/numbers.js';
import { seedDemoClient } from './demo-client.js';

/**
 * Issue 27 item 11: the client demo is placed through the open API's service path, over 90
 * days, with returns and failures, and leaves every ledger and order consistent.
 */
describe('client demo data', () => {
  let t: TestApp;
  const T = '000000';

  beforeAll(async () => {
    t = await createTestApp({ demo: true, config: { demoClientOrders: 300 } });
  }, 120_000);
  afterAll(() => t.close());

  it('has 5 access parties, 12 apps with prepay and sandbox callbacks, 40 mapped products', async () => {
    const { db } = t.app.ctx;
    const count = async (table: 'bladePsclient' | 'bladePsclientApp' | 'bladePsclientProduct') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tenantId', '=', T)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('bladePsclient')).toBe(5);
    expect(await count('bladePsclientApp')).toBe(12);
    expect(await count('bladePsclientProduct')).toBe(40);
    const callbacks = await db.selectFrom('bladePsclientApp').select('callbackUrl').execute();
    expect(callbacks.filter((a) => a.callbackUrl?.startsWith('sandbox://')).length).toBeGreaterThan(
      8,
    );
    const unmapped = await db
      .selectFrom('bladePsclientProduct as p')
      .leftJoin('bladeProductGoodMap as m', 'm.productId', 'p.id')
      .select('p.id')
      .where('m.id', 'is', null)
      .execute();
    expect(unmapped).toEqual([]);
  });

  it('placed its orders over 90 days through the service path, returns and failures included', async () => {
    const { db } = t.app.ctx;
    const orders = await db
      .selectFrom('bladeClientProductOrder')
      .select(['orderNo', 'state', 'createTime', 'supOrderId'])
      .where('tenantId', '=', T)
      .execute();
    // A few may be refused as an app would see it (nothing written then).
    expect(orders.length).toBeGreaterThan(285);
    expect(orders.length).toBeLessThanOrEqual(300);
    expect(orders.every((o) => CLIENT_NUMBER_FORMATS.order.test(o.orderNo))).toBe(true);
    const states = new Set(orders.map((o) => o.state));
    expect(states.has('success')).toBe(true);
    expect([...states].some((s) => s === 'returned' || s === 'partReturned')).toBe(true);
    const days = orders.map((o) => Date.parse(o.createTime!.replace(' ', 'T')));
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(60 * 86_400_000);
    expect(Math.max(...days)).toBeLessThanOrEqual(Date.now() + 1000);
    // Each success has its supplier order, dated with it.
    expect(orders.filter((o) => o.state === 'success').every((o) => o.supOrderId)).toBe(true);
    expect(await prepayMismatches(db, T)).toEqual([]);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  });

  it('goes on from where it stopped, placing nothing twice', async () => {
    const before = await t.app.ctx.db.selectFrom('bladeClientProductOrder').select('id').execute();
    await seedDemoClient(t.app.ctx, { orders: 320 });
    const after = await t.app.ctx.db.selectFrom('bladeClientProductOrder').select('id').execute();
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.length).toBeLessThanOrEqual(320);
    expect(await prepayMismatches(t.app.ctx.db, T)).toEqual([]);
  });
});
