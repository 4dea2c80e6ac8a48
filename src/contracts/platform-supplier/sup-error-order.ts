import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { SUPPLIER_AND_GOOD } from './order-fields';

/**
 * An error order (issue 18 item 3, domain.md "error order"): `${SUPPLIER_SERVICE}/sup-error-order`,
 * written when a supplier order fails (not enough codes, not enough balance, the supplier's
 * interface refused). `state` is an errorOrderLifecycle state (machines/lifecycles/
 * error-order-machine.ts): open -> audited -> reissued | resent | cancelled; `stateName` its zh
 * label. The order's own state is answered as `orderState`.
 *
 * Calls (under SUP_ERROR_ORDER), every write with an Idempotency-Key and the state checked by the
 * machine (409 naming the current state):
 * - GET list (paged; filters orderNo, supId, goodId, state, createTime_datege/_datele...),
 *   GET detail?id=, POST export-sup-error-order (an export task).
 * - POST audit {id, remark?}: open -> audited, only while the order is failed.
 * - POST reissue {id}: audited -> reissued, fulfilling the failed order again in place; if that
 *   fails again the error order stays audited with the new error in errorMsg, and the answer is
 *   400 with that error.
 * - POST resend {id}: audited -> resent, the same fulfilment of the failed order as it was (a
 *   new failure: the same 400).
 * - POST cancel {id, remark?}: audited -> cancelled, and the order failed -> closed in the same
 *   step (it charged nothing and can no longer be reissued); a remark joins auditRemark as
 *   `<audit remark>；取消：<remark>`.
 * An order and its error order never disagree (issue 24): an order reissued from the order list
 * closes its pending error order as reissued in the same transaction.
 * Warnings (WARNING_ERROR_ORDER, WARNING_GET): see ErrorOrderWarning.
 */
export interface SupErrorOrder {
  id: string;
  orderId: string;
  orderNo: string;
  clientOrderId: string | null;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  quantity: number;
  /** The order's supOrderLifecycle state. */
  orderState: string;
  errorMsg: string | null;
  /** errorOrderLifecycle state. */
  state: string;
  stateName: string;
  auditUser: string | null;
  auditUserName: string;
  auditTime: string | null;
  auditRemark: string | null;
  handleUser: string | null;
  handleUserName: string;
  handleTime: string | null;
  createTime: string;
  version: number;
}

/** POST audit / cancel body. */
export interface ErrorOrderActionBody {
  id: string;
  remark?: string;
}

/**
 * The error-order warning settings (POST warning/errorOrder with these fields; GET
 * warning/getWarning answers them plus `openCount` and `over`).
 */
export interface ErrorOrderWarning {
  enabled: boolean;
  /** Warn when open error orders reach this many (1..100000). */
  threshold: number;
  /** Mobile numbers to notify (at most 10, 11 digits each). */
  phones: string[];
  /** Addresses to notify (at most 10). */
  emails: string[];
}

export interface ErrorOrderWarningState extends ErrorOrderWarning {
  /** Error orders of the tenant still open. */
  openCount: number;
  /** enabled and openCount >= threshold. */
  over: boolean;
}

export const SUP_ERROR_ORDER = `${SUPPLIER_SERVICE}/sup-error-order`;
export const SUP_ERROR_ORDER_EXPORT = `${SUP_ERROR_ORDER}/export-sup-error-order`;
export const WARNING_ERROR_ORDER = `${SUPPLIER_SERVICE}/warning/errorOrder`;
export const WARNING_GET = `${SUPPLIER_SERVICE}/warning/getWarning`;

/** The error order screen's button codes (the menu seed's). */
export const SUP_ERROR_ORDER_CODES = {
  view: 'supplier_error_order_view',
  audit: 'supplier_error_order_audit',
  reissue: 'supplier_error_order_reissue',
  resend: 'supplier_error_order_resend',
  cancel: 'supplier_error_order_cancel',
  warnSetting: 'supplier_error_order_warn_setting',
  export: 'supplier_error_order_export',
} as const;

export const ERROR_ORDER_REMARK_MAX = 500;

export const supErrorOrderContract = defineContract<SupErrorOrder>()({
  service: SUP_ERROR_ORDER,
  route: '/supplier/commodity-unusual-order/list',
  title: { zh: '异常订单', en: 'Error order' },
  menu: 'supplier_error_order',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-error-order', fileName: '异常订单列表' },
  fields: {
    orderNo: {
      label: { zh: '订单编号', en: 'Order no.' },
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 26 },
    },
    orderId: { label: { zh: '订单', en: 'Order' }, readOnly: true, filter: 'equal' },
    clientOrderId: {
      label: { zh: '客户订单号', en: 'Client order no.' },
      readOnly: true,
      export: { width: 26 },
    },
    ...SUPPLIER_AND_GOOD,
    quantity: {
      label: { zh: '数量', en: 'Quantity' },
      kind: 'integer',
      readOnly: true,
      export: { width: 8 },
    },
    orderState: { label: { zh: '订单状态', en: 'Order state' }, readOnly: true },
    errorMsg: { label: { zh: '异常原因', en: 'Error' }, readOnly: true, export: { width: 30 } },
    state: { label: { zh: '处理状态', en: 'State' }, readOnly: true, filter: 'equal' },
    stateName: { label: { zh: '处理状态', en: 'State' }, readOnly: true, export: { width: 10 } },
    auditUser: { label: { zh: '审核人', en: 'Audited by' }, readOnly: true },
    auditUserName: {
      label: { zh: '审核人', en: 'Audited by' },
      readOnly: true,
      export: { width: 12 },
    },
    auditTime: {
      label: { zh: '审核时间', en: 'Audited' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    auditRemark: {
      label: { zh: '审核备注', en: 'Audit remark' },
      readOnly: true,
      maxLength: ERROR_ORDER_REMARK_MAX,
      export: { width: 24 },
    },
    handleUser: { label: { zh: '处理人', en: 'Handled by' }, readOnly: true },
    handleUserName: {
      label: { zh: '处理人', en: 'Handled by' },
      readOnly: true,
      export: { width: 12 },
    },
    handleTime: {
      label: { zh: '处理时间', en: 'Handled' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'equal',
      sortable: true,
      export: { width: 20 },
    },
  },
});
