import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SERVICE } from '../../../src/contracts/platform-supplier/coupon-code.js';
import { balanceTypeOf } from '../../../src/contracts/platform-supplier/sup-settlement.js';
import { createTestApp, data, type TestApp } from '../../test/support.js';
import { formatDateTime } from '../../lib/time.js';
import { ledgerMismatches } from '../../services/platform-supplier/balance/ledger.js';
import { orderMismatches } from '../../services/platform-supplier/order/invariants.js';
import { openCode } from '../../services/platform-supplier/coupon-code/code-crypto.js';
import { NUMBER_FORMATS } from '../../services/platform-supplier/numbers.js';
import { fulfil } from '../../services/platform-supplier/order/fulfil.js';
import { refundOrder } from '../../services/platform-supplier/order/refund.js';
import {
  insertBalance,
  insertGood,
  insertSupplier,
} from '../../services/platform-supplier/test-fixtures.js';

const TENANTS = ['000000', '100001'];
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The tables schema.ts declares (the `DB` interface), snake_case as in the database. */
function schemaTables(): string[] {
  const source = readFileSync(new URL('../schema.ts', import.meta.url), 'utf8');
  const body = /export interface DB \{([^}]*)\}/.exec(source)![1]!;
  return [...body.matchAll(/^\s*(\w+):/gm)].map((m) => snake(m[1]!));
}
/**
 * A column holding when something happened: `*_time` ('yyyy-MM-dd HH:mm:ss') or `*_at` (the
 * same text, or epoch seconds). Expiries and deadlines lie ahead by nature and are not among them.
 */
/** Times of what happened; expiries and a plan's effective time (a schedule) may be ahead. */
// Schedules may lie ahead: expiries, a price plan's effective time, a subscription's end.
const isEventTime = (column: string) =>
  /(_time|_at)$/.test(column) && !/expire|effective|(^|_)end_time$/.test(column);
/** Times planned ahead by nature: a leave's first day, a workflow timer's due time. */
const PLANNED = new Set(['blade_process_leave.start_time', 'blade_flow_timer.due_at']);

