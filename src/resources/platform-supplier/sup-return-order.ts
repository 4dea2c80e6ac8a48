import {
  SUP_RETURN_ORDER_CODES,
  supReturnOrderContract,
} from '../../contracts/platform-supplier/sup-return-order';
import { defineContractResource } from '../contract-resource';
import { SUPPLIER_SOURCE } from './sup-good-options';
import { GOOD_SOURCE, REFUND_STATES } from './sup-order-options';

export type { SupReturnOrder } from '../../contracts/platform-supplier/sup-return-order';

/**
 * 退款订单 (issue 18 item 3): the refund orders, amounts in yuan, the state named by the refund
 * machine; 退款 (toolbar) refunds an order found by its number (send once, Idempotency-Key);
 * 导出 through the export centre.
 */
export default defineContractResource({
  contract: supReturnOrderContract,
  paging: 'generic',
  columns: [
    { field: 'returnNo', width: 220 },
    { field: 'orderNo', width: 220 },
    { field: 'supName', width: 150 },
    { field: 'goodName', width: 180 },
    { field: 'quantity', kind: 'number', width: 90 },
    { field: 'marketAmount', width: 110 },
    { field: 'actualAmount', width: 110 },
    { field: 'costAmount', width: 110 },
    { field: 'state', kind: 'tag', options: REFUND_STATES, width: 100 },
    { field: 'reason', width: 220 },
    { field: 'failReason', width: 200, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
    { field: 'finishTime', width: 170, hiddenByDefault: true },
  ],
  filters: [
    'returnNo',
    'orderNo',
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    { name: 'goodId', kind: 'select', source: GOOD_SOURCE },
    { name: 'state', kind: 'select', options: REFUND_STATES },
    'createTime',
  ],
  sums: ['quantity', 'marketAmount', 'actualAmount', 'costAmount'],
  toolbarActions: [
    {
      id: 'refund',
      label: { zh: '退款', en: 'Refund' },
      permission: SUP_RETURN_ORDER_CODES.refund,
      selection: 'none',
      dialog: () => import('./sup-return-order-dialog'),
    },
  ],
  recordLabel: (refund) => refund.returnNo,
});
