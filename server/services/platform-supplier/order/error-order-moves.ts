import { sql, type Kysely } from 'kysely';
import { errorOrderLifecycle } from '../../../../machines/lifecycles/error-order-machine.js';
import { refusedMessage, statesAllowing } from '../../../../machines/lifecycles/lifecycle.js';
import { supOrderLifecycle } from '../../../../machines/lifecycles/sup-order-machine.js';
import type { DB } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { moveRecord, transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { orderRow, writeOrderMove } from './order-row.js';

/**
 * Error orders and their supplier orders move together (issue 24, domain.md "Order invariants":
 * a supplier order and its error order never disagree). The order's row is the lock: every action
 * that depends on the order moves the order with a conditional update in the same transaction as
 * the error order, so of an audit, a cancel and a reissue sent together the database orders them
 * and the loser reads what won.
 *
 * - A failure writes (or renews) the order's one pending error order (`recordFailure`).
 * - The transaction in which the order reaches `success` closes its pending error order
 *   (`closeErrorOrder`): `reissued` (or `resent` through the error order's own resend), whichever
 *   path reissued the order.
 * - Audit needs the order `failed`; cancel closes the order (`failed` -> `closed`) with it, so a
 *   cancelled error order never sits beside an order that later succeeds.
 */

export interface ErrorOrderRow {
  id: string;
  tenantId: string;
  orderId: string;
  state: string;
  version: number;
  auditRemark: string | null;
}

/** The error order as stored now, with its order's state; undefined when not the tenant's. */
export async function errorOrderRow(db: Kysely<DB>, tenantId: string, id: string) {
  const row = await db
    .selectFrom('bladeSupErrorOrder as e')
    .leftJoin('bladeSupOrder as o', (j) =>
      j.onRef('o.id', '=', 'e.orderId').onRef('o.tenantId', '=', 'e.tenantId'),
    )
    .select([
      'e.id',
      'e.tenantId',
      'e.orderId',
      'e.state',
      'e.version',
      'e.auditRemark',
      'o.state as orderState',
    ])
    .where('e.tenantId', '=', tenantId)
    .where('e.id', '=', id)
    .where('e.isDeleted', '=', 0)
    .executeTakeFirst();
  return row && { ...row, version: Number(row.version) };
}

/**
 * An error order still waiting for its order (open, audited): the states its order's success
 * settles, asked of the machine once.
 */
export const PENDING_ERROR_STATES: readonly string[] = statesAllowing(
  errorOrderLifecycle,
  'settle',
);

/** Writes the error order's move, conditional on the state and version read. */
async function writeMove(
  trx: Kysely<DB>,
  row: ErrorOrderRow,
  to: string,
  set: Record<string, unknown>,
): Promise<boolean> {
  const moved = await trx
    .updateTable('bladeSupErrorOrder')
    .set({ ...set, state: to, version: sql<number>`version + 1` })
    .where('tenantId', '=', row.tenantId)
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .where('version', '=', row.version)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** The 409 of an error-order action whose order is not (or no longer) failed. */
const orderRefuses = (orderState: string | null) =>
  conflict(refusedMessage(supOrderLifecycle, orderState ?? 'failed'));

/** audit (open -> audited), only while its order is failed. */
export async function auditErrorOrder(
  db: Kysely<DB>,
  a: { tenantId: string; id: string; userId: string; remark: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowText();
    await moveRecord(
      errorOrderLifecycle,
      'audit',
      () => errorOrderRow(trx, a.tenantId, a.id),
      (row, to) => {
        // The error order's own state first (the machine, in moveRecord), then its order's.
        if (row.orderState !== 'failed') throw orderRefuses(row.orderState);
        return writeMove(trx, row, to, {
          auditUser: a.userId,
          auditTime: now,
          auditRemark: a.remark,
          updateUser: a.userId,
          updateTime: now,
        });
      },
    );
  });
}

/**
 * cancel (audited -> cancelled): its order `failed` -> `closed` in the same transaction (first:
 * the order's row is the lock a concurrent reissue also needs). The reason joins the audit remark.
 */
export async function cancelErrorOrder(
  db: Kysely<DB>,
  a: { tenantId: string; id: string; userId: string; remark: string | null; remarkMax: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowText();
    const row = await errorOrderRow(trx, a.tenantId, a.id);
    if (!row) throw notFound();
    // The error order's own state first: a refusal names it (an open one must be audited).
    transitionOrConflict(errorOrderLifecycle, row.state, 'cancel');
    await moveRecord(
      supOrderLifecycle,
      'close',
      () => orderRow(trx, a.tenantId, row.orderId),
      (order, to) => writeOrderMove(trx, order, to, { updateTime: now, updateUser: a.userId }),
    );
    await moveRecord(
      errorOrderLifecycle,
      'cancel',
      () => errorOrderRow(trx, a.tenantId, a.id),
      (current, to) =>
        writeMove(trx, current, to, {
          handleUser: a.userId,
          handleTime: now,
          updateUser: a.userId,
          updateTime: now,
          ...(a.remark
            ? {
                // One remark column: `<audit remark>；取消：<reason>`.
                auditRemark: [current.auditRemark, `取消：${a.remark}`]
                  .filter(Boolean)
                  .join('；')
                  .slice(0, a.remarkMax),
              }
            : {}),
        }),
    );
  });
}

