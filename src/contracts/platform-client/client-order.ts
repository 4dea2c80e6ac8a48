import { clientOrderLifecycle } from '../../../machines/lifecycles/client-order-machine';
import { CLIENT_SERVICE } from '../business-services';
import { lifecycleChoices } from '../lifecycle-choices';
import { defineContract } from '../resource-contract';
import { ORDER_PARTIES } from './order-parties';

/**
 * A client product order (issue 27 item 5, domain.md "client product order"): made by the open
 * API, a bulk import or the demo through one service path (server/services/platform-client/
 * order/place-order.ts), never written by a plain submit: every field is read-only but the
 * `enabled` flag the spec's `enable` call sets. Amounts are yuan on the wire, fen at rest.
 */
export interface ClientOrder {
  id: string;
  orderNo: string;
  outOrderNo: string;
  clientId: string;
  clientName: string;
  appId: string;
  appName: string;
  productId: string;
  productName: string;
  goodId: string | null;
  goodName: string;
  supOrderId: string | null;
  supOrderNo: string;
  quantity: number;
  salePrice: number;
  amount: number;
  returnedQuantity: number;
  returnedAmount: number;
  phoneMask: string | null;
  state: string;
  source: string;
  lastError: string | null;
  enabled: number;
  createTime: string;
  finishTime: string | null;
  /** The open place-order-fail of a failed order (what 关闭/重发/补发 act on); null otherwise. */
  failId: string | null;
  version: number;
}

export const CLIENT_ORDER = `${CLIENT_SERVICE}/client-product-order`;
export const USER_ORDER = `${CLIENT_SERVICE}/client-user-product-order`;

export const CLIENT_ORDER_STATE_CHOICES = lifecycleChoices(clientOrderLifecycle, {
  created: 'gray',
  paid: 'blue',
  fulfilling: 'blue',
  success: 'green',
  failed: 'red',
  closed: 'dark',
  cancelled: 'dark',
  returning: 'orange',
  partReturned: 'yellow',
  returned: 'violet',
});

const money = (zh: string, en: string) =>
  ({ label: { zh, en }, kind: 'money', readOnly: true, export: { width: 12 } }) as const;

/** The fields both order screens show (the operator's and the end user's view). */
export const CLIENT_ORDER_FIELDS = {
  orderNo: {
    label: { zh: '订单编号', en: 'Order no.' },
    readOnly: true,
    filter: 'like',
    sortable: true,
    export: { width: 28 },
  },
  outOrderNo: {
    label: { zh: '应用订单号', en: 'App order no.' },
    readOnly: true,
    filter: 'like',
    export: { width: 24 },
  },
  ...ORDER_PARTIES,
  goodId: { label: { zh: '商品', en: 'Good' }, readOnly: true, ref: 'supGood' },
  goodName: {
    label: { zh: '发放商品', en: 'Good issued' },
    readOnly: true,
    nameOf: 'goodId',
    export: { width: 24 },
  },
  supOrderId: {
    label: { zh: '供应商订单', en: 'Supplier order' },
    readOnly: true,
    ref: 'supOrder',
  },
  supOrderNo: {
    label: { zh: '供应商订单号', en: 'Supplier order no.' },
    readOnly: true,
    nameOf: 'supOrderId',
    export: { width: 28 },
  },
  quantity: {
    label: { zh: '数量', en: 'Quantity' },
    kind: 'integer',
    readOnly: true,
    sortable: true,
    export: { width: 8 },
  },
  salePrice: money('单价', 'Unit price'),
  amount: { ...money('订单金额', 'Amount'), sortable: true },
  returnedQuantity: {
    label: { zh: '已退数量', en: 'Returned qty' },
    kind: 'integer',
    readOnly: true,
    export: { width: 10 },
  },
  returnedAmount: money('已退金额', 'Returned'),
  phoneMask: {
    label: { zh: '用户手机号', en: 'User phone' },
    readOnly: true,
    export: { width: 14 },
  },
  state: {
    label: { zh: '订单状态', en: 'State' },
    readOnly: true,
    choices: CLIENT_ORDER_STATE_CHOICES,
    filter: 'equal',
    export: { width: 10 },
  },
  source: {
    label: { zh: '来源', en: 'Source' },
    readOnly: true,
    choices: {
      api: { zh: '开放接口', en: 'Open API', color: 'blue' },
      bulk: { zh: '批量下单', en: 'Bulk import', color: 'grape' },
      console: { zh: '后台下单', en: 'Console', color: 'gray' },
    },
    filter: 'equal',
    export: { width: 10 },
  },
  lastError: { label: { zh: '失败原因', en: 'Failure' }, readOnly: true, export: { width: 30 } },
  createTime: {
    label: { zh: '下单时间', en: 'Placed' },
    kind: 'dateTime',
    readOnly: true,
    filter: 'equal',
    sortable: true,
    export: { width: 20 },
  },
  finishTime: {
    label: { zh: '完成时间', en: 'Finished' },
    kind: 'dateTime',
    readOnly: true,
    sortable: true,
    export: { width: 20 },
  },
  failId: { label: { zh: '下单失败记录', en: 'Failed place-order' }, readOnly: true },
} as const;

/** 接入方订单 (/product/order/product-order). */
export const clientOrderContract = defineContract<ClientOrder>()({
  service: CLIENT_ORDER,
  route: '/product/order/product-order',
  title: { zh: '接入方订单', en: 'Client order' },
  menu: 'client_order',
  buttons: ['view', 'enable', 'export'],
  calls: { detail: 'get', export: 'exportOrder', select: 'list-not-page' },
  export: { excelType: 'client-product-order', fileName: '接入方订单列表' },
  fields: {
    ...CLIENT_ORDER_FIELDS,
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      toggle: true,
      filter: 'equal',
      export: { width: 8 },
    },
  },
});

/** 用户订单 (/product/order/user-order): the end user's view of the same orders. */
export const userOrderContract = defineContract<ClientOrder>()({
  service: USER_ORDER,
  route: '/product/order/user-order',
  title: { zh: '用户订单', en: 'User order' },
  menu: 'user_order',
  buttons: ['view', 'export'],
  calls: { detail: 'get', export: 'exportOrder' },
  export: { excelType: 'client-user-product-order', fileName: '用户订单列表' },
  fields: CLIENT_ORDER_FIELDS,
});

/** Row actions' button codes beyond the standard ones (the menu seed's). */
export const CLIENT_ORDER_CODES = {
  refund: 'client_order_refund',
  userRefund: 'user_order_refund',
  userCancel: 'user_order_cancel',
  close: 'user_order_close',
  resend: 'user_order_resend',
  reissue: 'user_order_reissue',
} as const;
