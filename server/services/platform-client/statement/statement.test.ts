import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIGURE_FIELDS,
  STATEMENT,
  type StatementDaily,
  type StatementFigures,
  type StatementPage,
} from '../../../../src/contracts/platform-client/statement.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import { formatDateTime } from '../../../lib/time.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import {
  insertApp,
  insertClient,
  insertProduct,
  openCall,
  type TestClientApp,
} from '../test-fixtures.js';

/**
 * Statements (issue 27 item 8): orders placed, returned and failed through the open API, moved
 * to chosen times, and every figure of the list, the days and the export checked against sums
 * the test computes itself from the orders; months are Asia/Shanghai months.
 */

const T = '000000';
const OTHER = '100001';
const API = `/api/${STATEMENT}`;
const KEYS = Object.keys(FIGURE_FIELDS) as (keyof StatementFigures)[];
const MONEY = new Set(KEYS.filter((k) => FIGURE_FIELDS[k].kind === 'money'));

/** The stored text of a UTC instant (times are stored in server time). */
const stored = (iso: string) => formatDateTime(new Date(iso));
/** The Shanghai month of a stored time, by fixed +8 arithmetic (not the code's Intl route). */
function shanghaiMonth(text: string): string {
  const [y, mo, d, h, mi, s] = text.split(/[- :]/).map(Number) as number[];
  const instant = new Date(y!, mo! - 1, d!, h!, mi!, s!).getTime();
  return new Date(instant + 8 * 3600_000).toISOString().slice(0, 7);
}
function shanghaiDay(text: string): string {
  const [y, mo, d, h, mi, s] = text.split(/[- :]/).map(Number) as number[];
  const instant = new Date(y!, mo! - 1, d!, h!, mi!, s!).getTime();
  return new Date(instant + 8 * 3600_000).toISOString().slice(0, 10);
}

