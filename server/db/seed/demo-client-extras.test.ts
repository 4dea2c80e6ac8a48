import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageOf } from '../../lib/storage/index.js';
import { formatDateTime } from '../../lib/time.js';
import { prepayMismatches } from '../../services/platform-client/prepay/ledger.js';
import { stockMismatches } from '../../services/platform-client/stock/ledger.js';
import { orderMismatches } from '../../services/platform-supplier/order/invariants.js';
import { createTestApp, type TestApp } from '../../test/support.js';
import { seedDemoClient } from './demo-client.js';
import {
  DEMO_BATCHES_FROM_ORDERS,
  seedDemoBulkBatches,
  seedDemoStockAndPlans,
} from './demo-client-extras.js';

/**
 * The client demo's other screens (demo-client-extras.ts): app stock the demo orders take from,
 * price plans in every state, finished bulk order batches, each written once.
 */
describe('client demo: stock, price plans, bulk batches', () => {
  let t: TestApp;
  const T = '000000';
  const DAY = 86_400_000;
  const db = () => t.app.ctx.db;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, config: { demoClientOrders: 300 } });
  }, 120_000);
  afterAll(() => t.close());

  /** The first demo order's time. */
  const firstOrder = async () =>
    (
      await db()
        .selectFrom('bladeClientProductOrder')
        .select((eb) => eb.fn.min<string>('createTime').as('at'))
        .where('tenantId', '=', T)
        .where('outOrderNo', 'like', 'DEMO%')
        .executeTakeFirstOrThrow()
    ).at;

  /** What the extras wrote (a second run must not change it). */
  const counts = async () => {
    const n = async (
      table:
        | 'bladeClientAppStock'
        | 'bladePricePlan'
        | 'bladeClientOrderImportBatch'
        | 'bladeClientProductOrder',
    ) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tenantId', '=', T)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const openings = await db()
      .selectFrom('bladeClientAppStockRecord')
      .select('id')
      .where('tenantId', '=', T)
      .where('changeType', '=', 'add')
      .execute();
    return {
      stock: await n('bladeClientAppStock'),
      openings: openings.length,
      plans: await n('bladePricePlan'),
      batches: await n('bladeClientOrderImportBatch'),
      orders: await n('bladeClientProductOrder'),
    };
  };

  it('reserves stock for three apps before the orders, which take from it and never run out', async () => {
    const rows = await db()
      .selectFrom('bladeClientAppStock as s')
      .innerJoin('bladePsclientApp as a', 'a.id', 's.appId')
      .select(['s.id', 's.appId', 's.productId', 's.quantity', 'a.appName'])
      .where('s.tenantId', '=', T)
      .execute();
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((r) => r.appName))).toEqual(
      new Set(['京东金融App', '掌上生活', '好车主App']),
    );
    // The records sum to each row's quantity.
    expect(await stockMismatches(db(), T)).toEqual([]);
    const records = await db()
      .selectFrom('bladeClientAppStockRecord')
      .select(['appId', 'productId', 'changeType', 'quantity', 'quantityAfter', 'createTime'])
      .where('tenantId', '=', T)
      .execute();
    const first = await firstOrder();
    const opening = records.filter((r) => r.changeType === 'add');
    expect(opening).toHaveLength(9);
    expect(opening.every((r) => r.createTime! < first)).toBe(true);
    const takes = records.filter((r) => r.changeType === 'order');
    expect(takes.length).toBeGreaterThan(5);
    // The takes are the stocked apps' orders of those products, each one of them.
    const stocked = await db()
      .selectFrom('bladeClientProductOrder as o')
      .innerJoin('bladeClientAppStock as s', (j) =>
        j.onRef('s.appId', '=', 'o.appId').onRef('s.productId', '=', 'o.productId'),
      )
      .select('o.id')
      .where('o.tenantId', '=', T)
      .execute();
    expect(takes).toHaveLength(stocked.length);
    expect(rows.every((r) => Number(r.quantity) > 0)).toBe(true);
  });

  it('has price plans in every state, the applied ones before the orders at the prices they set', async () => {
    const plans = await db()
      .selectFrom('bladePricePlan as p')
      .innerJoin('bladePsclientProduct as d', 'd.id', 'p.productId')
      .select([
        'p.productId',
        'p.state',
        'p.oldPrice',
        'p.newPrice',
        'p.effectiveTime',
        'p.appliedTime',
        'p.appliedPrice',
        'p.createTime',
        'p.voidTime',
        'p.voidReason',
        'd.salePrice',
        'd.productCode',
      ])
      .where('p.tenantId', '=', T)
      .execute();
    const inState = (state: string) => plans.filter((p) => p.state === state);
    expect(inState('applied')).toHaveLength(2);
    expect(inState('pending')).toHaveLength(2);
    expect(inState('void')).toHaveLength(1);
    expect(plans.some((p) => ['P001', 'P002'].includes(p.productCode))).toBe(false);
    const first = await firstOrder();
    for (const p of inState('applied')) {
      expect(p.appliedTime).toBe(p.effectiveTime);
      expect(Number(p.appliedPrice)).toBe(Number(p.newPrice));
      expect(Number(p.salePrice)).toBe(Number(p.newPrice));
      expect(Number(p.oldPrice)).not.toBe(Number(p.newPrice));
      expect(p.createTime! < p.effectiveTime && p.effectiveTime < first).toBe(true);
      const sold = await db()
        .selectFrom('bladeClientProductOrder')
        .select('salePrice')
        .where('productId', '=', p.productId)
        .execute();
      expect(sold.every((o) => Number(o.salePrice) === Number(p.newPrice))).toBe(true);
    }
    const dayAhead = formatDateTime(new Date(Date.now() + DAY - 60_000));
    for (const p of inState('pending')) {
      expect(p.effectiveTime >= dayAhead).toBe(true);
      expect(Number(p.salePrice)).toBe(Number(p.oldPrice));
    }
    const [voided] = inState('void');
    expect(voided!.voidReason).toBeTruthy();
    expect(
      voided!.createTime! < voided!.voidTime! && voided!.voidTime! < voided!.effectiveTime,
    ).toBe(true);
  });

  it('has no bulk batches in a small demo; a large one finishes its batches with their result files', async () => {
    expect((await counts()).batches).toBe(0);
    await seedDemoBulkBatches(t.app.ctx, DEMO_BATCHES_FROM_ORDERS - 1);
    expect((await counts()).batches).toBe(0);

    await seedDemoBulkBatches(t.app.ctx, DEMO_BATCHES_FROM_ORDERS);
    const batches = await db()
      .selectFrom('bladeClientOrderImportBatch')
      .selectAll()
      .where('tenantId', '=', T)
      .execute();
    expect(batches).toHaveLength(3);
    const store = storageOf(t.app.ctx.config);
    for (const b of batches) {
      expect(b.state).toBe('done');
      expect(Number(b.processed)).toBe(Number(b.total));
      expect(Number(b.succeeded)).toBeGreaterThan(0);
      expect(Number(b.failed)).toBeGreaterThan(0);
      const placed = await db()
        .selectFrom('bladeClientProductOrder')
        .select('state')
        .where('appId', '=', b.appId)
        .where('source', '=', 'bulk')
        .execute();
      expect(placed.length).toBeGreaterThanOrEqual(Number(b.succeeded));
      const stored = await store.get(b.resultKey!);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
      // A header and one line per row of the upload.
      expect(book.worksheets[0]!.actualRowCount).toBe(Number(b.total) + 1);
    }
    expect(await prepayMismatches(db(), T)).toEqual([]);
    expect(await stockMismatches(db(), T)).toEqual([]);
    expect(await orderMismatches(db(), T)).toEqual([]);
  });

  it('a second run adds nothing', async () => {
    const before = await counts();
    expect(before).toMatchObject({ stock: 9, openings: 9, plans: 5, batches: 3 });
    await seedDemoClient(t.app.ctx, { orders: 300 });
    await seedDemoBulkBatches(t.app.ctx, DEMO_BATCHES_FROM_ORDERS);
    // As a restart that stopped before its first order would call it again.
    const apps = await db()
      .selectFrom('bladePsclientApp as a')
      .innerJoin('bladePsclientAppProduct as g', 'g.appId', 'a.id')
      .innerJoin('bladePsclientProduct as p', 'p.id', 'g.productId')
      .select(['a.id', 'p.productCode'])
      .where('a.tenantId', '=', T)
      .execute();
    const byApp = new Map<string, string[]>();
    for (const a of apps) byApp.set(a.id, [...(byApp.get(a.id) ?? []), a.productCode]);
    await seedDemoStockAndPlans(t.app.ctx, {
      apps: [...byApp].map(([id, products]) => ({ id, products })),
      steps: [...byApp].map(([id, products]) => ({
        kind: 'order' as const,
        app: { id },
        product: products[0]!,
        quantity: 1,
      })),
      start: formatDateTime(new Date(Date.now() - 91 * DAY)),
    });
    expect(await counts()).toEqual(before);
  });
});
