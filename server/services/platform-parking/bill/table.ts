import {
  monthBillContract,
  providerMonthBillContract,
  providerTempBillContract,
  tempBillContract,
} from '../../../../src/contracts/platform-parking/park-bill.js';
import { payFlowContract } from '../../../../src/contracts/platform-parking/park-pay-flow.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';

/**
 * The parking bill lists (issue 28 item 1), declared over one table: 临停/月票 show every bill of
 * their kind, the provider screens the 权益 ones (right-temporary-bill, right-month-ticket-bill).
 * Bills are written by the driver load and the refund only (bill/refund.ts): no submit, no remove.
 */
const BILL_COLUMNS = [
  'billNo',
  'billType',
  'lotId',
  'plateNo',
  'enterTime',
  'leaveTime',
  'parkMinutes',
  'ticketStart',
  'ticketEnd',
  'amountDue',
  'discountAmount',
  'rightDeduction',
  'paidAmount',
  'refundedAmount',
  'payChannel',
  'payTime',
  'payMode',
  'supId',
  'rightCode',
  'providerCode',
  'providerName',
  'state',
  'billTime',
] as const;

/** A bill's detail carries its refunds (yuan), oldest first: the refund visible on the bill. */
async function withRefunds(call: TableCall, rows: { id: string }[]) {
  if (call.use !== 'detail' || rows.length !== 1) return rows;
  const refunds = await call.db
    .selectFrom('bladeParkBillRefund')
    .select([
      'id',
      'refundNo',
      'amount',
      'reason',
      'state',
      'operatorRefundNo',
      'failReason',
      'createTime',
    ])
    .where('tenantId', '=', call.user.tenantId)
    .where('billId', '=', rows[0]!.id)
    .where('isDeleted', '=', 0)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
  return [{ ...rows[0], refunds: refunds.map((r) => ({ ...r, amount: fenToYuan(r.amount) })) }];
}

const bills = (billType: 'temporary' | 'monthTicket', rightOnly: boolean) =>
  ({
    table: 'bladeParkBill',
    scope: 'tenant',
    versioned: true,
    defaultOrder: { billTime: 'desc', id: 'desc' },
    readColumns: BILL_COLUMNS,
    own: ['submit', 'remove'],
    decorate: withRefunds,
    // The screen's kind (and the 权益 ones): list, export and detail see nothing else.
    dataScope: () => (eb: ExpressionBuilder<DB, 'bladeParkBill'>) =>
      rightOnly
        ? eb.and([eb('billType', '=', billType), eb('payMode', '=', 'right')])
        : eb('billType', '=', billType),
  }) as const;

export const tempBillTable = defineContractTable({
  contract: tempBillContract,
  ...bills('temporary', false),
});
export const monthBillTable = defineContractTable({
  contract: monthBillContract,
  ...bills('monthTicket', false),
});
export const providerTempBillTable = defineContractTable({
  contract: providerTempBillContract,
  ...bills('temporary', true),
});
export const providerMonthBillTable = defineContractTable({
  contract: providerMonthBillContract,
  ...bills('monthTicket', true),
});

/** 无感支付: autoPay/flow listFlowPage + exportFlow. */
export const payFlowTable = defineContractTable({
  contract: payFlowContract,
  table: 'bladeParkPayFlow',
  scope: 'tenant',
  defaultOrder: { flowTime: 'desc', id: 'desc' },
  readColumns: [
    'flowNo',
    'billNo',
    'lotId',
    'plateNo',
    'flowType',
    'amount',
    'payChannel',
    'flowState',
    'failReason',
    'flowTime',
  ],
  own: ['submit', 'remove'],
});
