import { placeOrderFailLifecycle } from '../../../machines/lifecycles/place-order-fail-machine';
import { CLIENT_SERVICE } from '../business-services';
import { lifecycleChoices } from '../lifecycle-choices';
import { defineContract } from '../resource-contract';
import { ORDER_PARTIES } from './order-parties';

/**
 * A failed place-order (issue 27 item 6): written when a client order fails (its prepay returned),
 * handled by close/resend/reissue (server/services/platform-client/order/fail-moves.ts). The spec's
 * list and export are served here; the console handles the records on the user order screen
 * (/product/order/user-order), where a failed order's row carries its open record, so the
 * contract reads with that screen's codes.
 */
export interface PlaceOrderFail {
  id: string;
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
  failReason: string | null;
  state: string;
  handleUser: string | null;
  handleUserName: string;
  handleTime: string | null;
  handleRemark: string | null;
  createTime: string;
  version: number;
}

export const placeOrderFailContract = defineContract<PlaceOrderFail>()({
  service: `${CLIENT_SERVICE}/place-order-fail`,
  route: '/product/order/user-order',
  title: { zh: '下单失败记录', en: 'Failed place-order' },
  menu: 'user_order',
  buttons: ['view', 'export'],
  calls: { detail: 'get', export: 'export' },
  export: { excelType: 'place-order-fail', fileName: '下单失败记录' },
  fields: {
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
    orderId: { label: { zh: '订单', en: 'Order' }, readOnly: true, filter: 'equal' },
    ...ORDER_PARTIES,
    quantity: {
      label: { zh: '数量', en: 'Quantity' },
      kind: 'integer',
      readOnly: true,
      export: { width: 8 },
    },
    amount: {
      label: { zh: '订单金额', en: 'Amount' },
      kind: 'money',
      readOnly: true,
      export: { width: 12 },
    },
    failReason: { label: { zh: '失败原因', en: 'Reason' }, readOnly: true, export: { width: 30 } },
    state: {
      label: { zh: '处理状态', en: 'State' },
      readOnly: true,
      choices: lifecycleChoices(placeOrderFailLifecycle, {
        open: 'red',
        closed: 'dark',
        resent: 'teal',
        reissued: 'green',
      }),
      filter: 'equal',
      export: { width: 10 },
    },
    handleUser: { label: { zh: '处理人', en: 'Handled by' }, readOnly: true, ref: 'user' },
    handleUserName: {
      label: { zh: '处理人', en: 'Handled by' },
      readOnly: true,
      nameOf: 'handleUser',
      export: { width: 12 },
    },
    handleTime: {
      label: { zh: '处理时间', en: 'Handled' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    handleRemark: {
      label: { zh: '处理备注', en: 'Remark' },
      readOnly: true,
      export: { width: 24 },
    },
    createTime: {
      label: { zh: '失败时间', en: 'Failed' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'equal',
      sortable: true,
      export: { width: 20 },
    },
  },
});
