import { sql, type Kysely, type Selectable } from 'kysely';
import { parkBillLifecycle } from '../../../../machines/lifecycles/park-bill-machine.js';
import { refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import {
  refundLifecycle,
  type RefundState,
} from '../../../../machines/lifecycles/refund-machine.js';
import { formatYuan } from '../../../../src/contracts/money.js';
import { overRefundMessage } from '../../../../src/contracts/platform-parking/park-bill.js';
import type { AppContext } from '../../../context.js';
import type { DB, ParkBillRefundTable, ParkBillTable } from '../../../db/schema.js';
import { badInput, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { moveRecord, transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { nowText } from '../../../lib/time.js';
import { DriverError, parkingDriver } from '../driver/index.js';

export type BillRow = Selectable<ParkBillTable>;
export type BillRefundRow = Selectable<ParkBillRefundTable>;
type RefundContext = Pick<AppContext, 'db' | 'config'>;

/** A refund's first state: recorded, the operator not yet answered. */
const REQUESTED: RefundState = 'requested';
/** Driver failures that are the operator's answer: the refund did not happen. */
const DEFINITE = new Set<DriverError['kind']>(['refused', 'not-configured']);

/**
 * refundFee (issue 28 item 1): `fen` of a bill back to the payer (absent: all that is left), in
 * three steps so that no lock is held while the operator answers (like supplier fulfilment):
 * 1. one transaction holds the bill (paid/partRefunded -> refunding, conditional on its state and
 *    version: of concurrent refunds one wins, the others are refused naming the state), checks
 *    the amount against paid minus refunded, and records the refund `requested` with its number;
 * 2. the operator is asked, outside any transaction, with that number (it refunds a number once);
 * 3. its answer is written in one transaction (`settleRefund`): done -> the refund `refunded`, a
 *    smart-pay refund flow, the bill refunded or partRefunded with its refundedAmount; refused ->
 *    the refund `failed` with the reason and the bill back where it was. No answer (timeout, the
 *    operator down, a garbled reply) leaves both waiting: `BillRefundSweeper` asks again with the
 *    same number, so a refund is never lost and never paid twice.
 */
export async function refundBill(
  ctx: RefundContext,
  a: {
    tenantId: string;
    billId: string;
    billTypes: readonly string[];
    fen: number | undefined;
    reason: string;
    userId: string | null;
  },
): Promise<BillRefundRow> {
  const refund = await ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    const read = () =>
      trx
        .selectFrom('bladeParkBill')
        .selectAll()
        .where('tenantId', '=', a.tenantId)
        .where('id', '=', a.billId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
        .then((bill) => (bill && a.billTypes.includes(bill.billType) ? bill : undefined));
    const { row: bill } = await moveRecord(
      parkBillLifecycle,
      'refund',
      read,
      async (current, to) =>
        Number(
          (
            await trx
              .updateTable('bladeParkBill')
              .set({ state: to, updateTime: now, updateUser: a.userId, version: sql`version + 1` })
              .where('tenantId', '=', a.tenantId)
              .where('id', '=', current.id)
              .where('state', '=', current.state)
              .where('version', '=', current.version)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1,
    );
    const refundable = Number(bill.paidAmount) - Number(bill.refundedAmount);
    const fen = a.fen ?? refundable;
    if (fen < 1 || fen > refundable)
      throw badInput(`amount:${overRefundMessage(formatYuan(refundable), formatYuan(fen))}`);
    const id = nextId();
    const row: BillRefundRow = {
      id,
      tenantId: a.tenantId,
      refundNo: `PR${now.slice(0, 10).replaceAll('-', '')}${id}`,
      billId: bill.id,
      billNo: bill.billNo,
      amount: fen,
      reason: a.reason,
      state: REQUESTED,
      operatorRefundNo: null,
      failReason: null,
      createUser: a.userId,
      createDept: null,
      createTime: now,
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    };
    await trx.insertInto('bladeParkBillRefund').values(row).execute();
    return row;
  });
  return (await settleRefund(ctx, refund)) ?? refund;
}

/**
 * Asks the operator for a `requested` refund and writes its answer; undefined when it gave none
 * (the refund and its bill wait for the sweep). A refusal is answered as the failed refund.
 */
export async function settleRefund(
  ctx: RefundContext,
  refund: BillRefundRow,
): Promise<BillRefundRow | undefined> {
  const lot = await ctx.db
    .selectFrom('bladeParkBill as b')
    .innerJoin('bladeParkLot as l', (j) =>
      j.onRef('l.id', '=', 'b.lotId').onRef('l.tenantId', '=', 'b.tenantId'),
    )
    .select(['l.lotCode', 'l.operator'])
    .where('b.tenantId', '=', refund.tenantId)
    .where('b.id', '=', refund.billId)
    .executeTakeFirst();
  if (!lot) throw notFound();
  let answer: { refundNo: string } | { failed: string };
  try {
    answer = await parkingDriver(ctx, lot.operator).refund(
      { billNo: refund.billNo, lotCode: lot.lotCode },
      Number(refund.amount),
      refund.refundNo,
    );
  } catch (error) {
    if (!(error instanceof DriverError)) throw error;
    if (!DEFINITE.has(error.kind)) return undefined;
    answer = { failed: error.message };
  }
  return ctx.db.transaction().execute((trx) => writeAnswer(trx, refund, answer));
}

/** The refund and its bill after the operator's answer, in the caller's transaction. */
async function writeAnswer(
  trx: Kysely<DB>,
  refund: BillRefundRow,
  answer: { refundNo: string } | { failed: string },
): Promise<BillRefundRow> {
  const now = nowText();
  const done = 'refundNo' in answer;
  const state = transitionOrConflict(refundLifecycle, refund.state, done ? 'complete' : 'fail');
  const moved = await trx
    .updateTable('bladeParkBillRefund')
    .set({
      state,
      operatorRefundNo: done ? answer.refundNo : null,
      failReason: done ? null : answer.failed,
      updateTime: now,
    })
    .where('tenantId', '=', refund.tenantId)
    .where('id', '=', refund.id)
    .where('state', '=', refund.state)
    .executeTakeFirst();
  // Settled meanwhile (the sweep and the request both had an answer): the first one counts.
  if (Number(moved.numUpdatedRows) !== 1) throw conflict(refusedMessage(refundLifecycle, state));
  const bill = await trx
    .selectFrom('bladeParkBill')
    .selectAll()
    .where('tenantId', '=', refund.tenantId)
    .where('id', '=', refund.billId)
    .executeTakeFirstOrThrow();
  const fen = Number(refund.amount);
  const refundedAmount = Number(bill.refundedAmount) + (done ? fen : 0);
  const event = done
    ? refundedAmount === Number(bill.paidAmount)
      ? 'refundAll'
      : 'refundPart'
    : refundedAmount === 0
      ? 'refundFailed'
      : 'refundFailedPart';
  const billMoved = await trx
    .updateTable('bladeParkBill')
    .set({
      state: transitionOrConflict(parkBillLifecycle, bill.state, event),
      refundedAmount,
      updateTime: now,
      version: sql`version + 1`,
    })
    .where('tenantId', '=', refund.tenantId)
    .where('id', '=', bill.id)
    .where('state', '=', bill.state)
    .where('version', '=', bill.version)
    .executeTakeFirst();
  if (Number(billMoved.numUpdatedRows) !== 1)
    throw conflict(refusedMessage(parkBillLifecycle, bill.state));
  if (done) await refundFlow(trx, bill, fen, refund, now);
  return {
    ...refund,
    state,
    operatorRefundNo: done ? answer.refundNo : null,
    updateTime: now,
    failReason: done ? null : answer.failed,
  };
}

/** A smart-pay bill's refund goes back the way it came: a refund flow beside its deduction. */
async function refundFlow(
  trx: Kysely<DB>,
  bill: BillRow,
  fen: number,
  refund: BillRefundRow,
  now: string,
) {
  const deduction = await trx
    .selectFrom('bladeParkPayFlow')
    .select(['payChannel'])
    .where('tenantId', '=', bill.tenantId)
    .where('billNo', '=', bill.billNo)
    .where('flowType', '=', 'deduct')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!deduction) return;
  await trx
    .insertInto('bladeParkPayFlow')
    .values({
      id: nextId(),
      tenantId: bill.tenantId,
      flowNo: `FR${refund.id}`,
      billNo: bill.billNo,
      lotId: bill.lotId,
      plateNo: bill.plateNo,
      flowType: 'refund',
      amount: fen,
      payChannel: deduction.payChannel,
      flowState: 'success',
      failReason: null,
      flowTime: now,
      createUser: refund.createUser,
      createDept: null,
      createTime: now,
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    })
    .execute();
}