/** Who closes a pending error order when its order succeeds: its own action, or another path. */
export type ErrorOrderCloser = { id: string; event: 'reissue' | 'resend' } | undefined;

/**
 * In the transaction where the order reaches `success`: its pending error order closes. Through
 * the error order's own reissue or resend that one error order must move (else 409 naming its
 * state, and the success rolls back); through any other path (sup-order/reissue) whichever
 * error order of the order is pending settles as `reissued`.
 */
export async function closeErrorOrder(
  trx: Kysely<DB>,
  a: { tenantId: string; orderId: string; userId: string | null; now: string },
  by: ErrorOrderCloser,
): Promise<void> {
  const set = {
    handleUser: a.userId,
    handleTime: a.now,
    updateUser: a.userId,
    updateTime: a.now,
  };
  if (!by) {
    await trx
      .updateTable('bladeSupErrorOrder')
      .set({ ...set, state: 'reissued', version: sql<number>`version + 1` })
      .where('tenantId', '=', a.tenantId)
      .where('orderId', '=', a.orderId)
      .where('state', 'in', PENDING_ERROR_STATES)
      .where('isDeleted', '=', 0)
      .execute();
    return;
  }
  await moveRecord(
    errorOrderLifecycle,
    by.event,
    () => errorOrderRow(trx, a.tenantId, by.id),
    (row, to) => writeMove(trx, row, to, set),
  );
}

/**
 * Writes a failed attempt (after the rollback, in its own transaction): the order's lastError
 * (`writeOrder`, answering whether the order is still failed), and its one pending error order:
 * the open or audited one takes the new error, else a new open one. An order that is no longer
 * failed (closed meanwhile) gets no new error order.
 */
export async function recordFailure(
  db: Kysely<DB>,
  order: { tenantId: string; id: string; orderNo: string; supId: string; goodId: string },
  error: string,
  userId: string | null,
  writeOrder: (trx: Kysely<DB>, now: string) => Promise<boolean>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowText();
    if (!(await writeOrder(trx, now))) return;
    const pending = await trx
      .updateTable('bladeSupErrorOrder')
      .set({
        errorMsg: error,
        updateTime: now,
        updateUser: userId,
        version: sql<number>`version + 1`,
      })
      .where('tenantId', '=', order.tenantId)
      .where('orderId', '=', order.id)
      .where('state', 'in', PENDING_ERROR_STATES)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (Number(pending.numUpdatedRows) > 0) return;
    await trx
      .insertInto('bladeSupErrorOrder')
      .values({
        id: nextId(),
        tenantId: order.tenantId,
        orderId: order.id,
        orderNo: order.orderNo,
        supId: order.supId,
        goodId: order.goodId,
        errorMsg: error,
        state: 'open',
        auditUser: null,
        auditTime: null,
        auditRemark: null,
        handleUser: null,
        handleTime: null,
        createUser: userId,
        createDept: null,
        createTime: now,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
  });
}
