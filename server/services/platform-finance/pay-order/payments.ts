import type { Kysely, Selectable } from 'kysely';
import { payOrderLifecycle } from '../../../../machines/lifecycles/pay-order-machine.js';
import { formatYuan } from '../../../../src/contracts/money.js';
import {
  FINANCE_TEXTS,
  PAY_ORDER,
  PAY_ORDER_CALLS,
  PAY_ORDER_REFUSALS,
  refundOverMessage,
  type PayChannel,
  type PaySourceType,
} from '../../../../src/contracts/platform-finance/pay-order.js';
import type { AppContext } from '../../../context.js';
import type { DB, PayOrderTable, WechatPaySettingTable } from '../../../db/schema.js';
import { ApiError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { nowText } from '../../../lib/time.js';
import {
  openSecret,
  payDriver,
  PayDriverError,
  type PaidNotice,
  type PayMerchant,
} from '../driver/index.js';

/**
 * The pay order's money moves (issue 28 item 4), each through payOrderLifecycle:
 * - `createPayOrder`: what a parking bill or a client order payment calls (no console call): the
 *   tenant's enabled WeChat pay merchant places the payment, the order is `created`;
 * - `confirmPayOrder`: the driver's signed notice (POST pay-order/notify/{settingId}) -> `paid`;
 *   a repeated notice of the same payment answers the order as it is;
 * - `refundPayOrder`: part or all of the rest back (POST pay-order/refund, Idempotency-Key):
 *   `partRefunded` | `refunded`, never more than paid, the refund row and the driver's refund
 *   in one transaction (a driver failure rolls it back);
 * - `closePayOrder`: an unpaid order closed with the driver (POST pay-order/close).
 */
export type PayOrderRow = Selectable<PayOrderTable>;
type Ctx = Pick<AppContext, 'db' | 'config' | 'jwtSecret'>;

/** A merchant setting as the drivers take it (secrets opened). */
export function merchantOf(
  ctx: Pick<AppContext, 'jwtSecret'>,
  row: Selectable<WechatPaySettingTable>,
): PayMerchant {
  return {
    id: row.id,
    tenantId: row.tenantId,
    driver: row.driver,
    mchId: row.mchId,
    appId: row.appId,
    serialNo: row.serialNo,
    apiV3Key: openSecret(ctx, row.apiV3Key),
    privateKey: openSecret(ctx, row.privateKey),
    platformCert: row.platformCert,
  };
}

/** The tenant's enabled WeChat pay merchant; 400 when there is none. */
export async function enabledMerchant(ctx: Ctx, tenantId: string): Promise<PayMerchant> {
  const row = await ctx.db
    .selectFrom('bladeWechatPaySetting')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('enabled', '=', 1)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw badRequest(PAY_ORDER_REFUSALS.notConfigured.zh);
  return merchantOf(ctx, row);
}

/** A driver failure as the answer: 502 with its zh text (no credentials). */
export function driverFailure(error: unknown): never {
  if (error instanceof PayDriverError)
    throw new ApiError(error.kind === 'badNotice' ? 400 : 502, error.message);
  throw error;
}

/** The openid shown: its first 6 and last 4 characters. */
export const maskPayer = (openId: string) =>
  openId.length > 10 ? `${openId.slice(0, 6)}****${openId.slice(-4)}` : openId ? '****' : null;

export async function createPayOrder(
  ctx: Ctx,
  a: {
    tenantId: string;
    subject: string;
    amountFen: number;
    channel: PayChannel;
    sourceType: PaySourceType;
    sourceId: string;
    userId: string | null;
    /** Public base of the server (the notify url); the http driver needs it. */
    baseUrl?: string;
    /** The create time (the demo's history); now by default. */
    at?: string;
  },
): Promise<PayOrderRow> {
  if (!Number.isInteger(a.amountFen) || a.amountFen < 1)
    throw badRequest(FINANCE_TEXTS.amountPositive.zh);
  const merchant = await enabledMerchant(ctx, a.tenantId);
  const id = nextId();
  const outTradeNo = `WX${id}`;
  const at = a.at ?? nowText();
  await payDriver(ctx, merchant)
    .createPayment(merchant, {
      outTradeNo,
      amountFen: a.amountFen,
      subject: a.subject,
      channel: a.channel,
      notifyUrl: `${a.baseUrl ?? ''}/api/${PAY_ORDER}/${PAY_ORDER_CALLS.notify}/${merchant.id}`,
    })
    .catch(driverFailure);
  const row = {
    id,
    tenantId: a.tenantId,
    orderNo: `PO${at.slice(0, 10).replaceAll('-', '')}${id}`,
    outTradeNo,
    settingId: merchant.id,
    transactionId: null,
    payerMask: null,
    subject: a.subject.slice(0, 128),
    amount: a.amountFen,
    refundedAmount: 0,
    channel: a.channel,
    state: 'created',
    payTime: null,
    closeTime: null,
    sourceType: a.sourceType,
    sourceId: a.sourceId,
    createUser: a.userId,
    createDept: null,
    createTime: at,
    updateUser: a.userId,
    updateTime: at,
    status: 1,
    isDeleted: 0,
    version: 1,
  };
  await ctx.db.insertInto('bladePayOrder').values(row).execute();
  return row;
}

const orderOf = (db: Kysely<DB>, tenantId: string, id: string) =>
  db
    .selectFrom('bladePayOrder')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();

/** Writes a move when the order is still at the version read; false when another move won. */
async function writeMove(
  db: Kysely<DB>,
  order: PayOrderRow,
  set: Partial<PayOrderRow>,
  userId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('bladePayOrder')
    .set({ ...set, version: order.version + 1, updateUser: userId, updateTime: nowText() })
    .where('id', '=', order.id)
    .where('version', '=', order.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const ATTEMPTS = 5;

/** The driver's notice of a payment: the order (of the merchant's tenant) becomes paid. */
export async function confirmPayOrder(
  ctx: Ctx,
  merchant: PayMerchant,
  paid: PaidNotice,
): Promise<PayOrderRow> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const order = await ctx.db
      .selectFrom('bladePayOrder')
      .selectAll()
      .where('tenantId', '=', merchant.tenantId)
      .where('outTradeNo', '=', paid.outTradeNo)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!order) throw notFound();
    // WeChat pay repeats a notice until it is answered: the same payment again is no change.
    if (order.transactionId === paid.transactionId && order.state !== 'created') return order;
    if (paid.amountFen !== order.amount) throw badRequest(PAY_ORDER_REFUSALS.amountMismatch.zh);
    const to = transitionOrConflict(payOrderLifecycle, order.state, 'pay');
    const set = {
      state: to,
      transactionId: paid.transactionId,
      payerMask: maskPayer(paid.payerOpenId),
      payTime: paid.paidTime,
    };
    if (await writeMove(ctx.db, order, set, null)) return { ...order, ...set };
  }
  throw conflict(FINANCE_TEXTS.busy.zh);
}

