import { sql, type Kysely, type Selectable } from 'kysely';
import { clientOrderLifecycle } from '../../../../machines/lifecycles/client-order-machine.js';
import { placeOrderFailLifecycle } from '../../../../machines/lifecycles/place-order-fail-machine.js';
import { LEDGER_REASONS } from '../../../../src/contracts/server-texts.js';
import type { DB, PlaceOrderFailTable } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { moveRecord, transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { nowText } from '../../../lib/time.js';
import type { FulfilContext } from '../../platform-supplier/order/fulfil.js';
import { resendCallback } from '../callback/worker.js';
import { changePrepay } from '../prepay/ledger.js';
import { takeAppStock } from '../stock/ledger.js';
import { clientOrderRow, writeClientOrderMove } from './order-row.js';
import { fulfilClientOrder } from './place-order.js';

/**
 * An operator's handling of a failed place-order (issue 27 item 6; placeOrderFailLifecycle):
 * close (nothing more will happen: the order is closed), resend (the failure delivered to the
 * app again), reissue (the order charged again and fulfilled: success settles the record as
 * reissued; a failure returns the charge and leaves it open with the new reason). Each move is
 * a conditional update on the record's state and version, so of concurrent handlings one wins
 * and the others answer 409 naming the state they found.
 */

export type PlaceOrderFailRow = Selectable<PlaceOrderFailTable>;

export async function failRow(db: Kysely<DB>, tenantId: string, id: string) {
  const row = await db
    .selectFrom('bladePlaceOrderFail')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row && { ...row, version: Number(row.version), amount: Number(row.amount) };
}

const writeFailMove =
  (trx: Kysely<DB>, set: Record<string, unknown>) => async (row: PlaceOrderFailRow, to: string) =>
    Number(
      (
        await trx
          .updateTable('bladePlaceOrderFail')
          .set({ ...set, state: to, version: sql<number>`version + 1` })
          .where('tenantId', '=', row.tenantId)
          .where('id', '=', row.id)
          .where('state', '=', row.state)
          .where('version', '=', row.version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1;

interface Handling {
  tenantId: string;
  id: string;
  userId: string | null;
  remark?: string | null;
}

export async function closeFailOrder(ctx: Pick<FulfilContext, 'db'>, a: Handling) {
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    const { row } = await moveRecord(
      placeOrderFailLifecycle,
      'close',
      () => failRow(trx, a.tenantId, a.id),
      writeFailMove(trx, {
        handleUser: a.userId,
        handleTime: now,
        handleRemark: a.remark ?? null,
        updateTime: now,
        updateUser: a.userId,
      }),
    );
    await moveRecord(
      clientOrderLifecycle,
      'close',
      () => clientOrderRow(trx, a.tenantId, row.orderId),
      (order, to) =>
        writeClientOrderMove(trx, order, to, { updateTime: now, updateUser: a.userId }),
    );
  });
  return (await failRow(ctx.db, a.tenantId, a.id))!;
}

export async function resendFailOrder(ctx: Pick<FulfilContext, 'db'>, a: Handling) {
  const { row } = await ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    return moveRecord(
      placeOrderFailLifecycle,
      'resend',
      () => failRow(trx, a.tenantId, a.id),
      writeFailMove(trx, {
        handleUser: a.userId,
        handleTime: now,
        handleRemark: a.remark ?? null,
        updateTime: now,
        updateUser: a.userId,
      }),
    );
  });
  await resendCallback(ctx, a.tenantId, row.orderId);
  return (await failRow(ctx.db, a.tenantId, a.id))!;
}

/**
 * Reissue: the order failed -> fulfilling with its amount charged again in one transaction (too
 * little prepay: 400, nothing written), then fulfilled as a new order would be.
 */
export async function reissueFailOrder(ctx: FulfilContext, a: Handling) {
  const record = await failRow(ctx.db, a.tenantId, a.id);
  if (!record) throw notFound();
  transitionOrConflict(placeOrderFailLifecycle, record.state, 'reissue');
  const order = await ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    const { row } = await moveRecord(
      clientOrderLifecycle,
      'reissue',
      () => clientOrderRow(trx, a.tenantId, record.orderId),
      (current, to) =>
        writeClientOrderMove(trx, current, to, {
          lastError: null,
          finishTime: null,
          updateTime: now,
          updateUser: a.userId,
        }),
    );
    await changePrepay(trx, {
      tenantId: a.tenantId,
      appId: row.appId,
      amount: -row.amount,
      changeType: 'order',
      reason: LEDGER_REASONS.clientReissue.zh,
      sourceId: row.id,
      sourceNo: row.orderNo,
      userId: a.userId,
    });
    await takeAppStock(trx, {
      tenantId: a.tenantId,
      appId: row.appId,
      productId: row.productId,
      quantity: row.quantity,
      orderId: row.id,
      orderNo: row.orderNo,
      userId: a.userId,
    });
    return (await clientOrderRow(trx, a.tenantId, row.id))!;
  });
  await fulfilClientOrder(ctx, order, a.userId, { reissue: true });
  return (await failRow(ctx.db, a.tenantId, a.id))!;
}

/**
 * Cancel (an order not yet fulfilling: created or paid): cancelled, and a paid order's charge
 * returned in the same transaction.
 */
export async function cancelClientOrder(ctx: Pick<FulfilContext, 'db'>, a: Handling) {
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    const { row } = await moveRecord(
      clientOrderLifecycle,
      'cancel',
      () => clientOrderRow(trx, a.tenantId, a.id),
      (current, to) =>
        writeClientOrderMove(trx, current, to, {
          finishTime: now,
          updateTime: now,
          updateUser: a.userId,
        }),
    );
    if (row.state === 'paid' && row.amount > 0)
      await changePrepay(trx, {
        tenantId: a.tenantId,
        appId: row.appId,
        amount: row.amount,
        changeType: 'cancel',
        reason: LEDGER_REASONS.clientCancel.zh,
        sourceId: row.id,
        sourceNo: row.orderNo,
        userId: a.userId,
      });
  });
  // The move above answered 404 for a missing order: it is there.
  return (await clientOrderRow(ctx.db, a.tenantId, a.id))!;
}
