import type { ComponentType } from 'react';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { parkBillLifecycle } from '../../../machines/lifecycles/park-bill-machine';
import {
  BILL_CODES,
  BILL_MAX_DAYS,
  monthBillContract,
  providerMonthBillContract,
  providerTempBillContract,
  tempBillContract,
  type ParkBill,
} from '../../contracts/platform-parking/park-bill';
import { defineContractResource } from '../contract-resource';
import type { ActionDef, ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<ParkBill>>;
const dialog =
  (pick: (m: typeof import('./park-bill-dialogs')) => Dialog) => (): Promise<{ default: Dialog }> =>
    import('./park-bill-dialogs').then((m) => ({ default: pick(m) }));

const HEAD = [
  { field: 'billNo', width: 210 },
  { field: 'lotName', width: 180 },
  { field: 'plateNo', width: 100 },
] as const;
const MONEY = [
  { field: 'amountDue', width: 100 },
  { field: 'discountAmount', width: 90, hiddenByDefault: true },
  { field: 'rightDeduction', width: 100 },
  { field: 'paidAmount', width: 100 },
  { field: 'refundedAmount', width: 100 },
  { field: 'payChannel', width: 110 },
  { field: 'state', width: 100 },
  { field: 'payTime', width: 170, hiddenByDefault: true },
  { field: 'billTime', width: 170 },
] as const;
const TEMP = [
  { field: 'enterTime', width: 170 },
  { field: 'leaveTime', width: 170 },
  { field: 'parkMinutes', kind: 'number', width: 110 },
] as const;
const MONTH = [
  { field: 'ticketStart', width: 170 },
  { field: 'ticketEnd', width: 170 },
] as const;
const PROVIDER = [
  { field: 'providerName', width: 150 },
  { field: 'supName', width: 150, hiddenByDefault: true },
  { field: 'rightCode', width: 140 },
] as const;
const FILTERS = ['billNo', 'plateNo', 'lotId', 'state', 'payChannel'] as const;
const RANGE = { name: 'billTime', maxDays: BILL_MAX_DAYS } as const;
const SUMS = ['amountDue', 'rightDeduction', 'paidAmount', 'refundedAmount'] as const;

/** 退款 (where the bill machine allows it) and 退款记录 (the bill's refunds). */
const actions = (refund: string, view: string): ActionDef<ParkBill>[] => [
  {
    id: 'refund',
    label: { zh: '退款', en: 'Refund' },
    permission: refund,
    color: 'red',
    when: (bill) =>
      allows(parkBillLifecycle, bill.state, 'refund') && bill.paidAmount > bill.refundedAmount,
    dialog: dialog((m) => m.RefundDialog),
  },
  {
    id: 'refunds',
    label: { zh: '退款记录', en: 'Refunds' },
    permission: view,
    readsOnly: true,
    when: (bill) => bill.refundedAmount > 0,
    dialog: dialog((m) => m.RefundsDialog),
  },
];
const label = (bill: ParkBill) => `${bill.billNo}（${bill.plateNo}）`;

/** 临停账单: every temporary bill; 支付类型 picks the 权益 ones. */
export const tempBill = defineContractResource({
  contract: tempBillContract,
  paging: 'generic',
  columns: [...HEAD, ...TEMP, ...MONEY, { field: 'payMode', width: 100 }],
  filters: [...FILTERS, 'payMode', RANGE],
  sums: SUMS,
  rowActions: actions(BILL_CODES.tempRefund, tempBillContract.codes.view!),
  recordLabel: label,
});

/** 月票账单: every month-ticket bill. */
export const monthBill = defineContractResource({
  contract: monthBillContract,
  paging: 'generic',
  columns: [...HEAD, ...MONTH, ...MONEY, { field: 'payMode', width: 100 }],
  filters: [...FILTERS, 'payMode', RANGE],
  sums: SUMS,
  rowActions: actions(BILL_CODES.monthRefund, monthBillContract.codes.view!),
  recordLabel: label,
});

/** 服务商临停账单: the temporary bills paid with a provider's right (right-temporary-bill). */
export const providerTempBill = defineContractResource({
  contract: providerTempBillContract,
  paging: 'generic',
  columns: [...HEAD, ...PROVIDER, ...TEMP, ...MONEY],
  filters: [...FILTERS, 'providerName', 'rightCode', RANGE],
  sums: SUMS,
  recordLabel: label,
});

/** 服务商月票账单: the month tickets paid with a provider's right (right-month-ticket-bill). */
export const providerMonthBill = defineContractResource({
  contract: providerMonthBillContract,
  paging: 'generic',
  columns: [...HEAD, ...PROVIDER, ...MONTH, ...MONEY],
  filters: [...FILTERS, 'providerName', 'rightCode', RANGE],
  sums: SUMS,
  recordLabel: label,
});