describe('demo data of the supplier money core', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The client side's demo has suppliers of its own (demo-client.ts): these are the money core's.
    t = await createTestApp({ config: { demoOrders: 3000 } });
    // Its template (3,000 orders) is built here, beside the other worker's files: on PostgreSQL
    // that took 23 to 35 s on 2 cores.
  }, 120_000);
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
      // Not the client side's own suppliers' (demo-client.ts): the money core's.
      .where(
        'supId',
        'not in',
        db.selectFrom('bladeSup').select('id').where('supCode', 'in', ['SUP-QYJH', 'SUP-KQH']),
      )
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
    // And the whole of domain.md's order invariants (issue 24; issue 25 item 6: no error order
    // reissued or resent beside an order still failed).
    for (const tenant of TENANTS) expect(await orderMismatches(db, tenant)).toEqual([]);
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

  it('lies in the past: no time of any table is later than now (issue 25 item 1)', async () => {
    const { db } = t.app.ctx;
    const now = formatDateTime(new Date());
    const nowSeconds = Math.floor(Date.now() / 1000);
    const tables = (await db.introspection.getTables()).filter(
      (table) => !t.database.schema || table.schema === t.database.schema,
    );
    // Every table schema.ts declares is in the database, so a new one is walked too.
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(schemaTables()));
    const checked: string[] = [];
    const later: string[] = [];
    for (const table of tables)
      for (const column of table.columns.map((c) => snake(c.name)).filter(isEventTime)) {
        if (PLANNED.has(`${table.name}.${column}`)) continue;
        checked.push(`${table.name}.${column}`);
        const row = await sql<{ latest: string | number | null }>`
          select max(${sql.ref(column)}) as latest from ${sql.table(table.name)}`.execute(db);
        const latest = row.rows[0]?.latest;
        if (latest === null || latest === undefined) continue;
        const tooLate =
          typeof latest === 'number' || /^\d+$/.test(String(latest))
            ? Number(latest) > (Number(latest) > 1e11 ? Date.now() : nowSeconds)
            : String(latest) > now;
        if (tooLate) later.push(`${table.name}.${column} = ${String(latest)}`);
      }
    expect(checked).toEqual(
      expect.arrayContaining([
        'blade_sup_return_order.finish_time',
        'blade_sup_coupon_code_recovery.handle_time',
        'blade_sup_coupon_code.used_time',
        'blade_sup_balance_record.create_time',
        'blade_sup_batch_coupon_code.create_time',
      ]),
    );
    expect(later).toEqual([]);
  });

  it('each ledger ends at its balance, and no balance was ever below its overdraft limit', async () => {
    const { db } = t.app.ctx;
    for (const [totals, records, key] of [
      ['bladeSupBalanceTotal', 'bladeSupBalanceRecord', 'supId'],
      ['bladeSupGoodBalanceTotal', 'bladeSupGoodBalanceRecord', 'goodId'],
    ] as const) {
      const balances = await db
        .selectFrom(totals)
        .select(['tenantId', key, 'balance', 'overdraftLimit'])
        .execute();
      expect(balances.length).toBeGreaterThan(0);
      for (const b of balances) {
        const owner = (b as Record<string, unknown>)[key] as string;
        // The newest row as the ledger screens read it: time, then id, both descending.
        const newest = await db
          .selectFrom(records)
          .select('balanceAfter')
          .where('tenantId', '=', b.tenantId)
          .where(key, '=', owner)
          .orderBy('createTime', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(Number(newest.balanceAfter), `${totals} ${owner}`).toBe(Number(b.balance));
        const under = await db
          .selectFrom(records)
          .select('id')
          .where('tenantId', '=', b.tenantId)
          .where(key, '=', owner)
          .where('balanceAfter', '<', -Number(b.overdraftLimit))
          .execute();
        expect(under, `${totals} ${owner}`).toEqual([]);
      }
    }
  });

  it('balances agree with their suppliers’ settlement types (issue 25 item 8)', async () => {
    const { db } = t.app.ctx;
    const rows = await db
      .selectFrom('bladeSupBalanceTotal as b')
      .innerJoin('bladeSup as s', 's.id', 'b.supId')
      .select(['s.settlementType', 'b.balanceType', 'b.overdraftLimit', 'b.balance'])
      .execute();
    const types = new Set(rows.map((r) => Number(r.settlementType)));
    expect(types).toEqual(new Set([1, 2]));
    for (const r of rows) {
      expect(Number(r.balanceType)).toBe(balanceTypeOf(r.settlementType));
      // Prepaid: never overdrawn; postpaid: a credit line, owed on since the last settlement.
      if (Number(r.settlementType) === 1) {
        expect(Number(r.overdraftLimit)).toBe(0);
        expect(Number(r.balance)).toBeGreaterThan(0);
      } else expect(Number(r.overdraftLimit)).toBeGreaterThan(0);
    }
    const quotas = await db
      .selectFrom('bladeSupGoodBalanceTotal')
      .select('id')
      .where('overdraftLimit', '!=', 0)
      .execute();
    expect(quotas).toEqual([]);
    // The quota screen answers the same.
    const admin = await t.adminToken();
    const answered = data<{ records: { balanceType: number; overdraftLimit: number }[] }>(
      await t.get('/api/blade-quanyi-platform-supplier/sup-balance-total/list', admin, {
        size: '100',
      }),
    ).records;
    expect(answered.length).toBeGreaterThan(0);
    for (const r of answered)
      if (r.balanceType === 1) expect(r.overdraftLimit).toBe(0);
      else expect(r.overdraftLimit).toBeGreaterThan(0);
  });

  it('numbers orders, refunds and batches as the live code does (issue 25 item 17)', async () => {
    const { db } = t.app.ctx;
    const ctx = t.app.ctx;
    const T = '000000';
    // Live: an interface-card order (its card batch), its refund, and a batch from the interface.
    const supId = await insertSupplier(db, T, 'NUMS');
    const cardGood = await insertGood(db, T, supId, 'NUMS-IF', { goodType: 3 });
    const codeGood = await insertGood(db, T, supId, 'NUMS-PC');
    await insertBalance(db, T, supId, 1_000_000);
    const out = await fulfil(ctx, {
      tenantId: T,
      goodId: cardGood,
      quantity: 1,
      actualAmount: 4900,
    });
    expect(out.error).toBeUndefined();
    const refund = await refundOrder(ctx, {
      tenantId: T,
      orderId: out.order.id,
      reason: '编号',
      userId: null,
    });
    const cardBatch = await db
      .selectFrom('bladeSupBatchCouponCode')
      .select('batchNo')
      .where('goodId', '=', cardGood)
      .executeTakeFirstOrThrow();
    const fetched = await t.post(`/api/${CODE_SERVICE}/auto/import`, await t.adminToken(), {
      goodId: codeGood,
      quantity: 1,
    });
    expect(fetched.statusCode, fetched.body).toBe(200);
    const live = {
      order: out.order.orderNo,
      refund: refund.returnNo,
      batch: data<{ batchNo: string }>(fetched).batchNo,
      cardBatch: cardBatch.batchNo,
    };
    // Demo: the first of each kind.
    const first = async <R>(query: Promise<R | undefined>) => (await query)!;
    const demo = {
      order: (await first(db.selectFrom('bladeSupOrder').select('orderNo').executeTakeFirst()))
        .orderNo,
      refund: (
        await first(db.selectFrom('bladeSupReturnOrder').select('returnNo').executeTakeFirst())
      ).returnNo,
      batch: (
        await first(
          db
            .selectFrom('bladeSupBatchCouponCode')
            .select('batchNo')
            .where('source', '=', 'import')
            .executeTakeFirst(),
        )
      ).batchNo,
      cardBatch: (
        await first(
          db
            .selectFrom('bladeSupBatchCouponCode')
            .select('batchNo')
            .where('source', '=', 'interface')
            .where('goodId', '!=', cardGood)
            .executeTakeFirst(),
        )
      ).batchNo,
    };
    for (const kind of ['order', 'refund', 'batch', 'cardBatch'] as const) {
      expect(live[kind], `live ${kind}`).toMatch(NUMBER_FORMATS[kind]);
      expect(demo[kind], `demo ${kind}`).toMatch(NUMBER_FORMATS[kind]);
      expect(demo[kind].length, kind).toBe(live[kind].length);
    }
    // Every demo number, not just the first.
    for (const [table, column, kind] of [
      ['blade_sup_order', 'order_no', 'order'],
      ['blade_sup_return_order', 'return_no', 'refund'],
    ] as const) {
      const numbers = await sql<{ n: string }>`
        select ${sql.ref(column)} as n from ${sql.table(table)}`.execute(db);
      expect(numbers.rows.filter((r) => !NUMBER_FORMATS[kind].test(r.n))).toEqual([]);
    }
    const batches = await db.selectFrom('bladeSupBatchCouponCode').select('batchNo').execute();
    expect(
      batches.filter(
        (b) => !NUMBER_FORMATS.batch.test(b.batchNo) && !NUMBER_FORMATS.cardBatch.test(b.batchNo),
      ),
    ).toEqual([]);
  });

  it('sells at or above cost: every order and refund, so every month’s margin is positive (issue 25 item 22)', async () => {
    const { db } = t.app.ctx;
    const below = await db
      .selectFrom('bladeSupOrder')
      .select(['orderNo', 'actualAmount', 'costAmount'])
      .whereRef('actualAmount', '<', 'costAmount')
      .execute();
    expect(below).toEqual([]);
    const refundsBelow = await db
      .selectFrom('bladeSupReturnOrder')
      .select(['returnNo', 'actualAmount', 'costAmount'])
      .whereRef('actualAmount', '<', 'costAmount')
      .execute();
    expect(refundsBelow).toEqual([]);
    const months = await sql<{ month: string; margin: number }>`
      select substr(create_time, 1, 7) as month, sum(actual_amount - cost_amount) as margin
      from blade_sup_order
      where state in ('success', 'refunding', 'partRefunded', 'refunded')
      group by substr(create_time, 1, 7)`.execute(db);
    expect(months.rows.length).toBeGreaterThan(0);
    for (const m of months.rows) expect(Number(m.margin), m.month).toBeGreaterThan(0);
  });
});