describe('statements', () => {
  let t: TestApp;
  let operator: string;
  let finance: string;
  let other: string;
  let app: TestClientApp;
  let second: TestClientApp;
  let theirApp: string;
  const PRICE = 1250; // 12.50 yuan

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    operator = await t.login('operator', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'STM1');
    const goodId = await insertGood(db, T, supId, 'STM1-G');
    const emptyGood = await insertGood(db, T, supId, 'STM1-EMPTY');
    await insertBalance(db, T, supId, 10_000_000);
    await insertCodes(t.app.ctx, T, supId, goodId, 40);
    const clientId = await insertClient(db, T, 'STM1');
    app = await insertApp(t.app.ctx, T, clientId, { prepay: 1_000_000 });
    second = await insertApp(t.app.ctx, T, clientId, { prepay: 1_000_000 });
    const apps = [app.id, second.id];
    await insertProduct(db, T, 'P-STM', { salePrice: PRICE, goodIds: [goodId], appIds: apps });
    await insertProduct(db, T, 'P-STM-F', { salePrice: 999, goodIds: [emptyGood], appIds: apps });
    const theirClient = await insertClient(db, OTHER, 'STM9');
    theirApp = (await insertApp(t.app.ctx, OTHER, theirClient)).id;

    const place = async (a: TestClientApp, no: string, quantity: number, product = 'P-STM') => {
      const res = await openCall(t, a, 'POST', '/orders', {
        outOrderNo: no,
        productCode: product,
        quantity,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const giveBack = async (a: TestClientApp, no: string, quantity?: number) => {
      const res = await openCall(
        t,
        a,
        'POST',
        `/orders/${no}/return`,
        quantity ? { quantity } : {},
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    // October (Shanghai), the boundary either side, November, and one month before the range.
    const plan: [TestClientApp, string, number, string, string][] = [
      [app, 'S-1', 2, 'P-STM', '2026-10-05T03:00:00Z'],
      [app, 'S-2', 3, 'P-STM', '2026-10-31T15:59:59Z'], // Oct 31 23:59:59 in Shanghai
      [app, 'S-3', 1, 'P-STM', '2026-10-31T16:30:00Z'], // Nov 1 00:30 in Shanghai
      [app, 'S-4', 4, 'P-STM', '2026-11-12T08:00:00Z'],
      [app, 'F-1', 1, 'P-STM-F', '2026-10-10T08:00:00Z'], // fails: no stock
      [app, 'F-2', 2, 'P-STM-F', '2026-11-01T02:00:00Z'],
      [second, 'S-5', 2, 'P-STM', '2026-11-03T05:00:00Z'],
      [app, 'S-0', 1, 'P-STM', '2026-09-30T15:00:00Z'], // Sep 30 23:00 in Shanghai: not in range
    ];
    for (const [a, no, quantity, product] of plan) await place(a, no, quantity, product);
    // Returns: S-1 wholly (in November), S-4 in part (in November), S-2 in part (in October).
    await giveBack(app, 'S-1');
    await giveBack(app, 'S-4', 1);
    await giveBack(app, 'S-2', 1);
    const at = new Map(plan.map(([a, no, , , iso]) => [`${a.id}:${no}`, stored(iso)]));
    for (const [key, time] of at) {
      const [appId, no] = key.split(':') as [string, string];
      await db
        .updateTable('bladeClientProductOrder')
        .set({ createTime: time })
        .where('appId', '=', appId)
        .where('outOrderNo', '=', no)
        .execute();
    }
    const returnTimes: Record<string, string> = {
      'S-1': stored('2026-11-20T01:00:00Z'),
      'S-4': stored('2026-11-30T16:10:00Z'), // Dec 1 in Shanghai: outside the range
      'S-2': stored('2026-10-31T10:00:00Z'),
    };
    for (const [no, time] of Object.entries(returnTimes))
      await db
        .updateTable('bladeClientReturnOrder')
        .set({ createTime: time })
        .where('appId', '=', app.id)
        .where('outOrderNo', '=', no)
        .execute();
  }, 120_000);
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const RANGE = { month_dategt: '2026-10', month_datelt: '2026-11' };
  const page = async (query: Record<string, string>, token = operator) =>
    data<StatementPage>(await t.get(`${API}/list`, token, { size: '100', ...query }));

  /** The figures of an app's month, summed here from the orders and returns themselves (fen). */
  async function expected(appId: string, month: string): Promise<StatementFigures> {
    const orders = (
      await db()
        .selectFrom('bladeClientProductOrder')
        .selectAll()
        .where('appId', '=', appId)
        .execute()
    ).filter((o) => shanghaiMonth(o.createTime!) === month);
    const returns = (
      await db()
        .selectFrom('bladeClientReturnOrder')
        .selectAll()
        .where('appId', '=', appId)
        .where('state', '=', 'returned')
        .execute()
    ).filter((r) => shanghaiMonth(r.createTime!) === month);
    const sum = (rows: { quantity: number; amount: number }[], k: 'quantity' | 'amount') =>
      rows.reduce((s, r) => s + Number(r[k]), 0);
    const won = orders.filter((o) =>
      ['success', 'returning', 'partReturned', 'returned'].includes(o.state),
    );
    const lost = orders.filter((o) => ['failed', 'closed', 'cancelled'].includes(o.state));
    return {
      orderCount: orders.length,
      orderQuantity: sum(orders, 'quantity'),
      orderAmount: sum(orders, 'amount'),
      successCount: won.length,
      successQuantity: sum(won, 'quantity'),
      successAmount: sum(won, 'amount'),
      failCount: lost.length,
      failAmount: sum(lost, 'amount'),
      returnCount: returns.length,
      returnQuantity: sum(returns, 'quantity'),
      returnAmount: sum(returns, 'amount'),
      netAmount: sum(won, 'amount') - sum(returns, 'amount'),
    };
  }
  const yuan = (f: StatementFigures) =>
    Object.fromEntries(KEYS.map((k) => [k, MONEY.has(k) ? fenToYuan(f[k]) : f[k]]));

  it('answers each app and month with figures equal to its orders', async () => {
    const answer = await page(RANGE);
    expect(answer.range).toEqual({ start: '2026-10', end: '2026-11' });
    const mine = answer.records.filter((r) => r.appId === app.id || r.appId === second.id);
    expect(mine.map((r) => [r.appId, r.month])).toEqual(
      expect.arrayContaining([
        [app.id, '2026-11'],
        [second.id, '2026-11'],
        [app.id, '2026-10'],
      ]),
    );
    expect(mine).toHaveLength(3);
    for (const row of mine) {
      const want = await expected(row.appId, row.month);
      expect(want.orderCount).toBeGreaterThan(0);
      expect(KEYS.map((k) => [k, row[k]])).toEqual(KEYS.map((k) => [k, yuan(want)[k]]));
      expect(row.clientName).toBe('接入方STM1');
    }
    // The month boundary is Shanghai's: S-2 (15:59:59 UTC) in October, S-3 (16:30 UTC) in November.
    const oct = mine.find((r) => r.appId === app.id && r.month === '2026-10')!;
    const nov = mine.find((r) => r.appId === app.id && r.month === '2026-11')!;
    expect([oct.orderCount, oct.successCount, oct.failCount]).toEqual([3, 2, 1]);
    expect([nov.orderCount, nov.successCount, nov.failCount]).toEqual([3, 2, 1]);
    expect([oct.orderQuantity, nov.orderQuantity]).toEqual([2 + 3 + 1, 1 + 4 + 2]);
    // Returns count in their own month: S-1's (placed in October) in November, S-4's in December.
    expect([oct.returnCount, nov.returnCount]).toEqual([1, 1]);
    expect(nov.returnAmount).toBe(25);
    expect(nov.netAmount).toBe(12.5 * 5 - 25);
    // Sums over every row.
    const sums = answer.records.reduce(
      (s, r) => KEYS.map((k, i) => s[i]! + Math.round(r[k] * 100)),
      KEYS.map(() => 0),
    );
    expect(KEYS.map((k) => Math.round(answer.sums[k] * 100))).toEqual(sums);
  });

  it('filters by app and client, and keeps at most 12 months', async () => {
    const only = await page({ ...RANGE, appId: second.id });
    expect(only.records.map((r) => r.month)).toEqual(['2026-11']);
    const client = await page({ ...RANGE, clientId: only.records[0]!.clientId });
    expect(client.total).toBe(3);
    const long = await page({ month_dategt: '2025-01', month_datelt: '2026-11', appId: app.id });
    expect(long.range).toEqual({ start: '2025-12', end: '2026-11' });
    const sep = await page({ month_dategt: '2026-09', month_datelt: '2026-09', appId: app.id });
    expect(sep.records.map((r) => [r.month, r.orderCount])).toEqual([['2026-09', 1]]);
    expect((await t.get(`${API}/list`, operator, { month_dategt: 'soon' })).statusCode).toBe(400);
  });

  it('answers the days of a month, which add up to its row', async () => {
    const daily = data<StatementDaily>(
      await t.get(`${API}/daily`, operator, { appId: app.id, month: '2026-11' }),
    );
    expect(daily.days).toHaveLength(30);
    expect(daily.days[0]!.day).toBe('2026-11-01');
    const first = daily.days[0]!;
    // S-3 (Nov 1 00:30 Shanghai) and F-2 (Nov 1 10:00) on the first day.
    expect([first.orderCount, first.successCount, first.failCount]).toEqual([2, 1, 1]);
    const orders = await db()
      .selectFrom('bladeClientProductOrder')
      .select(['createTime', 'amount'])
      .where('appId', '=', app.id)
      .execute();
    for (const day of daily.days) {
      const own = orders.filter((o) => shanghaiDay(o.createTime!) === day.day);
      expect([day.day, day.orderCount, day.orderAmount]).toEqual([
        day.day,
        own.length,
        fenToYuan(own.reduce((s, o) => s + Number(o.amount), 0)),
      ]);
    }
    const row = (await page({ ...RANGE, appId: app.id })).records.find(
      (r) => r.month === '2026-11',
    )!;
    for (const k of KEYS)
      expect(Math.round(daily.days.reduce((s, d) => s + d[k] * 100, 0))).toBe(
        Math.round(row[k] * 100),
      );
  });

  it('exports the rows and every order and return they summarise', async () => {
    const rows = await exportSheet(t, {
      path: `${API}/export`,
      token: operator,
      body: { ...RANGE, clientId: '', appId: app.id },
    });
    const [head, ...body] = rows;
    expect(head!.slice(0, 4)).toEqual(['类型', '月份', '接入方', '应用']);
    expect(head!.slice(10)).toEqual(KEYS.map((k) => FIGURE_FIELDS[k].label.zh));
    const summary = body.filter((r) => r[0] === '汇总');
    expect(summary.map((r) => r[1])).toEqual(['2026-11', '2026-10']);
    const details = body.filter((r) => r[0] !== '汇总');
    expect(
      details
        .filter((r) => r[0] === '订单')
        .map((r) => r[5])
        .sort(),
    ).toEqual(['F-1', 'F-2', 'S-1', 'S-2', 'S-3', 'S-4']);
    expect(
      details
        .filter((r) => r[0] === '退货')
        .map((r) => r[5])
        .sort(),
    ).toEqual(['S-1', 'S-2']);
    // Each summary row is the sum of its detail rows, and equals the figures summed here.
    for (const row of summary) {
      const month = row[1] as string;
      const mine = details.filter((r) => r[1] === month);
      const want = yuan(await expected(app.id, month));
      KEYS.forEach((k, i) => {
        const total = mine.reduce(
          (s: number, r) => s + Math.round(Number(r[10 + i] ?? 0) * 100),
          0,
        );
        expect([k, Math.round(Number(row[10 + i]) * 100)]).toEqual([k, total]);
        expect([k, row[10 + i]]).toEqual([k, want[k]]);
      });
    }
  });

  it('binds every call to the tenant and the screen’s codes', async () => {
    const theirs = await page(RANGE, other);
    expect(theirs.records.some((r) => r.appId === app.id)).toBe(false);
    expect(
      (await t.get(`${API}/daily`, operator, { appId: theirApp, month: '2026-11' })).statusCode,
    ).toBe(404);
    expect((await t.get(`${API}/daily`, other, { appId: app.id })).statusCode).toBe(404);
    for (const res of [
      await t.get(`${API}/list`, finance),
      await t.get(`${API}/daily`, finance, { appId: app.id }),
      await t.post(`${API}/export`, finance, RANGE),
    ])
      expect(res.statusCode).toBe(403);
  });
});
