import { sql, type Kysely, type Selectable } from 'kysely';
import { couponCodeLifecycle } from '../../../../machines/lifecycles/coupon-code-machine.js';
import { refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import { refundLifecycle } from '../../../../machines/lifecycles/refund-machine.js';
import { supOrderLifecycle } from '../../../../machines/lifecycles/sup-order-machine.js';
import type { DB, SupReturnOrderTable } from '../../../db/schema.js';
import { chunks } from '../../../lib/chunks.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { changeBalance, type BalanceOwner } from '../balance/ledger.js';
import { moveRecord, transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { returnNoOf } from '../numbers.js';
import type { FulfilContext } from './fulfil.js';
import { orderRow, writeOrderMove } from './order-row.js';

/**
 * order-refund (issue 18 item 3, domain.md "supplier order", "coupon code"): `quantity` of an
 * order's still-issued codes go back. One transaction: the order success/partRefunded ->
 * refunding (a conditional update on state and version, so of concurrent refunds of one order
 * one wins and the others answer 409) -> refunded (every code of the order refunded) or
 * partRefunded; a return order requested -> refunded; each code issued -> recovering with a
 * pending recovery record; the cost of those codes credited back to the balance the order was
 * charged to; the order's refundedQuantity and refundedAmount.
 */

export type ReturnOrderRow = Selectable<SupReturnOrderTable>;

export const refundableMessage = (refundable: number, wanted: number) =>
  `可退券码${refundable}张（已使用或已退的券码不能退），本次申请退${wanted}张`;
export const REFUND_QUANTITY_INVALID = '退款数量须为正整数';

/** The balance an order's charge went to: read from the ledgers, so a later type change does not matter. */
async function chargedOwner(
  trx: Kysely<DB>,
  order: { tenantId: string; id: string; supId: string; goodId: string },
): Promise<BalanceOwner> {
  const good = await trx
    .selectFrom('bladeSupGoodBalanceRecord')
    .select('id')
    .where('tenantId', '=', order.tenantId)
    .where('goodId', '=', order.goodId)
    .where('sourceId', '=', order.id)
    .where('changeType', 'in', ['order', 'reissue'])
    .executeTakeFirst();
  return good
    ? { kind: 'good', supId: order.supId, goodId: order.goodId }
    : { kind: 'supplier', supId: order.supId };
}

/** A share of an order total for `part` of `whole` codes, in fen, rounded down. */
const share = (total: number, part: number, whole: number) => Math.floor((total * part) / whole);

export async function refundOrder(
  ctx: FulfilContext,
  a: {
    tenantId: string;
    orderId: string;
    quantity?: number | undefined;
    reason: string;
    userId: string | null;
    /**
     * Work that commits with the refund (the client order's return, issue 27): called in the
     * refund's transaction once the codes are back and the order moved; a throw rolls it back.
     */
    within?: (
      trx: Kysely<DB>,
      refund: { id: string; returnNo: string; quantity: number; last: boolean },
      now: string,
    ) => Promise<void>;
  },
): Promise<ReturnOrderRow> {
  const { tenantId, userId } = a;
  if (a.quantity !== undefined && (!Number.isInteger(a.quantity) || a.quantity < 1))
    throw badRequest(REFUND_QUANTITY_INVALID);
  const issuedCount = async (db: Kysely<DB>) =>
    Number(
      (
        await db
          .selectFrom('bladeSupCouponCode')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenantId', '=', tenantId)
          .where('orderId', '=', a.orderId)
          .where('state', '=', 'issued')
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
      )?.n ?? 0,
    );

  const returnId = await ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    // The order's row is the lock: of concurrent refunds the first moves it, the others find
    // another state or version, read the order again and go on from what the first left (or
    // answer 409 naming a state that refuses a refund).
    const { row: order, to: refunding } = await moveRecord(
      supOrderLifecycle,
      'refund',
      () => orderRow(trx, tenantId, a.orderId),
      (current, to) => writeOrderMove(trx, current, to, { updateTime: now, updateUser: userId }),
    );
    // Counted under the order's lock: what a concurrent refund took is gone.
    const refundable = await issuedCount(trx);
    const quantity = a.quantity ?? refundable;
    if (quantity < 1 || quantity > refundable)
      throw badRequest(refundableMessage(refundable, quantity));

    const codes = await trx
      .selectFrom('bladeSupCouponCode')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('orderId', '=', order.id)
      .where('state', '=', 'issued')
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .limit(quantity)
      .execute();
    if (codes.length < quantity)
      throw badRequest(refundableMessage(await issuedCount(trx), quantity));
    const ids = codes.map((c) => c.id);
    const recovering = transitionOrConflict(couponCodeLifecycle, 'issued', 'refund');
    const back = await trx
      .updateTable('bladeSupCouponCode')
      .set({
        state: recovering,
        updateTime: now,
        updateUser: userId,
        version: sql<number>`version + 1`,
      })
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .where('state', '=', 'issued')
      .executeTakeFirst();
    if (Number(back.numUpdatedRows) !== quantity)
      throw badRequest(refundableMessage(await issuedCount(trx), quantity));

    // Amounts: a share per code, rounded down; the refund that returns the last code takes
    // what remains, so an order refunded in parts gives back exactly its totals.
    const refundedQuantity = order.refundedQuantity + quantity;
    const last = refundedQuantity === order.quantity;
    const before = await trx
      .selectFrom('bladeSupReturnOrder')
      .select([
        sql<number>`coalesce(sum(market_amount), 0)`.as('market'),
        sql<number>`coalesce(sum(actual_amount), 0)`.as('actual'),
        sql<number>`coalesce(sum(cost_amount), 0)`.as('cost'),
      ])
      .where('tenantId', '=', tenantId)
      .where('orderId', '=', order.id)
      .where('state', '=', 'refunded')
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    const part = (total: number, done: unknown) =>
      last ? total - Number(done) : share(total, quantity, order.quantity);
    const marketAmount = part(order.marketAmount, before.market);
    const actualAmount = part(order.actualAmount, before.actual);
    const costAmount = part(order.costAmount, before.cost);

    const returnId = nextId();
    const returnNo = returnNoOf(returnId, now);
    const refunded = transitionOrConflict(refundLifecycle, 'requested', 'complete');
    const audit = {
      createUser: userId,
      createDept: null,
      createTime: now,
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    };
    await trx
      .insertInto('bladeSupReturnOrder')
      .values({
        id: returnId,
        tenantId,
        returnNo,
        orderId: order.id,
        orderNo: order.orderNo,
        supId: order.supId,
        goodId: order.goodId,
        quantity,
        marketAmount,
        actualAmount,
        costAmount,
        reason: a.reason,
        state: refunded,
        failReason: null,
        finishTime: now,
        ...audit,
      })
      .execute();
    for (let i = 0; i < ids.length; i += 200)
      await trx
        .insertInto('bladeSupCouponCodeRecovery')
        .values(
          ids.slice(i, i + 200).map((codeId) => ({
            id: nextId(),
            tenantId,
            codeId,
            supId: order.supId,
            goodId: order.goodId,
            orderId: order.id,
            returnOrderId: returnId,
            state: 'pending',
            handleUser: null,
            handleTime: null,
            remark: a.reason,
            ...audit,
          })),
        )
        .execute();
    // The order no longer holds these codes (migration 033): they may go to another order once
    // the recovery record restocks them.
    for (const part of chunks(ids))
      await trx
        .updateTable('bladeSupOrderCode')
        .set({ returnOrderId: returnId, returnTime: now })
        .where('orderId', '=', order.id)
        .where('codeId', 'in', part)
        .where('returnOrderId', 'is', null)
        .execute();
    if (costAmount !== 0)
      await changeBalance(trx, {
        tenantId,
        owner: await chargedOwner(trx, order),
        amount: costAmount,
        changeType: 'refund',
        reason: a.reason,
        sourceId: returnId,
        sourceNo: returnNo,
        userId,
      });
    const final = transitionOrConflict(
      supOrderLifecycle,
      refunding,
      last ? 'refundAll' : 'refundPart',
    );
    const done = await trx
      .updateTable('bladeSupOrder')
      .set({
        state: final,
        refundedQuantity,
        refundedAmount: order.refundedAmount + costAmount,
        updateTime: now,
        version: sql<number>`version + 1`,
      })
      .where('tenantId', '=', tenantId)
      .where('id', '=', order.id)
      .where('state', '=', refunding)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw conflict(refusedMessage(supOrderLifecycle, refunding));
    await a.within?.(trx, { id: returnId, returnNo, quantity, last }, now);
    return returnId;
  });
  return (await ctx.db
    .selectFrom('bladeSupReturnOrder')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', returnId)
    .executeTakeFirstOrThrow()) as ReturnOrderRow;
}
