import { sql, type Kysely } from 'kysely';
import { clientOrderLifecycle } from '../../../../machines/lifecycles/client-order-machine.js';
import {
  placeOrderFailLifecycle,
  type PlaceOrderFailState,
} from '../../../../machines/lifecycles/place-order-fail-machine.js';
import { LEDGER_REASONS } from '../../../../src/contracts/server-texts.js';
import type { DB } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import { statesAllowing } from '../../../../machines/lifecycles/lifecycle.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { enqueueCallback } from '../callback/outbox.js';
import { changePrepay } from '../prepay/ledger.js';
import { giveBackAppStock } from '../stock/ledger.js';
import { clientOrderRow, writeClientOrderMove, type ClientOrderRow } from './order-row.js';

const FAILED = transitionOrConflict(clientOrderLifecycle, 'fulfilling', 'fail');
const OPEN: PlaceOrderFailState = 'open';
/** The place-order-fail states an operator has yet to handle. */
export const OPEN_FAIL_STATES = statesAllowing(placeOrderFailLifecycle, 'close');

/**
 * A `fulfilling` order that could not be fulfilled, in the caller's transaction: the order
 * `failed` with the reason, its prepay returned through the ledger, its place-order-fail opened
 * (or, for a reissue that failed again, the open one given the new reason) and the app's
 * callback queued. An order no longer `fulfilling` (handled meanwhile) is left alone, so the
 * prepay is never returned twice.
 */
export async function failClientOrder(
  trx: Kysely<DB>,
  order: Pick<ClientOrderRow, 'tenantId' | 'id'>,
  reason: string,
  now: string,
  userId: string | null,
  links: { supOrderId?: string; goodId?: string } = {},
): Promise<boolean> {
  const current = await clientOrderRow(trx, order.tenantId, order.id);
  if (!current || current.state !== 'fulfilling') return false;
  const won = await writeClientOrderMove(trx, current, FAILED, {
    lastError: reason.slice(0, 500),
    finishTime: now,
    updateTime: now,
    updateUser: userId,
    ...(links.supOrderId ? { supOrderId: links.supOrderId } : {}),
    ...(links.goodId ? { goodId: links.goodId } : {}),
  });
  if (!won) return false;
  await changePrepay(trx, {
    tenantId: current.tenantId,
    appId: current.appId,
    amount: current.amount,
    changeType: 'fail',
    reason: LEDGER_REASONS.clientOrderFailed.zh,
    sourceId: current.id,
    sourceNo: current.orderNo,
    userId,
  });
  await giveBackAppStock(trx, {
    tenantId: current.tenantId,
    appId: current.appId,
    productId: current.productId,
    quantity: current.quantity,
    changeType: 'fail',
    sourceId: current.id,
    sourceNo: current.orderNo,
    userId,
  });
  const reopened = await trx
    .updateTable('bladePlaceOrderFail')
    .set({
      failReason: reason.slice(0, 500),
      updateTime: now,
      updateUser: userId,
      version: sql<number>`version + 1`,
    })
    .where('tenantId', '=', current.tenantId)
    .where('orderId', '=', current.id)
    .where('state', 'in', OPEN_FAIL_STATES)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) === 0)
    await trx
      .insertInto('bladePlaceOrderFail')
      .values({
        id: nextId(),
        tenantId: current.tenantId,
        orderId: current.id,
        orderNo: current.orderNo,
        outOrderNo: current.outOrderNo,
        clientId: current.clientId,
        appId: current.appId,
        productId: current.productId,
        quantity: current.quantity,
        amount: current.amount,
        failReason: reason.slice(0, 500),
        state: OPEN,
        handleUser: null,
        handleTime: null,
        handleRemark: null,
        createUser: userId,
        createDept: null,
        createTime: now,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
        version: 1,
      })
      .execute();
  await enqueueCallback(
    trx,
    (await clientOrderRow(trx, current.tenantId, current.id))!,
    'order.failed',
    now,
  );
  return true;
}

const REISSUED = transitionOrConflict(placeOrderFailLifecycle, OPEN, 'reissue');

/**
 * An order that ends in `success` after it had failed (a reissue) settles its open
 * place-order-fail as `reissued` in the same transaction, so the two never disagree.
 */
export async function settleFailRecord(
  trx: Kysely<DB>,
  order: Pick<ClientOrderRow, 'tenantId' | 'id'>,
  userId: string | null,
  now: string,
): Promise<void> {
  await trx
    .updateTable('bladePlaceOrderFail')
    .set({
      state: REISSUED,
      handleUser: userId,
      handleTime: now,
      updateTime: now,
      updateUser: userId,
      version: sql<number>`version + 1`,
    })
    .where('tenantId', '=', order.tenantId)
    .where('orderId', '=', order.id)
    .where('state', 'in', OPEN_FAIL_STATES)
    .where('isDeleted', '=', 0)
    .execute();
}
