import type { ComponentType } from 'react';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { clientOrderLifecycle } from '../../../machines/lifecycles/client-order-machine';
import {
  CLIENT_ORDER_CODES,
  clientOrderContract,
  type ClientOrder,
} from '../../contracts/platform-client/client-order';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<ClientOrder>>;
export const orderDialog =
  (pick: (m: typeof import('./client-order-dialogs')) => Dialog) =>
  (): Promise<{ default: Dialog }> =>
    import('./client-order-dialogs').then((m) => ({ default: pick(m) }));

/** The columns both order screens start from (the user's view adds the phone). */
export const ORDER_COLUMNS = [
  { field: 'orderNo', width: 230 },
  { field: 'outOrderNo', width: 170 },
  { field: 'clientName', width: 140 },
  { field: 'appName', width: 140 },
  { field: 'productName', width: 160 },
  { field: 'quantity', kind: 'number', width: 70 },
  { field: 'amount', width: 100 },
  { field: 'state', width: 100 },
  { field: 'returnedQuantity', kind: 'number', width: 90, hiddenByDefault: true },
  { field: 'returnedAmount', width: 100, hiddenByDefault: true },
  { field: 'goodName', width: 160, hiddenByDefault: true },
  { field: 'supOrderNo', width: 230, hiddenByDefault: true },
  { field: 'source', width: 90, hiddenByDefault: true },
  { field: 'lastError', width: 220, hiddenByDefault: true },
  { field: 'createTime', width: 170 },
  { field: 'finishTime', width: 170, hiddenByDefault: true },
] as const;

export const ORDER_FILTERS = [
  'orderNo',
  'outOrderNo',
  'clientId',
  'appId',
  'productId',
  'state',
  'source',
  'createTime',
] as const;

/**
 * 接入方订单 (issue 27 item 5): orders placed by apps through the open API, named by the
 * client order machine; 退货退款 where the machine allows a return (send once, Idempotency-Key);
 * 启用/停用 and 导出 through the engine.
 */
export default defineContractResource({
  contract: clientOrderContract,
  paging: 'generic',
  columns: [...ORDER_COLUMNS, { field: 'enabled', width: 80, hiddenByDefault: true }],
  filters: [...ORDER_FILTERS, 'enabled'],
  sums: ['quantity', 'amount'],
  rowActions: [
    {
      id: 'return',
      label: { zh: '退货退款', en: 'Return' },
      permission: CLIENT_ORDER_CODES.refund,
      color: 'red',
      when: (order) => allows(clientOrderLifecycle, order.state, 'return'),
      dialog: orderDialog((m) => m.ClientReturnDialog),
    },
  ],
  recordLabel: (order) => order.orderNo,
});
