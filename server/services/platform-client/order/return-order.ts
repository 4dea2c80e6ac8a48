import type { Selectable } from 'kysely';
import { clientOrderLifecycle } from '../../../../machines/lifecycles/client-order-machine.js';
import { refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import type { ClientReturnOrderTable } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { moveRecord, transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import type { FulfilContext } from '../../platform-supplier/order/fulfil.js';
import { refundOrder } from '../../platform-supplier/order/refund.js';
import { enqueueCallback } from '../callback/outbox.js';
import { clientReturnNoOf } from '../numbers.js';
import { changePrepay } from '../prepay/ledger.js';
import { giveBackAppStock } from '../stock/ledger.js';
import { LEDGER_REASONS } from '../../../../src/contracts/server-texts.js';
import { clientOrderRow, writeClientOrderMove } from './order-row.js';

export type ClientReturnRow = Selectable<ClientReturnOrderTable>;

/**
 * A return of a client order (issue 27 item 5: the open API's return, the console's return and
 * order-return): `quantity` of the order's still-issued codes (all of them when absent) go back
 * through the supplier side's refund, and in that refund's one transaction this order moves
 * success/partReturned -> returning -> returned/partReturned, a client return order records it,
 * the app's prepay is credited its share of the amount (the last return takes what remains, so
 * returns in parts give back exactly the amount) and the app's callback is queued. Of concurrent
 * returns of one order the supplier order's row lets one go first; the others find fewer codes
 * or a state that refuses (409), so an order is never returned twice.
 */
export async function returnClientOrder(
  ctx: FulfilContext,
  a: {
    tenantId: string;
    orderId: string;
    quantity?: number | undefined;
    reason: string;
    userId: string | null;
  },
): Promise<ClientReturnRow> {
  const { tenantId, userId } = a;
  const order = await clientOrderRow(ctx.db, tenantId, a.orderId);
  if (!order) throw notFound();
  transitionOrConflict(clientOrderLifecycle, order.state, 'return');
  if (!order.supOrderId) throw conflict(refusedMessage(clientOrderLifecycle, order.state));
  let returnId = '';
  await refundOrder(ctx, {
    tenantId,
    orderId: order.supOrderId,
    quantity: a.quantity,
    reason: a.reason,
    userId,
    within: async (trx, refund, now) => {
      const { row: current, to: returning } = await moveRecord(
        clientOrderLifecycle,
        'return',
        () => clientOrderRow(trx, tenantId, order.id),
        (row, to) => writeClientOrderMove(trx, row, to, { updateTime: now, updateUser: userId }),
      );
      const returnedQuantity = current.returnedQuantity + refund.quantity;
      const last = returnedQuantity >= current.quantity;
      const amount = last
        ? current.amount - current.returnedAmount
        : Math.floor((current.amount * refund.quantity) / current.quantity);
      const final = transitionOrConflict(
        clientOrderLifecycle,
        returning,
        last ? 'returnAll' : 'returnPart',
      );
      const moved = await writeClientOrderMove(
        trx,
        { ...current, state: returning, version: current.version + 1 },
        final,
        {
          returnedQuantity,
          returnedAmount: current.returnedAmount + amount,
          updateTime: now,
          updateUser: userId,
        },
      );
      if (!moved) throw conflict(refusedMessage(clientOrderLifecycle, returning));
      returnId = nextId();
      const returnNo = clientReturnNoOf(returnId, now);
      await trx
        .insertInto('bladeClientReturnOrder')
        .values({
          id: returnId,
          tenantId,
          returnNo,
          orderId: current.id,
          orderNo: current.orderNo,
          outOrderNo: current.outOrderNo,
          clientId: current.clientId,
          appId: current.appId,
          productId: current.productId,
          quantity: refund.quantity,
          amount,
          reason: a.reason.slice(0, 500),
          supReturnId: refund.id,
          state: 'returned',
          failReason: null,
          finishTime: now,
          createUser: userId,
          createDept: null,
          createTime: now,
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted: 0,
        })
        .execute();
      if (amount !== 0)
        await changePrepay(trx, {
          tenantId,
          appId: current.appId,
          amount,
          changeType: 'return',
          reason: LEDGER_REASONS.clientReturn.zh,
          sourceId: returnId,
          sourceNo: returnNo,
          userId,
        });
      await giveBackAppStock(trx, {
        tenantId,
        appId: current.appId,
        productId: current.productId,
        quantity: refund.quantity,
        changeType: 'return',
        sourceId: returnId,
        sourceNo: returnNo,
        userId,
      });
      await enqueueCallback(
        trx,
        (await clientOrderRow(trx, tenantId, current.id))!,
        'order.returned',
        now,
      );
    },
  });
  return (await ctx.db
    .selectFrom('bladeClientReturnOrder')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', returnId)
    .executeTakeFirstOrThrow()) as ClientReturnRow;
}
