import { CLIENT_SERVICE } from '../business-services';
import { defineContract, type Choice, type FieldSpec } from '../resource-contract';

/**
 * The prepay ledger (blade_prepay_record, written only by server prepay/ledger.ts) seen as the
 * spec's prepay orders: change orders (top-ups and adjustments), use orders (order charges) and
 * refund orders (failed, returned and cancelled orders' money back). Three lists of one table
 * with one field set, each narrowed to its change types by the server.
 */
export const PREPAY_ORDER = `${CLIENT_SERVICE}/prepay-order`;

/** One ledger row as a prepay order. */
export interface PrepayOrder {
  id: string;
  appId: string;
  appName: string;
  clientId: string;
  clientName: string;
  changeType: string;
  /** Signed yuan: credits positive, debits negative. */
  amount: number;
  balanceAfter: number;
  reason: string | null;
  /** The order's number (use and refund orders). */
  sourceNo: string | null;
  /** The voucher's name (change orders; listPrepayChangeFile hands it out). */
  fileName: string | null;
  createUser: string | null;
  createUserName: string;
  createTime: string;
}

export const CHANGE_TYPES = {
  topup: { zh: '预存充值', en: 'Top-up', color: 'green' },
  adjust: { zh: '余额调整', en: 'Adjustment', color: 'orange' },
  order: { zh: '订单扣款', en: 'Order charge', color: 'blue' },
  fail: { zh: '下单失败退回', en: 'Failed order', color: 'red' },
  return: { zh: '退货退款', en: 'Return', color: 'teal' },
  cancel: { zh: '取消订单退款', en: 'Cancelled', color: 'cyan' },
} as const satisfies Record<string, Choice>;
export type ChangeType = keyof typeof CHANGE_TYPES;

/** Which change types each list shows. */
export const PREPAY_ORDER_TYPES = {
  change: ['topup', 'adjust'],
  use: ['order'],
  refund: ['fail', 'return', 'cancel'],
} as const satisfies Record<string, readonly ChangeType[]>;
export type PrepayOrderKind = keyof typeof PREPAY_ORDER_TYPES;

const pick = (types: readonly ChangeType[]) =>
  Object.fromEntries(types.map((t) => [t, CHANGE_TYPES[t]])) as Record<string, Choice>;

/** A read-only field of the lists (every field is: the ledger writes the rows). */
const field = <M extends Omit<FieldSpec, 'label'>>(zh: string, en: string, more: M) => ({
  label: { zh, en },
  readOnly: true as const,
  ...more,
});

/** The one field set of the three lists; `changeType` offers the list's own types. */
const fieldsOf = (types: readonly ChangeType[]) => ({
  createTime: field('时间', 'Time', {
    kind: 'dateTime',
    filter: 'equal',
    sortable: true,
    export: { width: 20 },
  } as const),
  appId: field('应用', 'App', { ref: 'psclientApp', filter: 'equal' } as const),
  appName: field('应用', 'App', { nameOf: 'appId', export: { width: 20 } }),
  clientId: field('接入方', 'Access party', { ref: 'psclient', filter: 'equal' } as const),
  clientName: field('接入方', 'Access party', { nameOf: 'clientId', export: { width: 20 } }),
  changeType: field('类型', 'Type', {
    choices: pick(types),
    filter: 'equal',
    export: { width: 12 },
  } as const),
  sourceNo: field('订单号', 'Order no.', { filter: 'like', export: { width: 24 } } as const),
  amount: field('金额', 'Amount', { kind: 'money', export: { width: 14 } } as const),
  balanceAfter: field('变动后余额', 'Balance after', {
    kind: 'money',
    export: { width: 14 },
  } as const),
  reason: field('原因', 'Reason', { export: { width: 30 } }),
  fileName: field('凭证', 'Voucher', { export: { width: 20 } }),
  createUser: field('操作人', 'Operator', { ref: 'user' } as const),
  createUserName: field('操作人', 'Operator', { nameOf: 'createUser', export: { width: 14 } }),
});

const view = <K extends PrepayOrderKind>(
  kind: K,
  screen: { route: string; menu: string; zh: string; en: string; list: string; export: string },
) =>
  defineContract<PrepayOrder>()({
    service: PREPAY_ORDER,
    route: screen.route,
    title: { zh: screen.zh, en: screen.en },
    menu: screen.menu,
    buttons: ['view', 'export'],
    calls: { list: screen.list, export: screen.export },
    export: { excelType: `prepay-${kind}-order`, fileName: screen.zh },
    fields: fieldsOf(PREPAY_ORDER_TYPES[kind]),
  });

/** 预存变动记录: top-ups and adjustments (the spec spells the list listPrepayChageOrder). */
export const prepayChangeContract = view('change', {
  route: '/access/advance-order-change',
  menu: 'prepay_change',
  zh: '预存变动记录',
  en: 'Prepay changes',
  list: 'listPrepayChageOrder',
  export: 'exportPrepayChangeOrder',
});

/** 预存消费记录: order charges (the spec spells the list listPrepaytUseOrder). */
export const prepayUseContract = view('use', {
  route: '/access/advance-user-order',
  menu: 'prepay_use',
  zh: '预存消费记录',
  en: 'Prepay usage',
  list: 'listPrepaytUseOrder',
  export: 'exportPrepayUseOrder',
});

/** 预存退款记录: money back from failed, returned and cancelled orders (no spec call: named so). */
export const prepayRefundContract = view('refund', {
  route: '/access/advance-refund-order',
  menu: 'prepay_refund',
  zh: '预存退款记录',
  en: 'Prepay refunds',
  list: 'listPrepayRefundOrder',
  export: 'exportPrepayRefundOrder',
});

/** GET ?id= of a change order: its voucher, as one-time download addresses. */
export const PREPAY_CHANGE_FILE = `${PREPAY_ORDER}/listPrepayChangeFile`;
export const PREPAY_CHANGE_FILE_CODE = 'prepay_change_file';

export interface PrepayChangeFile {
  fileName: string;
  /** Relative to /api; valid once, for `expiresIn` seconds. */
  url: string;
  expiresIn: number;
}
