import { allows } from '../../../machines/lifecycles/lifecycle';
import { clientOrderLifecycle } from '../../../machines/lifecycles/client-order-machine';
import { placeOrderFailLifecycle } from '../../../machines/lifecycles/place-order-fail-machine';
import {
  CLIENT_ORDER_CODES,
  userOrderContract,
  type ClientOrder,
} from '../../contracts/platform-client/client-order';
import { defineContractResource } from '../contract-resource';
import { ORDER_COLUMNS, ORDER_FILTERS, orderDialog } from './client-order';

/** A failed order's open place-order-fail allows `event` (close, resend, reissue). */
const failAllows = (order: ClientOrder, event: 'close' | 'resend' | 'reissue') =>
  order.state === 'failed' && !!order.failId && allows(placeOrderFailLifecycle, 'open', event);

/**
 * 用户订单 (issue 27 items 5-6): the end user's view of the same orders (with the phone's mask);
 * 退货退款 and 取消订单 where the client order machine allows them, and a failed order's
 * handling (关闭失败单, 失败单重发, 失败单补发) on its open place-order-fail.
 */
export default defineContractResource({
  contract: userOrderContract,
  paging: 'generic',
  columns: [
    ...ORDER_COLUMNS.slice(0, 2),
    { field: 'phoneMask', width: 120 },
    ...ORDER_COLUMNS.slice(2),
  ],
  filters: ORDER_FILTERS,
  sums: ['quantity', 'amount'],
  rowActions: [
    {
      id: 'return',
      label: { zh: '退货退款', en: 'Return' },
      permission: CLIENT_ORDER_CODES.userRefund,
      color: 'red',
      when: (order) => allows(clientOrderLifecycle, order.state, 'return'),
      dialog: orderDialog((m) => m.UserReturnDialog),
    },
    {
      id: 'cancel',
      label: { zh: '取消订单', en: 'Cancel' },
      permission: CLIENT_ORDER_CODES.userCancel,
      color: 'red',
      when: (order) => allows(clientOrderLifecycle, order.state, 'cancel'),
      dialog: orderDialog((m) => m.CancelDialog),
    },
    {
      id: 'reissue',
      label: { zh: '失败单补发', en: 'Reissue' },
      permission: CLIENT_ORDER_CODES.reissue,
      when: (order) => failAllows(order, 'reissue'),
      dialog: orderDialog((m) => m.ReissueFailDialog),
    },
    {
      id: 'resend',
      label: { zh: '失败单重发', en: 'Resend failure' },
      permission: CLIENT_ORDER_CODES.resend,
      when: (order) => failAllows(order, 'resend'),
      dialog: orderDialog((m) => m.ResendFailDialog),
    },
    {
      id: 'close',
      label: { zh: '关闭失败单', en: 'Close' },
      permission: CLIENT_ORDER_CODES.close,
      color: 'red',
      when: (order) => failAllows(order, 'close'),
      dialog: orderDialog((m) => m.CloseFailDialog),
    },
  ],
  recordLabel: (order) => order.orderNo,
});
