import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.js';
import { ledgerMismatches } from '../../services/platform-supplier/balance/ledger.js';
import { orderMismatches } from '../../services/platform-supplier/order/invariants.js';
import { openCode } from '../../services/platform-supplier/coupon-code/code-crypto.js';

describe('demo data of the supplier money core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoOrders: 3000 } });
  });
  afterAll(() => t.close());

  it('seeds the volume asked for, a tenth of it for the second tenant, over the last 90 days', async () => {
    const { db } = t.app.ctx;
    const counts = await db
      .selectFrom('bladeSupOrder')
      .select([
        'tenantId',
        sql<number>`count(*)`.as('n'),
        sql<string>`min(create_time)`.as('first'),
      ])
      .groupBy('tenantId')
      .orderBy('tenantId')
      .execute();
    expect(counts.map((c) => [c.tenantId, Number(c.n)])).toEqual([
      ['000000', 3000],
      ['100001', 300],
    ]);
    const first = new Date(`${counts[0]!.first.replace(' ', 'T')}`).getTime();
    expect(Date.now() - first).toBeLessThanOrEqual(91 * 86_400_000);
  });

  it('every ledger sums to its balance and no balance is below its overdraft limit', async () => {
    const { db } = t.app.ctx;
    for (const tenant of ['000000', '100001'])
      expect(await ledgerMismatches(db, tenant)).toEqual([]);
    const below = await db
      .selectFrom('bladeSupBalanceTotal')
      .select('id')
      .where(sql<boolean>`balance < -overdraft_limit`)
      .execute();
    expect(below).toEqual([]);
  });

  it('codes in every state, each issued or used code held by one live order of its good', async () => {
    const { db } = t.app.ctx;
    const states = await db
      .selectFrom('bladeSupCouponCode')
      .select('state')
      .distinct()
      .where('tenantId', '=', '000000')
      .execute();
    expect(states.map((s) => s.state).sort()).toEqual(
      ['expired', 'invalid', 'issued', 'recovering', 'unused', 'used'].sort(),
    );
    const orphans = await db
      .selectFrom('bladeSupCouponCode as c')
      .leftJoin('bladeSupOrder as o', 'o.id', 'c.orderId')
      .select('c.id')
      .where('c.state', 'in', ['issued', 'used', 'recovering'])
      .where((eb) => eb.or([eb('o.id', 'is', null), eb('o.goodId', '!=', eb.ref('c.goodId'))]))
      .execute();
    expect(orphans).toEqual([]);
    // An order holds exactly its quantity less what was restocked or discarded after a refund.
    const mismatched = await sql<{ id: string }>`
      select o.id from blade_sup_order o
      left join blade_sup_coupon_code c on c.order_id = o.id
      where o.state not in ('failed', 'closed')
      group by o.id, o.quantity, o.refunded_quantity
      having count(c.id) > o.quantity or count(c.id) < o.quantity - o.refunded_quantity`.execute(
      db,
    );
    expect(mismatched.rows).toEqual([]);
    const failedWithCodes = await db
      .selectFrom('bladeSupOrder as o')
      .innerJoin('bladeSupCouponCode as c', 'c.orderId', 'o.id')
      .select('o.id')
      .where('o.state', 'in', ['failed', 'closed'])
      .execute();
    expect(failedWithCodes).toEqual([]);
    // And the whole of domain.md's order invariants (issue 24).
    expect(await orderMismatches(db, '000000')).toEqual([]);
    const sample = await db
      .selectFrom('bladeSupCouponCode')
      .select(['codeCipher', 'codeMask'])
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(openCode(t.app.ctx, sample.codeCipher)).toMatch(/^[A-Z0-9-]+$/);
  });

  it('refunds, recovery records and error orders in every state', async () => {
    const { db } = t.app.ctx;
    const distinct = async (table: 'bladeSupErrorOrder' | 'bladeSupCouponCodeRecovery') =>
      (
        await db
          .selectFrom(table)
          .select('state')
          .distinct()
          .where('tenantId', '=', '000000')
          .execute()
      )
        .map((r) => r.state)
        .sort();
    expect(await distinct('bladeSupErrorOrder')).toEqual([
      'audited',
      'cancelled',
      'open',
      'reissued',
      'resent',
    ]);
    expect(await distinct('bladeSupCouponCodeRecovery')).toEqual([
      'discarded',
      'pending',
      'restocked',
    ]);
    const refunds = await db
      .selectFrom('bladeSupReturnOrder')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(refunds.n)).toBeGreaterThan(20);
  });
});
