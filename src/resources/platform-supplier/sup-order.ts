import type { ComponentType } from 'react';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { supOrderLifecycle } from '../../../machines/lifecycles/sup-order-machine';
import {
  SUP_ORDER_CODES,
  supOrderContract,
  type SupOrder,
} from '../../contracts/platform-supplier/sup-order';
import { SUP_RETURN_ORDER_CODES } from '../../contracts/platform-supplier/sup-return-order';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';
import { OrderCodes } from './sup-order-codes';
import { GOOD_SOURCE, SUP_ORDER_STATES } from './sup-order-options';
import { SUPPLIER_SOURCE } from './sup-good-options';

export type { SupOrder } from '../../contracts/platform-supplier/sup-order';

type Dialog = ComponentType<ActionDialogProps<SupOrder>>;
const dialogs = () => import('./sup-order-dialogs');
const named =
  (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => (): Promise<{ default: Dialog }> =>
    dialogs().then((m) => ({ default: pick(m) }));

/** The refund screen's dialog, opened with the order it is for. */
const refundDialog = (): Promise<{ default: Dialog }> =>
  import('./sup-return-order-dialog').then((m) => ({ default: m.OrderRefundDialog }));

/**
 * 供应商订单 (issue 18 item 3): orders made by fulfilment, amounts in yuan, the state named by
 * the supplier order machine in the UI language; the detail drawer lists the order's codes as
 * the server answers them; 补发, 重发 and 退款 (issue 25 item 7: the refund screen's button, this
 * order in the dialog; also in the detail drawer) only where the machine allows them (send once,
 * with an Idempotency-Key); 导出 through the export centre.
 */
export default defineContractResource({
  contract: supOrderContract,
  paging: 'generic',
  columns: [
    { field: 'orderNo', width: 220 },
    // Issue 25 item 12: the key columns fit 1440 px; the client's number is a filter and in the
    // detail, the finish time in the column menu.
    { field: 'clientOrderId', width: 200, hiddenByDefault: true },
    { field: 'supName', width: 120 },
    { field: 'goodName', width: 150 },
    { field: 'quantity', kind: 'number', width: 80 },
    { field: 'marketAmount', width: 110 },
    { field: 'actualAmount', width: 110 },
    { field: 'costAmount', width: 110 },
    { field: 'state', kind: 'tag', options: SUP_ORDER_STATES, width: 110 },
    { field: 'refundedQuantity', kind: 'number', width: 100, hiddenByDefault: true },
    { field: 'refundedActualAmount', width: 110, hiddenByDefault: true },
    { field: 'refundedAmount', width: 110, hiddenByDefault: true },
    { field: 'codeCount', kind: 'number', width: 80, hiddenByDefault: true },
    { field: 'attempts', kind: 'number', width: 90, hiddenByDefault: true },
    { field: 'lastError', width: 220, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
    { field: 'finishTime', width: 170, hiddenByDefault: true },
  ],
  filters: [
    'orderNo',
    'clientOrderId',
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    { name: 'goodId', kind: 'select', source: GOOD_SOURCE },
    { name: 'state', kind: 'select', options: SUP_ORDER_STATES },
    'createTime',
  ],
  sums: ['quantity', 'marketAmount', 'actualAmount', 'costAmount'],
  detailSection: OrderCodes,
  rowActions: [
    {
      id: 'reissue',
      label: { zh: '补发', en: 'Reissue' },
      permission: SUP_ORDER_CODES.reissue,
      when: (order) => allows(supOrderLifecycle, order.state, 'reissue'),
      dialog: named((m) => m.ReissueDialog),
    },
    {
      id: 'resend',
      label: { zh: '重发', en: 'Resend' },
      permission: SUP_ORDER_CODES.resend,
      when: (order) => allows(supOrderLifecycle, order.state, 'resend'),
      dialog: named((m) => m.ResendDialog),
    },
    {
      // The refund screen's button (the server's order-refund checks it): the dialog opens with
      // this order in it. As a row action it is also the focused row's palette command.
      id: 'refund',
      label: { zh: '退款', en: 'Refund' },
      permission: SUP_RETURN_ORDER_CODES.refund,
      color: 'red',
      when: (order) => allows(supOrderLifecycle, order.state, 'refund'),
      dialog: refundDialog,
    },
  ],
  recordLabel: (order) => order.orderNo,
});
