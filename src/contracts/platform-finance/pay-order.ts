import { payOrderLifecycle } from '../../../machines/lifecycles/pay-order-machine';
import { FINANCE_SERVICE } from '../business-services';
import { lifecycleChoices } from '../lifecycle-choices';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';
import { TEXT_SHAPES } from '../server-texts';

export const PAY_ORDER = `${FINANCE_SERVICE}/pay-order`;
/** The list's longest date range (days, both ends counted): the engine clamps longer ones. */
export const PAY_ORDER_MAX_DAYS = 31;

/**
 * A pay order (issue 28 item 4): a payment taken through the WeChat pay driver for a parking bill
 * or a client order. Written only by server/services/platform-finance/pay-order/payments.ts
 * (create, the driver's signed confirmation, refund, close): every field is read-only. Amounts
 * are yuan on the wire, fen at rest.
 */
export interface PayOrder {
  id: string;
  orderNo: string;
  outTradeNo: string;
  transactionId: string | null;
  payerMask: string | null;
  subject: string;
  amount: number;
  refundedAmount: number;
  channel: string;
  state: string;
  payTime: string | null;
  sourceType: string;
  sourceId: string;
  createTime: string;
  version: number;
}

export const PAY_ORDER_STATE_CHOICES = lifecycleChoices(payOrderLifecycle, {
  created: 'gray',
  paid: 'green',
  partRefunded: 'yellow',
  refunded: 'violet',
  closed: 'dark',
});

export const PAY_CHANNELS = {
  jsapi: { zh: '公众号支付', en: 'Official account', color: 'green' },
  mini: { zh: '小程序支付', en: 'Mini program', color: 'teal' },
  native: { zh: '扫码支付', en: 'QR code', color: 'blue' },
  h5: { zh: 'H5支付', en: 'H5', color: 'cyan' },
} as const;
export type PayChannel = keyof typeof PAY_CHANNELS;

export const PAY_SOURCE_TYPES = {
  parkingBill: { zh: '停车账单', en: 'Parking bill', color: 'blue' },
  clientOrder: { zh: '接入方订单', en: 'Client order', color: 'grape' },
} as const;
export type PaySourceType = keyof typeof PAY_SOURCE_TYPES;

const read = { readOnly: true } as const;

export const payOrderContract = defineContract<PayOrder>()({
  service: PAY_ORDER,
  route: '/finance/pay-orderList',
  title: { zh: '支付订单', en: 'Pay order' },
  menu: 'pay_order',
  buttons: ['view', 'export'],
  calls: { detail: 'detail', export: 'export-pay-order' },
  export: { excelType: 'pay-order', fileName: '支付订单列表' },
  fields: {
    orderNo: {
      label: { zh: '订单编号', en: 'Order no.' },
      ...read,
      filter: 'like',
      sortable: true,
      export: { width: 26 },
    },
    outTradeNo: {
      label: { zh: '商户订单号', en: 'Out trade no.' },
      ...read,
      filter: 'like',
      export: { width: 26 },
    },
    transactionId: {
      label: { zh: '微信支付单号', en: 'WeChat transaction' },
      ...read,
      export: { width: 30 },
    },
    payerMask: { label: { zh: '付款人', en: 'Payer' }, ...read, export: { width: 16 } },
    subject: {
      label: { zh: '商品描述', en: 'Subject' },
      ...read,
      filter: 'like',
      export: { width: 28 },
    },
    amount: {
      label: { zh: '支付金额', en: 'Amount' },
      kind: 'money',
      ...read,
      sortable: true,
      export: { width: 12 },
    },
    refundedAmount: {
      label: { zh: '已退金额', en: 'Refunded' },
      kind: 'money',
      ...read,
      export: { width: 12 },
    },
    channel: {
      label: { zh: '支付方式', en: 'Channel' },
      ...read,
      choices: PAY_CHANNELS,
      filter: 'equal',
      export: { width: 12 },
    },
    state: {
      label: { zh: '订单状态', en: 'State' },
      ...read,
      choices: PAY_ORDER_STATE_CHOICES,
      filter: 'equal',
      export: { width: 10 },
    },
    payTime: {
      label: { zh: '支付时间', en: 'Paid' },
      kind: 'dateTime',
      ...read,
      sortable: true,
      export: { width: 20 },
    },
    sourceType: {
      label: { zh: '来源', en: 'Source' },
      ...read,
      choices: PAY_SOURCE_TYPES,
      filter: 'equal',
      export: { width: 12 },
    },
    sourceId: {
      label: { zh: '来源单号', en: 'Source id' },
      ...read,
      filter: 'equal',
      export: { width: 22 },
    },
    createTime: {
      label: { zh: '下单时间', en: 'Created' },
      kind: 'dateTime',
      ...read,
      filter: 'equal',
      sortable: true,
      export: { width: 20 },
    },
  },
});

/** Calls beyond the list (relative to PAY_ORDER). */
export const PAY_ORDER_CALLS = {
  /** GET: amount and count per day over the list's filters (the chart). */
  dayReport: 'day-report',
  /** POST {id, amount (yuan), reason}: part or all of the rest of a paid order back. */
  refund: 'refund',
  /** POST {id}: an unpaid order closed. */
  close: 'close',
  /** POST, no token: the driver's signed payment confirmation. */
  notify: 'notify',
} as const;

/** Buttons beyond the contract's (menu seed extraButtons, migration 049). */
export const PAY_ORDER_CODES = {
  refund: 'pay_order_refund',
  close: 'pay_order_close',
} as const;

/** One day of the chart: yuan and the number of orders created that day. */
export interface PayOrderDay {
  day: string;
  amount: number;
  count: number;
}

export const PAY_ORDER_REFUSALS = {
  amount: { zh: '退款金额须大于0且最多两位小数', en: 'A positive amount, at most two decimals' },
  notConfigured: { zh: '微信支付未配置或未启用', en: 'WeChat pay is not set up or not enabled' },
  badNotice: { zh: '支付通知签名无效', en: 'The payment notice is not signed' },
  amountMismatch: { zh: '支付通知金额与订单不符', en: 'The notice amount differs from the order' },
} as const;

export const refundOverMessage = (restYuan: string) =>
  TEXT_SHAPES.payRefundOver.zh.replace('{rest}', restYuan);

/** The server's other zh texts of this area, with their en (the console shows them in en). */
export const FINANCE_TEXTS = {
  amountPositive: { zh: '支付金额须大于0', en: 'The amount must be positive' },
  busy: {
    zh: '支付订单正在被其他操作处理，请稍后重试',
    en: 'Another action is handling this pay order, please try again',
  },
  monthStart: { zh: 'month_start:月份格式须为YYYY-MM', en: 'month_start: a month as YYYY-MM' },
  monthEnd: { zh: 'month_end:月份格式须为YYYY-MM', en: 'month_end: a month as YYYY-MM' },
  monthOrder: {
    zh: 'month_start:开始月份不能晚于结束月份',
    en: 'month_start: the first month may not be after the last',
  },
} as const;
knownMessages(...Object.values(PAY_ORDER_REFUSALS), ...Object.values(FINANCE_TEXTS));
