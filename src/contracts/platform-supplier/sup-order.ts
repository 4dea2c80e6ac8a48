import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { SORTABLE_ORDER_AMOUNTS, SUPPLIER_AND_GOOD } from './order-fields';

/**
 * A supplier order (issue 18 item 3, domain.md "supplier order"): `${SUPPLIER_SERVICE}/sup-order`.
 * Orders are made by the server's `fulfil` service (the client order API), never submitted from
 * the console: every field is read-only. Amounts are totals in yuan on the wire (fen at rest):
 * marketAmount the face value, actualAmount what the client paid, costAmount what the supplier
 * balance was charged. `state` is a supOrderLifecycle state (machines/lifecycles/
 * sup-order-machine.ts), `stateName` its zh label; the console labels the column from the
 * lifecycle in the UI language.
 *
 * Calls (all under SUP_ORDER): GET list (paged; filters orderNo, clientOrderId, supId, goodId,
 * state, createTime_datege/_datele...), GET detail?id= (= get?id=; the order and its codes),
 * POST export-sup-order (an export task with the list's filters), POST reissue {id} (a failed
 * order fulfilled again in place), POST resend {id} (a success/partRefunded order's codes
 * delivered again). reissue and resend take an Idempotency-Key.
 */
export interface SupOrder {
  id: string;
  orderNo: string;
  clientOrderId: string | null;
  clientId: string | null;
  appId: string | null;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  quantity: number;
  /** Face value of the whole order, yuan. */
  marketAmount: number;
  /** What the client paid, yuan. */
  actualAmount: number;
  /** What the supplier balance was charged, yuan (0 while not successful). */
  costAmount: number;
  refundedQuantity: number;
  /**
   * What the client got back (实退金额, issue 25 item 11): the sum of the order's refunded
   * return orders' actualAmount, yuan; answered by the list and detail, not stored.
   */
  refundedActualAmount?: number;
  /** The cost credited back to the supplier balance by refunds (退回成本), yuan. */
  refundedAmount: number;
  /** supOrderLifecycle state. */
  state: string;
  stateName: string;
  /** Codes the order holds (issued, used or taken back by a refund). */
  codeCount: number;
  attempts: number;
  lastError: string | null;
  finishTime: string | null;
  remark: string | null;
  createTime: string;
  version: number;
}

/** One code of an order, as the detail answers it. */
export interface SupOrderCode {
  id: string;
  /**
   * The code in full when the caller holds both supplier_order_view and code_batch_view,
   * otherwise its mask ('ABCD****WXYZ'); `masked` says which.
   */
  code: string;
  /** The pin under the same rule; null when the code has none. */
  pin: string | null;
  masked: boolean;
  /** couponCodeLifecycle state and its zh label. */
  state: string;
  stateName: string;
  validEnd: string | null;
  issueTime: string | null;
  usedTime: string | null;
}

/** GET detail / get: the order and its codes. */
export interface SupOrderDetail extends SupOrder {
  codes: SupOrderCode[];
}

export const SUP_ORDER = `${SUPPLIER_SERVICE}/sup-order`;

/** The order screen's button codes beyond the standard ones (the menu seed's). */
export const SUP_ORDER_CODES = {
  view: 'supplier_order_view',
  reissue: 'supplier_order_reissue',
  resend: 'supplier_order_resend',
  export: 'supplier_order_export',
} as const;

/** The export call of the spec (same task as excel/export/async with excelType sup-order). */
export const SUP_ORDER_EXPORT = `${SUP_ORDER}/export-sup-order`;

export const supOrderContract = defineContract<SupOrder>()({
  service: SUP_ORDER,
  route: '/supplier/commodity-order/list',
  title: { zh: '供应商订单', en: 'Supplier order' },
  menu: 'supplier_order',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-order', fileName: '供应商订单列表' },
  fields: {
    orderNo: {
      label: { zh: '订单编号', en: 'Order no.' },
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 26 },
    },
    clientOrderId: {
      label: { zh: '客户订单号', en: 'Client order no.' },
      readOnly: true,
      filter: 'like',
      export: { width: 26 },
    },
    ...SUPPLIER_AND_GOOD,
    quantity: {
      label: { zh: '数量', en: 'Quantity' },
      kind: 'integer',
      readOnly: true,
      sortable: true,
      export: { width: 8 },
    },
    ...SORTABLE_ORDER_AMOUNTS,
    refundedQuantity: {
      label: { zh: '已退数量', en: 'Refunded qty' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    // Two refunded amounts, each saying what it is (issue 25 item 11): what the client got back,
    // and the cost the supplier's balance got back (the stored refunded_amount).
    refundedActualAmount: {
      label: { zh: '实退金额', en: 'Refunded to client' },
      kind: 'money',
      readOnly: true,
      export: { width: 12 },
    },
    refundedAmount: {
      label: { zh: '退回成本', en: 'Cost returned' },
      kind: 'money',
      readOnly: true,
      export: { width: 12 },
    },
    state: { label: { zh: '订单状态', en: 'State' }, readOnly: true, filter: 'equal' },
    stateName: { label: { zh: '订单状态', en: 'State' }, readOnly: true, export: { width: 10 } },
    codeCount: {
      label: { zh: '券码数', en: 'Codes' },
      kind: 'integer',
      readOnly: true,
      export: { width: 8 },
    },
    attempts: {
      label: { zh: '发放次数', en: 'Attempts' },
      kind: 'integer',
      readOnly: true,
      export: { width: 8 },
    },
    lastError: {
      label: { zh: '失败原因', en: 'Last error' },
      readOnly: true,
      export: { width: 30 },
    },
    finishTime: {
      label: { zh: '完成时间', en: 'Finished' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, readOnly: true, export: { width: 24 } },
    createTime: {
      label: { zh: '下单时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'equal',
      sortable: true,
      export: { width: 20 },
    },
  },
});
