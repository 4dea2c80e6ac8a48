import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { ORDER_AMOUNTS, SUPPLIER_AND_GOOD } from './order-fields';

/**
 * A refund order (issue 18 item 3, domain.md "refund order"): `${SUPPLIER_SERVICE}/sup-return-order`.
 * Made only by order-refund, never submitted as a record. Amounts are the refunded part's totals
 * in yuan: marketAmount face value, actualAmount the client's payment share, costAmount what was
 * credited back to the balance the order was charged to. `state` is a refundLifecycle state
 * (machines/lifecycles/refund-machine.ts), `stateName` its zh label.
 *
 * Calls (under SUP_RETURN_ORDER): GET list (paged; filters returnNo, orderNo, supId, goodId,
 * state, createTime_datege/_datele...), GET detail?id=, POST export (an export task with the
 * list's filters), POST order-refund {orderId, quantity?, reason} (Idempotency-Key): refunds
 * `quantity` (default: every refundable code) of the order's still-issued codes; answers the
 * refund order.
 */
export interface SupReturnOrder {
  id: string;
  returnNo: string;
  orderId: string;
  orderNo: string;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  quantity: number;
  marketAmount: number;
  actualAmount: number;
  costAmount: number;
  reason: string | null;
  /** refundLifecycle state. */
  state: string;
  stateName: string;
  failReason: string | null;
  finishTime: string | null;
  createTime: string;
  version: number;
}

/** The body of POST order-refund. */
export interface OrderRefundBody {
  orderId: string;
  /** How many of the order's still-issued codes; absent: all of them. */
  quantity?: number;
  reason: string;
}

export const SUP_RETURN_ORDER = `${SUPPLIER_SERVICE}/sup-return-order`;
export const ORDER_REFUND = `${SUP_RETURN_ORDER}/order-refund`;
/** The spec's export call (same task as excel/export/async with excelType sup-return-order). */
export const SUP_RETURN_ORDER_EXPORT = `${SUP_RETURN_ORDER}/export`;

/** The refund screen's button codes (the menu seed's). */
export const SUP_RETURN_ORDER_CODES = {
  view: 'supplier_refund_order_view',
  refund: 'supplier_refund_order_refund',
  export: 'supplier_refund_order_export',
} as const;

/** The refund reason's limit and messages (zh answered by the server). */
export const REFUND_REASON_MAX = 500;
export const REFUND_REASON_REQUIRED = { zh: '请输入退款原因', en: 'Please enter a reason' };

export const supReturnOrderContract = defineContract<SupReturnOrder>()({
  service: SUP_RETURN_ORDER,
  route: '/supplier/commodity-refund-order/list',
  title: { zh: '退款订单', en: 'Refund order' },
  menu: 'supplier_refund_order',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-return-order', fileName: '退款订单列表' },
  fields: {
    returnNo: {
      label: { zh: '退款单号', en: 'Refund no.' },
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 26 },
    },
    orderNo: {
      label: { zh: '订单编号', en: 'Order no.' },
      readOnly: true,
      filter: 'like',
      export: { width: 26 },
    },
    orderId: { label: { zh: '订单', en: 'Order' }, readOnly: true, filter: 'equal' },
    ...SUPPLIER_AND_GOOD,
    quantity: {
      label: { zh: '退款数量', en: 'Quantity' },
      kind: 'integer',
      readOnly: true,
      sortable: true,
      export: { width: 8 },
    },
    marketAmount: ORDER_AMOUNTS.marketAmount,
    actualAmount: ORDER_AMOUNTS.actualAmount,
    costAmount: {
      label: { zh: '退回成本', en: 'Cost credited' },
      kind: 'money',
      readOnly: true,
      sortable: true,
      export: { width: 12 },
    },
    reason: {
      label: { zh: '退款原因', en: 'Reason' },
      readOnly: true,
      maxLength: REFUND_REASON_MAX,
      export: { width: 30 },
    },
    state: { label: { zh: '退款状态', en: 'State' }, readOnly: true, filter: 'equal' },
    stateName: { label: { zh: '退款状态', en: 'State' }, readOnly: true, export: { width: 10 } },
    failReason: { label: { zh: '失败原因', en: 'Failure' }, readOnly: true },
    finishTime: {
      label: { zh: '完成时间', en: 'Finished' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
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
