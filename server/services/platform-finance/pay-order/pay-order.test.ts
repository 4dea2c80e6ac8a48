import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAY_ORDER,
  PAY_ORDER_REFUSALS,
  type PayOrder,
  type PayOrderDay,
} from '../../../../src/contracts/platform-finance/pay-order.js';
import { demoPayOrderCounts } from '../../../db/seed/demo-finance.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import { sandboxNotice, type PayMerchant } from '../driver/index.js';
import { createPayOrder, enabledMerchant, type PayOrderRow } from './payments.js';

/**
 * Pay orders (issue 28 item 4): the declared list (filters, money in yuan, tenant-bound), the day
 * chart's sums, the sandbox driver's signed notice (paid once; unsigned, stale or wrong amounts
 * refused), refunds through the lifecycle (never more than paid, idempotent, concurrent refunds
 * bounded), close, and the permissions.
 */
const API = `/api/${PAY_ORDER}`;
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('pay orders', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let finance: string;
  let merchant: PayMerchant;
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<{ records: PayOrder[]; total: number }>(
      await t.get(`${API}/list`, token, { size: '500', ...query }),
    );
  const send = (url: string, token: string, body: unknown, key?: string) =>
    t.inject({
      method: 'POST',
      url,
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const notify = (headers: Record<string, string>, body: string, settingId = merchant.id) =>
    t.inject({
      method: 'POST',
      url: `${API}/notify/${settingId}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const paidNotice = (order: PayOrderRow, over: Record<string, unknown> = {}) =>
    sandboxNotice(
      merchant,
      {
        outTradeNo: order.outTradeNo,
        transactionId: `4200${order.id}`,
        amountFen: order.amount,
        payerOpenId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        paidTime: '2026-11-28 10:00:00',
        ...over,
      },
      t.app.ctx.now(),
    );
  const newOrder = (amountFen = 10_000) =>
    createPayOrder(t.app.ctx, {
      tenantId: '000000',
      subject: '临时停车费',
      amountFen,
      channel: 'mini',
      sourceType: 'parkingBill',
      sourceId: 'PB1',
      userId: null,
    });
  const paidOrder = async (amountFen = 10_000) => {
    const order = await newOrder(amountFen);
    const n = paidNotice(order);
    expect((await notify(n.headers, n.body)).statusCode).toBe(200);
    return order;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    finance = await t.login('finance', DEMO_PASSWORD);
    merchant = await enabledMerchant(t.app.ctx, '000000');
  }, 60_000);
  afterAll(() => t.close());

  it('lists the demo orders of the caller tenant only, amounts in yuan', async () => {
    const counts = demoPayOrderCounts(t.app.ctx.config.demoOrders);
    const mine = await list(admin);
    expect(mine.total).toBe(counts['000000']);
    expect((await list(tenantAdmin)).total).toBe(counts[DEMO_TENANT]);
    const stored = await t.database.db
      .selectFrom('bladePayOrder')
      .select(['id', 'amount'])
      .where('tenantId', '=', '000000')
      .execute();
    const fen = new Map(stored.map((r) => [r.id, r.amount]));
    expect(mine.records.every((r) => Math.round(r.amount * 100) === fen.get(r.id))).toBe(true);
    // Another tenant's order: 404 on the detail.
    const theirs = (await list(tenantAdmin)).records[0]!;
    expect((await t.get(`${API}/detail`, admin, { id: theirs.id })).statusCode).toBe(404);
  });

  it('filters by state, channel and a date range; refuses an unknown filter value quietly', async () => {
    const paid = await list(admin, { state: 'paid' });
    expect(paid.total).toBeGreaterThan(0);
    expect(paid.records.every((r) => r.state === 'paid')).toBe(true);
    const mini = await list(admin, { channel: 'mini' });
    expect(mini.records.every((r) => r.channel === 'mini')).toBe(true);
    const all = await list(admin);
    const day = all.records[10]!.createTime.slice(0, 10);
    const ranged = await list(admin, {
      createTime_datege: `${day} 00:00:00`,
      createTime_datele: `${day} 23:59:59`,
    });
    expect(ranged.total).toBe(all.records.filter((r) => r.createTime.startsWith(day)).length);
  });

  it('answers the day chart whose sums equal the orders', async () => {
    const days = data<PayOrderDay[]>(await t.get(`${API}/day-report`, admin));
    const rows = await t.database.db
      .selectFrom('bladePayOrder')
      .select(['amount', 'createTime'])
      .where('tenantId', '=', '000000')
      .execute();
    const want = new Map<string, { fen: number; count: number }>();
    for (const r of rows) {
      const d = r.createTime!.slice(0, 10);
      const w = want.get(d) ?? { fen: 0, count: 0 };
      want.set(d, { fen: w.fen + r.amount, count: w.count + 1 });
    }
    expect(days.length).toBe(want.size);
    for (const d of days) {
      expect(Math.round(d.amount * 100)).toBe(want.get(d.day)!.fen);
      expect(d.count).toBe(want.get(d.day)!.count);
    }
    const paid = data<PayOrderDay[]>(await t.get(`${API}/day-report`, admin, { state: 'paid' }));
    expect(paid.reduce((s, d) => s + d.count, 0)).toBe(
      (await list(admin, { state: 'paid' })).total,
    );
  });

  it('becomes paid on a signed notice, once; refuses unsigned, stale and wrong notices', async () => {
    const order = await newOrder(2_345);
    const good = paidNotice(order);
    const bad = await notify({ ...good.headers, 'wechatpay-signature': '0'.repeat(64) }, good.body);
    expect([bad.statusCode, (bad.json() as { code: string }).code]).toEqual([400, 'FAIL']);
    const stale = sandboxNotice(merchant, JSON.parse(good.body) as never, t.app.ctx.now() - 3600);
    expect((await notify(stale.headers, stale.body)).statusCode).toBe(400);
    const wrong = paidNotice(order, { amountFen: 1 });
    const wrongAnswer = await notify(wrong.headers, wrong.body);
    expect([wrongAnswer.statusCode, (wrongAnswer.json() as { message: string }).message]).toEqual([
      400,
      PAY_ORDER_REFUSALS.amountMismatch.zh,
    ]);
    expect((await notify(good.headers, good.body, '999')).statusCode).toBe(400);
    const first = await notify(good.headers, good.body);
    expect(first.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    // WeChat pay repeats a notice: no change, still success.
    expect((await notify(good.headers, good.body)).statusCode).toBe(200);
    const shown = data<PayOrder>(await t.get(`${API}/detail`, admin, { id: order.id }));
    expect(shown.state).toBe('paid');
    expect(shown.amount).toBe(23.45);
    expect(shown.payerMask).toBe('oUpF8u****eS6o');
    // Another payment of a paid order: 409 naming its state.
    const again = paidNotice(order, { transactionId: 'other' });
    const twice = await notify(again.headers, again.body);
    expect((twice.json() as { message: string }).message).toContain('已支付');
  });

  it('refunds part, then the rest, never more than paid, through the lifecycle', async () => {
    const order = await paidOrder(10_000);
    const over = await send(`${API}/refund`, admin, { id: order.id, amount: '100.01' });
    expect([over.statusCode, msg(over)]).toEqual([400, '退款金额不能超过可退金额100.00元']);
    const zero = await send(`${API}/refund`, admin, { id: order.id, amount: '0' });
    expect(zero.statusCode).toBe(400);
    const part = await send(`${API}/refund`, admin, { id: order.id, amount: '30.5' });
    expect(data<PayOrder>(part)).toMatchObject({ state: 'partRefunded', refundedAmount: 30.5 });
    const tooMuch = await send(`${API}/refund`, admin, { id: order.id, amount: '69.51' });
    expect(msg(tooMuch)).toBe('退款金额不能超过可退金额69.50元');
    const rest = await send(`${API}/refund`, admin, { id: order.id, amount: '69.50' });
    expect(data<PayOrder>(rest)).toMatchObject({ state: 'refunded', refundedAmount: 100 });
    const after = await send(`${API}/refund`, admin, { id: order.id, amount: '1' });
    expect([after.statusCode, msg(after)]).toEqual([
      409,
      '支付订单当前状态为「已退款」，不能执行此操作',
    ]);
    const refunds = await t.database.db
      .selectFrom('bladePayRefund')
      .select('amount')
      .where('payOrderId', '=', order.id)
      .execute();
    expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([3_050, 6_950]);
    // An unpaid order: 409 naming 待支付.
    const unpaid = await newOrder();
    const early = await send(`${API}/refund`, admin, { id: unpaid.id, amount: '1' });
    expect([early.statusCode, msg(early)]).toEqual([
      409,
      '支付订单当前状态为「待支付」，不能执行此操作',
    ]);
  });

  it('answers a repeated Idempotency-Key once and bounds concurrent refunds by what was paid', async () => {
    const order = await paidOrder(10_000);
    const [a, b] = await Promise.all([
      send(`${API}/refund`, admin, { id: order.id, amount: '10' }, 'refund-key-1'),
      send(`${API}/refund`, admin, { id: order.id, amount: '10' }, 'refund-key-1'),
    ]);
    expect(data<PayOrder>(a).refundedAmount).toBe(10);
    expect(b.json()).toEqual(a.json());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(`${API}/refund`, admin, { id: order.id, amount: '25' }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(ok).toBeLessThanOrEqual(3);
    expect(answers.every((r) => [200, 400, 409].includes(r.statusCode))).toBe(true);
    const row = await t.database.db
      .selectFrom('bladePayOrder')
      .select(['refundedAmount', 'amount'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const refunds = await t.database.db
      .selectFrom('bladePayRefund')
      .select('amount')
      .where('payOrderId', '=', order.id)
      .execute();
    expect(row.refundedAmount).toBe(refunds.reduce((s, r) => s + r.amount, 0));
    expect(row.refundedAmount).toBe(1_000 + ok * 2_500);
    expect(row.refundedAmount).toBeLessThanOrEqual(row.amount);
  });

  it('closes an unpaid order and refuses closing a paid one', async () => {
    const unpaid = await newOrder();
    const closed = await send(`${API}/close`, admin, { id: unpaid.id });
    expect(data<PayOrder>(closed).state).toBe('closed');
    const paid = await paidOrder();
    const refused = await send(`${API}/close`, admin, { id: paid.id });
    expect([refused.statusCode, msg(refused)]).toEqual([
      409,
      '支付订单当前状态为「已支付」，不能执行此操作',
    ]);
  });

  it('binds every call to the tenant and its buttons; finance sees the finance area', async () => {
    const theirs = (await list(tenantAdmin, { state: 'paid' })).records[0]!;
    expect((await send(`${API}/refund`, admin, { id: theirs.id, amount: '0.01' })).statusCode).toBe(
      404,
    );
    expect((await send(`${API}/close`, admin, { id: theirs.id })).statusCode).toBe(404);
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(`${API}/list`, staff)).statusCode).toBe(403);
    expect((await t.get(`${API}/day-report`, staff)).statusCode).toBe(403);
    expect((await send(`${API}/refund`, staff, { id: theirs.id, amount: '1' })).statusCode).toBe(
      403,
    );
    expect((await list(finance)).total).toBeGreaterThan(0);
    expect((await t.get(`${API}/day-report`, finance)).statusCode).toBe(200);
    // The plain submit and remove are not served.
    expect((await t.post(`${API}/submit`, admin, { subject: 'x' })).statusCode).toBe(404);
    expect((await t.post(`${API}/remove`, admin, undefined, { ids: theirs.id })).statusCode).toBe(
      404,
    );
  });

  it('exports the filtered list as a task: yuan amounts, state names, the sum equal to the orders', async () => {
    const rows = await exportSheet(t, {
      path: `${API}/export-pay-order`,
      token: finance,
      body: { state: 'paid' },
    });
    const header = rows[0]!;
    const at = (name: string) => header.indexOf(name);
    expect(rows.slice(1).every((r) => r[at('订单状态')] === '已支付')).toBe(true);
    const paid = await t.database.db
      .selectFrom('bladePayOrder')
      .select('amount')
      .where('tenantId', '=', '000000')
      .where('state', '=', 'paid')
      .execute();
    expect(rows.length - 1).toBe(paid.length);
    const fen = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[at('支付金额')]) * 100), 0);
    expect(fen).toBe(paid.reduce((s, r) => s + r.amount, 0));
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.post(`${API}/export-pay-order`, staff, {})).statusCode).toBe(403);
  });
});
