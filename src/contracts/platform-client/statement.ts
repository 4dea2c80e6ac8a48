import { CLIENT_SERVICE } from '../business-services';
import { defineContract, type FieldSpec } from '../resource-contract';

/**
 * Statements (issue 27 item 8, /access/statements; the spec names no calls, these are ours):
 * per app and month, what its client orders and returns came to.
 *
 * - Months are Asia/Shanghai calendar months (domain.md: business days), whatever zone the server
 *   stores its times in: an order stored at 2026-10-31 16:30 UTC belongs to November.
 * - Orders are counted in the month they were placed (createTime), by their state now:
 *   succeeded = success, returning, partReturned, returned (codes were issued); failed = failed,
 *   closed, cancelled (the prepay was given back: `failAmount`); the rest are still fulfilling.
 * - Returns are the client return orders completed (`returned`) in the month, whichever month
 *   their order was placed in. netAmount = successAmount - returnAmount.
 * - Every order counts, removed ones too: removing a record hides it from lists, not the money
 *   it moved.
 *
 * Calls: GET `list` (a page of rows, filters clientId, appId, month_dategt / month_datelt, at most
 * STATEMENT_MAX_MONTHS months, the last 12 without; `sums` over all rows; `range` applied),
 * GET `daily?appId=&month=yyyy-MM` (per day, for the chart), POST `export` (an export task: the
 * rows and, below them, every order and return they summarise).
 */
export const STATEMENT = `${CLIENT_SERVICE}/statement`;
export const STATEMENT_ROUTE = '/access/statements';
export const STATEMENT_MAX_MONTHS = 12;
export const STATEMENT_CALLS = { list: 'list', daily: 'daily', export: 'export' } as const;

/** Order states that count as succeeded, and as failed (clientOrderLifecycle). */
export const SUCCESS_STATES = ['success', 'returning', 'partReturned', 'returned'] as const;
export const FAILED_STATES = ['failed', 'closed', 'cancelled'] as const;
/** The client return order state that counts. */
export const RETURNED_STATE = 'returned';

/** The figures of a statement row, a day of the chart and the sums (amounts in yuan). */
export interface StatementFigures {
  orderCount: number;
  orderQuantity: number;
  orderAmount: number;
  successCount: number;
  successQuantity: number;
  successAmount: number;
  failCount: number;
  failAmount: number;
  returnCount: number;
  returnQuantity: number;
  returnAmount: number;
  netAmount: number;
}

export interface StatementRow extends StatementFigures {
  /** `${appId}_${month}`. */
  id: string;
  /** 'yyyy-MM'. */
  month: string;
  clientId: string;
  clientName: string;
  appId: string;
  appName: string;
  /**
   * The sheet's detail columns (statement/export writes 汇总 rows, then each 订单 and 退货 they
   * count); empty on a list row.
   */
  rowKind?: string;
  orderNo?: string;
  outOrderNo?: string;
  returnNo?: string;
  productName?: string;
  stateName?: string;
  time?: string;
}

export interface StatementPage {
  records: StatementRow[];
  total: number;
  size: number;
  current: number;
  pages: number;
  sums: StatementFigures;
  range: { start: string; end: string };
}

export interface StatementDay extends StatementFigures {
  /** 'yyyy-MM-dd'. */
  day: string;
}

export interface StatementDaily {
  appId: string;
  month: string;
  days: StatementDay[];
}

const label = (zh: string, en: string) => ({ zh, en });
const count = (zh: string, en: string, width = 10): FieldSpec => ({
  label: label(zh, en),
  kind: 'integer',
  readOnly: true,
  export: { width },
});
const money = (zh: string, en: string, width = 14): FieldSpec => ({
  label: label(zh, en),
  kind: 'money',
  readOnly: true,
  export: { width },
});

/** The figures' fields, in the order of the table and the sheet. */
export const FIGURE_FIELDS = {
  orderCount: count('下单笔数', 'Orders'),
  orderQuantity: count('下单数量', 'Quantity'),
  orderAmount: money('下单金额', 'Ordered'),
  successCount: count('成功笔数', 'Succeeded'),
  successQuantity: count('成功数量', 'Succeeded qty'),
  successAmount: money('成功金额', 'Succeeded amount'),
  failCount: count('失败笔数', 'Failed'),
  failAmount: money('失败退回金额', 'Failed, returned'),
  returnCount: count('退货笔数', 'Returns'),
  returnQuantity: count('退货数量', 'Returned qty'),
  returnAmount: money('退货金额', 'Returned amount'),
  netAmount: money('净额', 'Net amount'),
} as const satisfies Record<keyof StatementFigures, FieldSpec>;

export const statementContract = defineContract<StatementRow>()({
  service: STATEMENT,
  route: STATEMENT_ROUTE,
  title: label('对账单', 'Statements'),
  menu: 'statement',
  buttons: ['view', 'export'],
  calls: { list: STATEMENT_CALLS.list, export: STATEMENT_CALLS.export },
  export: { excelType: 'statement', fileName: '对账单' },
  fields: {
    rowKind: { label: label('类型', 'Kind'), readOnly: true, export: { width: 8 } },
    month: {
      label: label('月份', 'Month'),
      kind: 'date',
      readOnly: true,
      filter: 'equal',
      export: { width: 10 },
    },
    clientId: {
      label: label('接入方', 'Access party'),
      ref: 'psclient',
      readOnly: true,
      filter: 'equal',
    },
    clientName: {
      label: label('接入方', 'Access party'),
      nameOf: 'clientId',
      readOnly: true,
      export: { width: 20 },
    },
    appId: { label: label('应用', 'App'), ref: 'psclientApp', readOnly: true, filter: 'equal' },
    appName: {
      label: label('应用', 'App'),
      nameOf: 'appId',
      readOnly: true,
      export: { width: 20 },
    },
    orderNo: { label: label('订单号', 'Order no.'), readOnly: true, export: { width: 24 } },
    outOrderNo: {
      label: label('外部订单号', 'App order no.'),
      readOnly: true,
      export: { width: 24 },
    },
    returnNo: { label: label('退货单号', 'Return no.'), readOnly: true, export: { width: 24 } },
    productName: { label: label('产品', 'Product'), readOnly: true, export: { width: 24 } },
    stateName: { label: label('状态', 'State'), readOnly: true, export: { width: 10 } },
    time: { label: label('时间', 'Time'), readOnly: true, export: { width: 20 } },
    ...FIGURE_FIELDS,
  },
});
