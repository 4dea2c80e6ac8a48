import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatYuan } from '../../../../src/contracts/money.js';
import {
  MARGIN_ORDER_STATES,
  PROJECT_MARGIN,
  type ProjectMarginPage,
} from '../../../../src/contracts/platform-finance/project-margin.js';
import {
  REFUNDED_STATE,
  SOLD_STATES,
} from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

/**
 * The project report's client side (issue 28 item 4): per project, client and month, revenue
 * (client orders less returns), cost (their supplier orders less refunded cost) and margin,
 * checked against the orders themselves, to the fen.
 */
const API = `/api/${PROJECT_MARGIN}`;

describe('project margin', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    // A return on one success order (the demo has few), so the figures cover returns too.
    const order = await t.database.db
      .selectFrom('bladeClientProductOrder')
      .select(['id', 'amount'])
      .where('tenantId', '=', '000000')
      .where('state', '=', 'success')
      .executeTakeFirst();
    if (order)
      await t.database.db
        .updateTable('bladeClientProductOrder')
        .set({ state: 'partReturned', returnedAmount: Math.floor(order.amount / 2) })
        .where('id', '=', order.id)
        .execute();
  }, 60_000);
  afterAll(() => t.close());

  it('equals the orders, per group and in total, exact to the fen', async () => {
    const db = t.database.db;
    const orders = await db
      .selectFrom('bladeClientProductOrder')
      .selectAll()
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
      .execute();
    const sup = new Map(
      (
        await db.selectFrom('bladeSupOrder').selectAll().where('tenantId', '=', '000000').execute()
      ).map((s) => [s.id, s]),
    );
    const returns = await db
      .selectFrom('bladeSupReturnOrder')
      .selectAll()
      .where('tenantId', '=', '000000')
      .execute();
    const want = new Map<string, { n: number; revenue: number; cost: number }>();
    for (const o of orders) {
      if (!(MARGIN_ORDER_STATES as readonly string[]).includes(o.state)) continue;
      const key = `${o.createTime!.slice(0, 7)}|${o.productId}|${o.clientId}`;
      const w = want.get(key) ?? { n: 0, revenue: 0, cost: 0 };
      w.n += 1;
      w.revenue += o.amount - o.returnedAmount;
      const s = o.supOrderId ? sup.get(o.supOrderId) : undefined;
      if (s && (SOLD_STATES as readonly string[]).includes(s.state)) {
        w.cost += s.costAmount;
        for (const r of returns)
          if (r.orderId === s.id && r.state === REFUNDED_STATE && r.isDeleted === 0)
            w.cost -= r.costAmount;
      }
      want.set(key, w);
    }
    expect(want.size).toBeGreaterThan(0);
    const page = data<ProjectMarginPage>(await t.get(API, admin, { size: '500' }));
    expect(page.total).toBe(want.size);
    for (const r of page.records) {
      const w = want.get(`${r.month}|${r.productId}|${r.clientId}`)!;
      expect([r.orderCount, r.revenue, r.cost, r.margin]).toEqual([
        w.n,
        formatYuan(w.revenue),
        formatYuan(w.cost),
        formatYuan(w.revenue - w.cost),
      ]);
      expect(r.productName.length + r.clientName.length).toBeGreaterThan(0);
    }
    const all = [...want.values()];
    const revenue = all.reduce((s, w) => s + w.revenue, 0);
    const cost = all.reduce((s, w) => s + w.cost, 0);
    expect(page.sums).toEqual({
      orderCount: all.reduce((s, w) => s + w.n, 0),
      revenue: formatYuan(revenue),
      cost: formatYuan(cost),
      margin: formatYuan(revenue - cost),
    });
    // A client filter keeps that client's groups only.
    const clientId = page.records[0]!.clientId;
    const one = data<ProjectMarginPage>(await t.get(API, admin, { clientId, size: '500' }));
    expect(one.records.every((r) => r.clientId === clientId)).toBe(true);
  });

  it('refuses bad months and callers without the project report', async () => {
    const bad = await t.get(API, admin, { month_start: '2026-13' });
    expect([bad.statusCode, (bad.json() as { msg: string }).msg]).toEqual([
      400,
      'month_start:月份格式须为YYYY-MM',
    ]);
    const reversed = await t.get(API, admin, { month_start: '2026-05', month_end: '2026-01' });
    expect(reversed.statusCode).toBe(400);
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(API, staff)).statusCode).toBe(403);
    const finance = await t.login('finance', DEMO_PASSWORD);
    expect((await t.get(API, finance)).statusCode).toBe(200);
    // The demo tenant sees its own orders only.
    const theirs = data<ProjectMarginPage>(await t.get(API, await t.tenantAdminToken()));
    const mine = data<ProjectMarginPage>(await t.get(API, admin));
    const ids = new Set(mine.records.map((r) => r.clientId));
    expect(theirs.records.some((r) => ids.has(r.clientId))).toBe(false);
  });
});
