import { defineContract } from '../resource-contract';
import { ORDER_PARTIES } from './order-parties';
import { CLIENT_ORDER, USER_ORDER } from './client-order';

/**
 * A return of a client order (issue 27 item 5): written by the return service
 * (server/services/platform-client/order/return-order.ts) in the supplier refund's transaction,
 * never submitted. Listed twice: 接入方退款订单 (client-product-order/listReturn) and 用户退款订单
 * (the spec names no call for the user's view: client-user-product-order/listReturn).
 */
export interface ClientReturn {
  id: string;
  returnNo: string;
  orderId: string;
  orderNo: string;
  outOrderNo: string;
  clientId: string;
  clientName: string;
  appId: string;
  appName: string;
  productId: string;
  productName: string;
  quantity: number;
  amount: number;
  reason: string | null;
  state: string;
  createUser: string | null;
  createUserName: string;
  createTime: string;
}

const fields = {
  returnNo: {
    label: { zh: '退款单号', en: 'Return no.' },
    readOnly: true,
    filter: 'like',
    sortable: true,
    export: { width: 28 },
  },
  orderNo: {
    label: { zh: '订单编号', en: 'Order no.' },
    readOnly: true,
    filter: 'like',
    export: { width: 28 },
  },
  outOrderNo: {
    label: { zh: '应用订单号', en: 'App order no.' },
    readOnly: true,
    filter: 'like',
    export: { width: 24 },
  },
  ...ORDER_PARTIES,
  quantity: {
    label: { zh: '退货数量', en: 'Quantity' },
    kind: 'integer',
    readOnly: true,
    export: { width: 8 },
  },
  amount: {
    label: { zh: '退款金额', en: 'Amount' },
    kind: 'money',
    readOnly: true,
    sortable: true,
    export: { width: 12 },
  },
  reason: { label: { zh: '退货原因', en: 'Reason' }, readOnly: true, export: { width: 30 } },
  state: {
    label: { zh: '状态', en: 'State' },
    readOnly: true,
    choices: {
      returned: { zh: '已退款', en: 'Refunded', color: 'green' },
      failed: { zh: '失败', en: 'Failed', color: 'red' },
    },
    export: { width: 10 },
  },
  createUser: { label: { zh: '操作人', en: 'By' }, readOnly: true, ref: 'user' },
  createUserName: {
    label: { zh: '操作人', en: 'By' },
    readOnly: true,
    nameOf: 'createUser',
    export: { width: 12 },
  },
  createTime: {
    label: { zh: '退款时间', en: 'Returned' },
    kind: 'dateTime',
    readOnly: true,
    filter: 'equal',
    sortable: true,
    export: { width: 20 },
  },
} as const;

export const clientReturnContract = defineContract<ClientReturn>()({
  service: CLIENT_ORDER,
  route: '/product/order/access-refundorder',
  title: { zh: '接入方退款订单', en: 'Client refund' },
  menu: 'client_refund_order',
  buttons: ['view', 'export'],
  calls: { list: 'listReturn', detail: 'getReturn', export: 'exportReturnOrder' },
  export: { excelType: 'client-return-order', fileName: '接入方退款订单列表' },
  fields,
});

export const userReturnContract = defineContract<ClientReturn>()({
  service: USER_ORDER,
  route: '/product/order/user-refundorder',
  title: { zh: '用户退款订单', en: 'User refund' },
  menu: 'user_refund_order',
  buttons: ['view', 'export'],
  calls: { list: 'listReturn', detail: 'getReturn', export: 'exportReturnOrder' },
  export: { excelType: 'client-user-return-order', fileName: '用户退款订单列表' },
  fields,
});
