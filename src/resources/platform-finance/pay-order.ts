import { allows } from '../../../machines/lifecycles/lifecycle';
import { payOrderLifecycle } from '../../../machines/lifecycles/pay-order-machine';
import {
  PAY_ORDER,
  PAY_ORDER_CALLS,
  PAY_ORDER_CODES,
  PAY_ORDER_MAX_DAYS,
  payOrderContract,
} from '../../contracts/platform-finance/pay-order';
import { defineContractResource } from '../contract-resource';
import { PayOrderChartBanner } from './pay-order-banner';

/**
 * 支付订单 (/finance/pay-orderList): the list with a 31-day date range, the day chart above it
 * (loaded on first use), 退款 (a send-once dialog) and 关闭 on the rows the lifecycle allows.
 */
export default defineContractResource({
  contract: payOrderContract,
  paging: 'generic',
  columns: [
    { field: 'orderNo', width: 220 },
    { field: 'subject', width: 140 },
    { field: 'amount', width: 110 },
    { field: 'refundedAmount', width: 110 },
    { field: 'channel', width: 110 },
    { field: 'state', width: 100 },
    { field: 'payerMask', width: 140 },
    { field: 'payTime', width: 170 },
    { field: 'sourceType', width: 110 },
    { field: 'sourceId', width: 180, hiddenByDefault: true },
    { field: 'outTradeNo', width: 200, hiddenByDefault: true },
    { field: 'transactionId', width: 220, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    'orderNo',
    'outTradeNo',
    'state',
    'channel',
    'sourceType',
    { name: 'createTime', kind: 'dateRange', maxDays: PAY_ORDER_MAX_DAYS },
  ],
  sums: ['amount', 'refundedAmount'],
  banner: PayOrderChartBanner,
  rowActions: [
    {
      id: 'refund',
      label: { zh: '退款', en: 'Refund' },
      permission: PAY_ORDER_CODES.refund,
      color: 'orange',
      when: (row) => allows(payOrderLifecycle, row.state, 'refundPart'),
      dialog: () => import('./pay-order-refund-dialog'),
    },
    {
      id: 'close',
      label: { zh: '关闭', en: 'Close' },
      permission: PAY_ORDER_CODES.close,
      color: 'red',
      when: (row) => allows(payOrderLifecycle, row.state, 'close'),
      call: {
        path: `${PAY_ORDER}/${PAY_ORDER_CALLS.close}`,
        params: (rows) => ({ id: rows[0]?.id ?? '' }),
        confirm: { zh: '确定关闭该未支付订单？', en: 'Close this unpaid order?' },
        done: { zh: '已关闭', en: 'Closed' },
      },
    },
  ],
  recordLabel: (row) => row.orderNo,
});