export async function refundPayOrder(
  ctx: Ctx,
  a: { tenantId: string; id: string; amountFen: number; reason: string | null; userId: string },
): Promise<PayOrderRow> {
  if (!Number.isInteger(a.amountFen) || a.amountFen < 1)
    throw badRequest(`amount:${PAY_ORDER_REFUSALS.amount.zh}`);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const order = await orderOf(trx, a.tenantId, a.id);
      if (!order) throw notFound();
      const paid = order.state === 'paid' || order.state === 'partRefunded';
      const rest = order.amount - order.refundedAmount;
      if (paid && a.amountFen > rest) throw badRequest(refundOverMessage(formatYuan(rest)));
      const event = a.amountFen === rest ? 'refundAll' : 'refundPart';
      const to = transitionOrConflict(payOrderLifecycle, order.state, event);
      const set = { state: to, refundedAmount: order.refundedAmount + a.amountFen };
      if (!(await writeMove(trx, order, set, a.userId))) return undefined;
      const refundId = nextId();
      const refundNo = `RF${refundId}`;
      const setting = await trx
        .selectFrom('bladeWechatPaySetting')
        .selectAll()
        .where('id', '=', order.settingId ?? '')
        .where('tenantId', '=', a.tenantId)
        .executeTakeFirst();
      if (!setting) throw badRequest(PAY_ORDER_REFUSALS.notConfigured.zh);
      const merchant = merchantOf(ctx, setting);
      const answer = await payDriver(ctx, merchant)
        .refund(merchant, {
          outTradeNo: order.outTradeNo,
          outRefundNo: refundNo,
          amountFen: a.amountFen,
          totalFen: order.amount,
        })
        .catch(driverFailure);
      await trx
        .insertInto('bladePayRefund')
        .values({
          id: refundId,
          tenantId: a.tenantId,
          payOrderId: order.id,
          refundNo,
          refundId: answer.refundId,
          amount: a.amountFen,
          reason: a.reason,
          createUser: a.userId,
          createTime: nowText(),
        })
        .execute();
      return { ...order, ...set, version: order.version + 1 };
    });
    if (moved) return moved;
  }
  throw conflict(FINANCE_TEXTS.busy.zh);
}

export async function closePayOrder(
  ctx: Ctx,
  a: { tenantId: string; id: string; userId: string },
): Promise<PayOrderRow> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const order = await orderOf(ctx.db, a.tenantId, a.id);
    if (!order) throw notFound();
    const to = transitionOrConflict(payOrderLifecycle, order.state, 'close');
    const setting = await ctx.db
      .selectFrom('bladeWechatPaySetting')
      .selectAll()
      .where('id', '=', order.settingId ?? '')
      .where('tenantId', '=', a.tenantId)
      .executeTakeFirst();
    if (setting) {
      const merchant = merchantOf(ctx, setting);
      await payDriver(ctx, merchant).close(merchant, order.outTradeNo).catch(driverFailure);
    }
    const set = { state: to, closeTime: nowText() };
    if (await writeMove(ctx.db, order, set, a.userId))
      return { ...order, ...set, version: order.version + 1 };
  }
  throw conflict(FINANCE_TEXTS.busy.zh);
}
