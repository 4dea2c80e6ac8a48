import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  monthBillContract,
  providerMonthBillContract,
  providerTempBillContract,
  REFUND_FEE,
  tempBillContract,
  type ParkBill,
} from '../../../../src/contracts/platform-parking/park-bill.js';
import { payFlowContract } from '../../../../src/contracts/platform-parking/park-pay-flow.js';
import { parkLotContract } from '../../../../src/contracts/platform-parking/park-lot.js';
import { nowText } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import type { DriverBill } from '../driver/index.js';
import { billRow, flowRow } from './load.js';
import { BillRefundSweeper } from './refund-sweeper.js';

/**
 * Parking bills (issue 28 item 1): the four bill lists and the smart-pay flows declared over
 * their tables, refundFee through the bill lifecycle and the operator driver, loadingParkData.
 */
const api = (service: string) => `/api/${service}`;
const TEMP = api(tempBillContract.service);
const MONTH = api(monthBillContract.service);
const P_TEMP = api(providerTempBillContract.service);
const P_MONTH = api(providerMonthBillContract.service);
const FLOW = api(payFlowContract.service);
const REFUND = api(REFUND_FEE);
const LOAD = `${api(parkLotContract.service)}/loadingParkData`;

interface Page<T> {
  records: T[];
  total: number;
}
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('parking bills', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let lotId: string;
  let seq = 0;

  /** A bill list (`<service>/list`) or the flows' listFlowPage. */
  const list = async <T = ParkBill>(
    path: string,
    token: string,
    query: Record<string, string> = {},
  ) =>
    data<Page<T>>(
      await t.get(path.endsWith('listFlowPage') ? path : `${path}/list`, token, {
        size: '500',
        ...query,
      }),
    );
  const refund = (token: string, body: Record<string, unknown>, key?: string) =>
    t.inject({
      method: 'POST',
      url: REFUND,
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  /** A fresh bill of the admin's first lot: paid `fen` (0 and unpaid when `unpaid`). */
  async function bill(
    fen: number,
    over: Partial<DriverBill> = {},
    tenantId = '000000',
    lot = lotId,
  ) {
    const now = nowText();
    const b: DriverBill = {
      billNo: `TEST${++seq}${Date.now()}`,
      billType: 'temporary',
      plateNo: '京A12345',
      enterTime: now,
      leaveTime: now,
      amountDue: fen,
      discountAmount: 0,
      rightDeduction: 0,
      paidAmount: fen,
      payChannel: 'wechat',
      payTime: now,
      state: 'paid',
      billTime: now,
      ...over,
    };
    const row = billRow(tenantId, lot, null, b, now, null);
    await t.database.db.insertInto('bladeParkBill').values(row).execute();
    return row.id!;
  }
  /** A recorded bill as the driver would report it (for its flow). */
  const driverBill = async (id: string): Promise<DriverBill> => {
    const b = await detail(id);
    return {
      ...b,
      billType: 'temporary',
      state: 'paid',
      amountDue: Math.round(b.amountDue * 100),
      discountAmount: 0,
      rightDeduction: 0,
      paidAmount: Math.round(b.paidAmount * 100),
    };
  };
  const detail = async (id: string, path = TEMP) =>
    data<ParkBill>(await t.get(`${path}/detail`, admin, { id }));
  const refundRows = (billId: string) =>
    t.database.db
      .selectFrom('bladeParkBillRefund')
      .selectAll()
      .where('billId', '=', billId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    const lot = await t.database.db
      .selectFrom('bladeParkLot')
      .select('id')
      .where('tenantId', '=', '000000')
      .where('operator', '=', 'sandbox')
      .orderBy('lotCode')
      .executeTakeFirstOrThrow();
    lotId = lot.id;
  }, 60_000);
  afterAll(() => t.close());
  /** The embedded operator's behaviour (PARKING_SANDBOX), for the test that sets it. */
  const operatorBehaves = (settings: string | undefined) => {
    t.app.ctx.config.parking.sandbox = settings;
  };
  afterEach(() => operatorBehaves(undefined));

  it('answers each list with its kind only, the provider lists the 权益 bills, in yuan', async () => {
    const temp = await list(TEMP, admin);
    const month = await list(MONTH, admin);
    expect(temp.total).toBeGreaterThan(50);
    expect(month.total).toBeGreaterThan(0);
    expect(temp.records.every((r) => r.billType === 'temporary')).toBe(true);
    expect(month.records.every((r) => r.billType === 'monthTicket')).toBe(true);
    const pTemp = await list(P_TEMP, admin);
    const pMonth = await list(P_MONTH, admin);
    expect(pTemp.total).toBeGreaterThan(0);
    expect(pTemp.records.every((r) => r.billType === 'temporary' && r.payMode === 'right')).toBe(
      true,
    );
    expect(pMonth.records.every((r) => r.billType === 'monthTicket' && r.payMode === 'right')).toBe(
      true,
    );
    expect(pTemp.total).toBe((await list(TEMP, admin, { payMode: 'right' })).total);
    // Yuan on the wire: paid = due - discount - deduction, two decimals at most.
    const r = temp.records.find((x) => x.state === 'paid')!;
    expect(r.paidAmount).toBeCloseTo(r.amountDue - r.discountAmount - r.rightDeduction, 2);
    expect(r.lotName.length).toBeGreaterThan(0);
    const flows = await list<{ flowType: string; amount: number }>(`${FLOW}/listFlowPage`, admin);
    expect(flows.total).toBeGreaterThan(0);
    expect((await t.get(`${FLOW}/list`, admin)).statusCode).toBe(404);
    // The other tenant sees its own bills only.
    const theirs = await list(TEMP, tenantAdmin);
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.records.some((x) => temp.records.some((y) => y.id === x.id))).toBe(false);
  });

  it('filters by a bill-time range, a lot and a state', async () => {
    const all = await list(TEMP, admin);
    const sorted = all.records.map((r) => r.billTime).sort();
    const from = sorted[Math.floor(sorted.length / 2)]!;
    const ranged = await list(TEMP, admin, {
      billTime_datege: from,
      billTime_datele: '2999-01-01 00:00:00',
    });
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(all.total);
    expect(ranged.records.every((r) => r.billTime >= from)).toBe(true);
    const ofLot = await list(TEMP, admin, { lotId });
    expect(ofLot.records.every((r) => r.lotId === lotId)).toBe(true);
    expect(ofLot.total).toBeGreaterThan(0);
    const refunded = await list(TEMP, admin, { state: 'partRefunded' });
    expect(refunded.records.every((r) => r.state === 'partRefunded')).toBe(true);
    const none = await list(TEMP, admin, { billTime_datele: '2000-01-01 00:00:00' });
    expect(none.total).toBe(0);
  });

  /** Every row of an export's sheet. */
  const exported = (path: string, query: Record<string, string>) =>
    exportSheet(t, { path, token: admin, query });

  it('exports each list as filtered', async () => {
    for (const [path, exportPath] of [
      [TEMP, `${TEMP}/export`],
      [MONTH, `${MONTH}/export`],
      [P_TEMP, `${P_TEMP}/export`],
      [P_MONTH, `${P_MONTH}/export`],
    ] as const) {
      const page = await list(path, admin, { lotId });
      const rows = await exported(exportPath, { lotId });
      expect(rows[0]![0]).toBe('账单编号');
      expect(rows.length - 1).toBe(page.total);
    }
    const flows = await list(`${FLOW}/listFlowPage`, admin);
    const rows = await exported(`${FLOW}/exportFlow`, {});
    expect(rows[0]![0]).toBe('流水号');
    expect(rows.length - 1).toBe(flows.total);
  });

  it('refunds part, then the rest, each visible on the bill', async () => {
    const id = await bill(1050);
    const { billNo } = await detail(id);
    // A smart-pay bill: its refunds are flows beside its deduction.
    await t.database.db
      .insertInto('bladeParkPayFlow')
      .values(
        flowRow('000000', lotId, { ...(await driverBill(id)), smartPay: true }, nowText(), null),
      )
      .execute();
    const first = await refund(admin, { billId: id, amount: 3.5, reason: '计费有误' });
    expect(first.statusCode, first.body).toBe(200);
    expect(data<{ amount: number }>(first).amount).toBe(3.5);
    let b = await detail(id);
    expect([b.state, b.paidAmount, b.refundedAmount]).toEqual(['partRefunded', 10.5, 3.5]);
    const rest = await refund(admin, { billId: id, reason: '全部退回' });
    expect(rest.statusCode, rest.body).toBe(200);
    b = await detail(id);
    expect([b.state, b.refundedAmount]).toEqual(['refunded', 10.5]);
    expect(b.refunds!.map((r) => [r.amount, r.reason, r.state])).toEqual([
      [3.5, '计费有误', 'refunded'],
      [7, '全部退回', 'refunded'],
    ]);
    const flows = await list<{ flowType: string; amount: number }>(`${FLOW}/listFlowPage`, admin, {
      billNo,
    });
    expect(flows.records.map((f) => [f.flowType, f.amount]).sort()).toEqual([
      ['deduct', 10.5],
      ['refund', 3.5],
      ['refund', 7],
    ]);
    const again = await refund(admin, { billId: id, amount: 0.01, reason: 'x' });
    expect([again.statusCode, msg(again)]).toEqual([
      409,
      '停车账单当前状态为「已退款」，不能执行此操作',
    ]);
  });

  it('refuses more than paid minus refunded (400, nothing written) and bad input', async () => {
    const id = await bill(500);
    expect((await refund(admin, { billId: id, amount: 2, reason: 'a' })).statusCode).toBe(200);
    const over = await refund(admin, { billId: id, amount: 3.01, reason: 'b' });
    expect([over.statusCode, msg(over)]).toEqual([400, 'amount:可退金额3.00元，本次申请退3.01元']);
    expect(await refundRows(id)).toHaveLength(1);
    const b = await detail(id);
    expect([b.state, b.refundedAmount, b.version]).toEqual(['partRefunded', 2, b.version]);
    const zero = await refund(admin, { billId: id, amount: 0, reason: 'c' });
    expect([zero.statusCode, msg(zero)]).toEqual([
      400,
      'amount:退款金额须为大于0的金额（最多两位小数）',
    ]);
    const noReason = await refund(admin, { billId: id, amount: 1 });
    expect([noReason.statusCode, msg(noReason)]).toEqual([400, 'reason:请输入退款原因']);
    const frac = await refund(admin, { billId: id, amount: 0.001, reason: 'c' });
    expect(frac.statusCode).toBe(400);
  });

  it('refuses a refund of an unpaid bill with 409 naming its state', async () => {
    const id = await bill(0, { state: 'unpaid', payTime: null, payChannel: null, amountDue: 800 });
    const res = await refund(admin, { billId: id, amount: 1, reason: 'x' });
    expect([res.statusCode, msg(res)]).toEqual([
      409,
      '停车账单当前状态为「待支付」，不能执行此操作',
    ]);
    expect(await refundRows(id)).toHaveLength(0);
  });

  it('replays an Idempotency-Key: one refund', async () => {
    const id = await bill(900);
    const a = await refund(admin, { billId: id, amount: 1, reason: 'x' }, 'bill-key-1');
    const b = await refund(admin, { billId: id, amount: 1, reason: 'x' }, 'bill-key-1');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(data<{ id: string }>(b).id).toBe(data<{ id: string }>(a).id);
    expect(await refundRows(id)).toHaveLength(1);
    expect((await detail(id)).refundedAmount).toBe(1);
  });

  it('refunds at most what was paid under 10 concurrent refunds', async () => {
    const id = await bill(1000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(admin, { billId: id, amount: 3, reason: `并发${i}` }, `race-${id}-${i}`),
      ),
    );
    const okCount = answers.filter((r) => r.statusCode === 200).length;
    expect(answers.every((r) => [200, 400, 409].includes(r.statusCode))).toBe(true);
    expect(okCount).toBeGreaterThanOrEqual(1);
    expect(okCount).toBeLessThanOrEqual(3);
    const rows = await refundRows(id);
    const b = await detail(id);
    expect(rows).toHaveLength(okCount);
    expect(rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(okCount * 300);
    expect(b.refundedAmount).toBe(okCount * 3);
    expect(b.refundedAmount).toBeLessThanOrEqual(b.paidAmount);
  });

  it('puts the bill back and keeps the refusal when the operator refuses the refund', async () => {
    const id = await bill(700);
    expect((await refund(admin, { billId: id, amount: 1, reason: 'x' })).statusCode).toBe(200);
    operatorBehaves('sandbox://?refuse=1');
    const res = await refund(admin, { billId: id, amount: 2, reason: 'y' });
    expect([res.statusCode, msg(res)]).toEqual([400, '停车场接口拒绝请求']);
    const b = await detail(id);
    expect([b.state, b.refundedAmount]).toEqual(['partRefunded', 1]);
    expect(b.refunds!.map((r) => [r.amount, r.state, r.failReason])).toEqual([
      [1, 'refunded', null],
      [2, 'failed', '停车场接口拒绝请求'],
    ]);
    const whole = await bill(300);
    expect((await refund(admin, { billId: whole, reason: 'z' })).statusCode).toBe(400);
    expect((await detail(whole)).state).toBe('paid');
  });

  it('keeps an unanswered refund waiting and settles it once when the sweep asks again', async () => {
    const id = await bill(800);
    operatorBehaves('sandbox://?failureRate=1');
    const res = await refund(admin, { billId: id, amount: 3, reason: 'x' });
    expect(res.statusCode).toBe(200);
    expect(data<{ state: string }>(res).state).toBe('requested');
    expect((await detail(id)).state).toBe('refunding');
    // While it waits the bill takes no other refund.
    const second = await refund(admin, { billId: id, amount: 1, reason: 'y' });
    expect([second.statusCode, msg(second)]).toEqual([
      409,
      '停车账单当前状态为「退款中」，不能执行此操作',
    ]);
    const sweeper = new BillRefundSweeper(t.app.ctx, { afterSeconds: 0 });
    const sweep = async () => {
      // A second later: the sweep asks refunds created (and last asked) before now.
      await new Promise((r) => setTimeout(r, 1100));
      for (let task = await sweeper.claim(); task; task = await sweeper.claim())
        await sweeper.run(task);
    };
    await sweep();
    expect((await detail(id)).state).toBe('refunding');
    operatorBehaves(undefined);
    await sweep();
    const b = await detail(id);
    expect([b.state, b.refundedAmount]).toEqual(['partRefunded', 3]);
    expect(b.refunds!.map((r) => [r.amount, r.state])).toEqual([[3, 'refunded']]);
    expect(b.refunds![0]!.operatorRefundNo).toMatch(/^SBR/);
    await sweep();
    expect((await refundRows(id)).map((r) => r.state)).toEqual(['refunded']);
  });

  it("answers another tenant's bill 404, and a bill of a kind the screen does not show", async () => {
    const theirLot = await t.database.db
      .selectFrom('bladeParkLot')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .executeTakeFirstOrThrow();
    const theirs = await bill(500, {}, DEMO_TENANT, theirLot.id);
    expect((await t.get(`${TEMP}/detail`, admin, { id: theirs })).statusCode).toBe(404);
    const res = await refund(admin, { billId: theirs, amount: 1, reason: 'x' });
    expect(res.statusCode).toBe(404);
    expect((await refund(tenantAdmin, { billId: theirs, amount: 1, reason: 'x' })).statusCode).toBe(
      200,
    );
    const month = await bill(500, { billType: 'monthTicket' });
    expect((await t.get(`${TEMP}/detail`, admin, { id: month })).statusCode).toBe(404);
    expect((await t.get(`${MONTH}/detail`, admin, { id: month })).statusCode).toBe(200);
  });

  it('needs the screen to read and the refund button to refund', async () => {
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    for (const path of [TEMP, MONTH, P_TEMP, P_MONTH])
      expect((await t.get(`${path}/list`, sales)).statusCode).toBe(403);
    expect((await t.get(`${FLOW}/listFlowPage`, sales)).statusCode).toBe(403);
    expect((await refund(sales, { billId: '1', amount: 1, reason: 'x' })).statusCode).toBe(403);
    expect((await t.post(LOAD, sales, {})).statusCode).toBe(403);
    const operator = await t.login('operator', DEMO_PASSWORD);
    const id = await bill(500);
    const month = await bill(500, { billType: 'monthTicket' });
    const { db } = t.database;
    const button = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'month_ticket_bill_refund')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('bladeRoleMenu').where('menuId', '=', button.id).execute();
    // The temporary refund button does not refund a month ticket.
    expect((await refund(operator, { billId: month, amount: 1, reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await refund(operator, { billId: id, amount: 1, reason: 'x' })).statusCode).toBe(200);
    const temp = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'temp_bill_refund')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('bladeRoleMenu').where('menuId', '=', temp.id).execute();
    expect((await t.get(`${TEMP}/list`, operator)).statusCode).toBe(200);
    expect((await refund(operator, { billId: id, amount: 1, reason: 'x' })).statusCode).toBe(403);
  });

  it('loads lots and bills from the operator once: a reload adds nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('bladeParkBill')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tenantId', '=', '000000')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const first = await t.post(LOAD, admin, { ids: lotId });
    expect(first.statusCode, first.body).toBe(200);
    const one = data<{ lots: number; billsAdded: number; lotsAdded: number }>(first);
    expect(one.lots).toBe(1);
    expect(one.lotsAdded).toBe(0);
    expect(await count()).toBe(before + one.billsAdded);
    const again = data<{ billsAdded: number; flowsAdded: number }>(
      await t.post(LOAD, admin, { ids: lotId }),
    );
    expect([again.billsAdded, again.flowsAdded]).toEqual([0, 0]);
    // Every lot: the sandbox's own lots are added once; http lots without settings are reported.
    const all = data<{ lotsAdded: number; failed: { message: string }[] }>(
      await t.post(LOAD, admin, {}),
    );
    expect(all.lotsAdded).toBe(3);
    expect(all.failed.every((f) => f.message === '停车场接口未配置')).toBe(true);
    const mid = await count();
    const twice = data<{ lotsAdded: number; billsAdded: number }>(await t.post(LOAD, admin, {}));
    expect([twice.lotsAdded, twice.billsAdded]).toEqual([0, 0]);
    expect(await count()).toBe(mid);
    // Another tenant's lot id: 404; the operator down: 400 and nothing recorded.
    const theirLot = await t.database.db
      .selectFrom('bladeParkLot')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .executeTakeFirstOrThrow();
    expect((await t.post(LOAD, admin, { ids: theirLot.id })).statusCode).toBe(404);
    operatorBehaves('sandbox://?failureRate=1');
    const down = await t.post(LOAD, admin, { ids: lotId });
    expect([down.statusCode, msg(down)]).toEqual([400, '停车场接口暂不可用，请稍后重试']);
  });
});
