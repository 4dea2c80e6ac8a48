import { sql, type Selectable } from 'kysely';
import { parkBillLifecycle } from '../../../../machines/lifecycles/park-bill-machine.js';
import { refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import { refundLifecycle } from '../../../../machines/lifecycles/refund-machine.js';
import { formatYuan } from '../../../../src/contracts/money.js';
import { overRefundMessage } from '../../../../src/contracts/platform-parking/park-bill.js';
import type { AppContext } from '../../../context.js';
import type { ParkBillRefundTable, ParkBillTable } from '../../../db/schema.js';
import { badInput, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { moveRecord, transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { nowText } from '../../../lib/time.js';
import { DriverError, parkingDriver } from '../driver/index.js';

export type BillRow = Selectable<ParkBillTable>;
export type BillRefundRow = Selectable<ParkBillRefundTable>;

/**
 * refundFee (issue 28 item 1): `fen` of a bill back to the payer (absent: all that is left), in
 * one transaction: the bill paid/partRefunded -> refunding (a conditional update on its state and
 * version, so of concurrent refunds one holds the bill and the others read it again after it),
 * the amount checked against paid minus refunded under that hold, the refund sent through the
 * lot's operator driver (a refusal rolls everything back: the bill is unchanged), one refund
 * record, and the bill -> refunded (all back) or partRefunded with its refundedAmount.
 */
export async function refundBill(
  ctx: Pick<AppContext, 'db' | 'config'>,
  a: {
    tenantId: string;
    billId: string;
    billTypes: readonly string[];
    fen: number | undefined;
    reason: string;
    userId: string | null;
  },
): Promise<BillRefundRow> {
  const refundId = await ctx.db.transaction().execute(async (trx) => {
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
    const { row: bill, to: refunding } = await moveRecord(
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

    const lot = await trx
      .selectFrom('bladeParkLot')
      .select(['lotCode', 'operator'])
      .where('tenantId', '=', a.tenantId)
      .where('id', '=', bill.lotId)
      .executeTakeFirst();
    if (!lot) throw notFound();
    let operatorRefundNo: string;
    try {
      ({ refundNo: operatorRefundNo } = await parkingDriver(ctx, lot.operator).refund(
        { billNo: bill.billNo, lotCode: lot.lotCode },
        fen,
      ));
    } catch (error) {
      // 400 with the driver's zh message (not 5xx: the console reads those as a lost connection).
      if (error instanceof DriverError) throw badRequest(error.message);
      throw error;
    }

    const id = nextId();
    await trx
      .insertInto('bladeParkBillRefund')
      .values({
        id,
        tenantId: a.tenantId,
        refundNo: `PR${now.slice(0, 10).replaceAll('-', '')}${id}`,
        billId: bill.id,
        billNo: bill.billNo,
        amount: fen,
        reason: a.reason,
        state: transitionOrConflict(refundLifecycle, 'requested', 'complete'),
        operatorRefundNo,
        createUser: a.userId,
        createDept: null,
        createTime: now,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    // A smart-pay bill's refund goes back the way it came: a refund flow beside its deduction.
    const deduction = await trx
      .selectFrom('bladeParkPayFlow')
      .select(['payChannel'])
      .where('tenantId', '=', a.tenantId)
      .where('billNo', '=', bill.billNo)
      .where('flowType', '=', 'deduct')
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (deduction)
      await trx
        .insertInto('bladeParkPayFlow')
        .values({
          id: nextId(),
          tenantId: a.tenantId,
          flowNo: `FR${id}`,
          billNo: bill.billNo,
          lotId: bill.lotId,
          plateNo: bill.plateNo,
          flowType: 'refund',
          amount: fen,
          payChannel: deduction.payChannel,
          flowState: 'success',
          failReason: null,
          flowTime: now,
          createUser: a.userId,
          createDept: null,
          createTime: now,
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted: 0,
        })
        .execute();
    const refundedAmount = Number(bill.refundedAmount) + fen;
    const final = transitionOrConflict(
      parkBillLifecycle,
      refunding,
      refundedAmount === Number(bill.paidAmount) ? 'refundAll' : 'refundPart',
    );
    const done = await trx
      .updateTable('bladeParkBill')
      .set({ state: final, refundedAmount, updateTime: now, version: sql`version + 1` })
      .where('tenantId', '=', a.tenantId)
      .where('id', '=', bill.id)
      .where('state', '=', refunding)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw conflict(refusedMessage(parkBillLifecycle, refunding));
    return id;
  });
  return ctx.db
    .selectFrom('bladeParkBillRefund')
    .selectAll()
    .where('tenantId', '=', a.tenantId)
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow();
}
