import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract, type FieldSpec } from '../resource-contract';

/**
 * The supplier order reports (issue 18 item 5; spec.md section 7 "Orders": sup-order-report),
 * served at `${SUPPLIER_SERVICE}/sup-order-report` and shown as the tabs of
 * /finance/project-reportList (menu `project_report`):
 *
 * - `list`: the project report, one row per supplier and month: what was sold that month minus
 *   what was refunded that month, with the row's invoice remark (`remarkInvoice`/`remarkClear`).
 * - `saleReportPage` / `saleReturnReportPage`: per day, supplier and good, sales resp. refunds.
 * - `saleDetailReportPage` / `saleReturnDetailReportPage`: the orders resp. refunds themselves.
 *
 * A sale is a supplier order that delivered (success, refunding, partRefunded, refunded), dated
 * by its createTime; a refund is a return order in state refunded, dated by its createTime. Days
 * and months are the stored times' calendar days (as every list's date filter compares them).
 * Amounts are totals: marketAmount (face value), actualAmount (what the client paid),
 * discountAmount = market - actual, costPrice (what the supplier balance was charged),
 * profit = actual - cost. Every page answer carries `sums` (over all matching rows, not the
 * page) and `chart` (see ReportAnswer).
 */
export const ORDER_REPORT_SERVICE = `${SUPPLIER_SERVICE}/sup-order-report`;
export const ORDER_REPORT_ROUTE = '/finance/project-reportList';
export const ORDER_REPORT_MENU = 'project_report';

/** The screen's button codes (server/db/seed/menu-tree.ts, `project_report`). */
export const ORDER_REPORT_CODES = {
  menu: ORDER_REPORT_MENU,
  view: `${ORDER_REPORT_MENU}_view`,
  export: `${ORDER_REPORT_MENU}_export`,
  exportDetail: `${ORDER_REPORT_MENU}_export_detail`,
  remarkInvoice: `${ORDER_REPORT_MENU}_remark_invoice`,
  remarkClear: `${ORDER_REPORT_MENU}_remark_clear`,
} as const;

/** The report calls (relative to ORDER_REPORT_SERVICE). */
export const ORDER_REPORT_CALLS = {
  project: 'list',
  sale: 'saleReportPage',
  saleReturn: 'saleReturnReportPage',
  saleDetail: 'saleDetailReportPage',
  saleReturnDetail: 'saleReturnDetailReportPage',
} as const;
export type OrderReportKind = keyof typeof ORDER_REPORT_CALLS;

/** The spec's export calls (POST, an export task each) and their excelTypes. */
export const ORDER_REPORT_EXPORTS = {
  project: 'export-sup-order-report',
  sale: 'export-sale-report',
  saleReturn: 'export-sale-return-report',
  saleDetail: 'export-sale-detail-report',
  saleReturnDetail: 'export-sale-return-detail-report',
} as const satisfies Record<OrderReportKind, string>;
/** The filters' options (GET, answered to the report's readers): suppliers, goods (?supId=). */
export const ORDER_REPORT_OPTIONS = { suppliers: 'sup-options', goods: 'good-options' } as const;
/** POST export-sup-order-report-details/{id}: the orders and refunds behind one project row. */
export const ORDER_REPORT_DETAIL_EXPORT = 'export-sup-order-report-details';

/** Sale reports: the longest date range (days, both ends counted); longer is cut to its end. */
export const REPORT_MAX_DAYS = 31;
/** Sale reports without a date range: the last 30 days ending today. */
export const REPORT_DEFAULT_DAYS = 30;
/** The project report without months: this month and the 11 before it. */
export const REPORT_DEFAULT_MONTHS = 12;
/** An invoice remark's longest text. */
export const INVOICE_REMARK_MAX = 200;

/** Order states that count as sold (supOrderLifecycle). */
export const SOLD_STATES = ['success', 'refunding', 'partRefunded', 'refunded'] as const;
/** The return-order state that counts as refunded (refundLifecycle). */
export const REFUNDED_STATE = 'refunded';

/**
 * Sums over every matching row: quantity an integer, amounts yuan text with 2 decimals; profit
 * is the margin, actual - cost (issue 25 item 9: a margin total wherever revenue and cost stand).
 */
export interface ReportSums {
  quantity: number;
  marketAmount: string;
  discountAmount: string;
  actualAmount: string;
  costPrice: string;
  profit: string;
}

/** One point of a chart: amounts in yuan (numbers with at most 2 decimals). */
export interface ChartPoint {
  /** The day ('yyyy-MM-dd') or month ('yyyy-MM') of the line chart. */
  period: string;
  quantity: number;
  actualAmount: number;
  costPrice: number;
}
export interface ChartBar {
  supId: string;
  supName: string;
  quantity: number;
  actualAmount: number;
  costPrice: number;
}

/**
 * A report page: BladeX's page plus `sums` (all matching rows), `chart` (per period and per
 * supplier over all matching rows, computed in SQL) and the `range` that was applied (sale
 * reports: clamped to 31 days, the last 30 days when none was asked; project report: months).
 */
export interface ReportAnswer<Row> {
  records: Row[];
  total: number;
  size: number;
  current: number;
  pages: number;
  sums: ReportSums;
  chart: { byPeriod: ChartPoint[]; bySupplier: ChartBar[]; unit: 'day' | 'month' };
  range: { start: string; end: string };
}

export interface ProjectReportRow {
  /** `${supId}_${month}`: the key of remarkInvoice / remarkClear / the detail export. */
  id: string;
  month: string;
  supId: string;
  supName: string;
  quantity: number;
  marketAmount: number;
  discountAmount: number;
  actualAmount: number;
  costPrice: number;
  profit: number;
  invoiceRemark: string | null;
}

export interface SaleReportRow {
  id: string;
  day: string;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  /** Orders (sale report) or return orders (return report) counted. */
  orderCount: number;
  quantity: number;
  marketAmount: number;
  discountAmount: number;
  actualAmount: number;
  costPrice: number;
  /** The margin: actualAmount - costPrice. */
  profit: number;
}

export interface SaleDetailRow {
  id: string;
  orderNo: string;
  clientOrderId: string | null;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  quantity: number;
  marketAmount: number;
  discountAmount: number;
  actualAmount: number;
  costPrice: number;
  profit: number;
  state: string;
  createTime: string;
}

export interface SaleReturnDetailRow {
  id: string;
  returnNo: string;
  orderNo: string;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  quantity: number;
  marketAmount: number;
  discountAmount: number;
  actualAmount: number;
  costPrice: number;
  profit: number;
  reason: string | null;
  createTime: string;
}

const label = (zh: string, en: string) => ({ zh, en });
const money = (zh: string, en: string, width = 14): FieldSpec => ({
  label: label(zh, en),
  kind: 'money',
  readOnly: true,
  export: { width },
});
const AMOUNTS = {
  quantity: {
    label: label('数量', 'Quantity'),
    kind: 'integer',
    readOnly: true,
    export: { width: 10 },
  },
  marketAmount: money('面值金额', 'Face value'),
  discountAmount: money('优惠金额', 'Discount'),
  actualAmount: money('实收金额', 'Received'),
  costPrice: money('成本金额', 'Cost'),
  profit: money('毛利', 'Gross margin'),
} as const satisfies Record<string, FieldSpec>;
const SUPPLIER = {
  supId: {
    label: label('供应商', 'Supplier'),
    readOnly: true,
    filter: 'equal',
  },
  supName: { label: label('供应商', 'Supplier'), readOnly: true, export: { width: 24 } },
} as const satisfies Record<string, FieldSpec>;
const GOOD = {
  goodId: { label: label('商品', 'Good'), readOnly: true, filter: 'equal' },
  goodName: { label: label('商品', 'Good'), readOnly: true, export: { width: 24 } },
} as const satisfies Record<string, FieldSpec>;
/** The sale reports' date range (createTime_dategt / createTime_datelt). */
const CREATED = (zh: string, en: string): FieldSpec => ({
  label: label(zh, en),
  kind: 'dateTime',
  readOnly: true,
  filter: 'equal',
  export: { width: 20 },
});
const common = {
  service: ORDER_REPORT_SERVICE,
  route: ORDER_REPORT_ROUTE,
  menu: ORDER_REPORT_MENU,
  buttons: ['export'],
} as const;

export const projectReportContract = defineContract<ProjectReportRow>()({
  ...common,
  title: label('项目报表', 'Project report'),
  export: { excelType: ORDER_REPORT_EXPORTS.project, fileName: '项目报表' },
  fields: {
    month: {
      label: label('月份', 'Month'),
      kind: 'date',
      readOnly: true,
      filter: 'equal',
      export: { width: 10 },
    },
    ...SUPPLIER,
    ...AMOUNTS,
    invoiceRemark: {
      label: label('开票备注', 'Invoice remark'),
      readOnly: true,
      export: { width: 30 },
    },
  },
});

const perDay = (zh: string, en: string, count: string, countEn: string) =>
  ({
    day: { label: label('日期', 'Date'), kind: 'date', readOnly: true, export: { width: 12 } },
    ...SUPPLIER,
    ...GOOD,
    orderCount: {
      label: label(count, countEn),
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    ...AMOUNTS,
    // The date range filter (createTime) of the report: not a column of its own.
    createTime: { label: label(zh, en), kind: 'dateTime', readOnly: true, filter: 'equal' },
  }) as const;

export const saleReportContract = defineContract<SaleReportRow & { createTime?: string }>()({
  ...common,
  title: label('销售汇总', 'Sales summary'),
  export: { excelType: ORDER_REPORT_EXPORTS.sale, fileName: '销售汇总' },
  fields: perDay('下单日期', 'Order date', '订单数', 'Orders'),
});

export const saleReturnReportContract = defineContract<SaleReportRow & { createTime?: string }>()({
  ...common,
  title: label('退货汇总', 'Refund summary'),
  export: { excelType: ORDER_REPORT_EXPORTS.saleReturn, fileName: '退货汇总' },
  fields: perDay('退货日期', 'Refund date', '退货单数', 'Refunds'),
});

export const saleDetailContract = defineContract<SaleDetailRow>()({
  ...common,
  title: label('销售明细', 'Sales details'),
  export: { excelType: ORDER_REPORT_EXPORTS.saleDetail, fileName: '销售明细' },
  fields: {
    orderNo: {
      label: label('订单号', 'Order no.'),
      readOnly: true,
      filter: 'equal',
      export: { width: 24 },
    },
    clientOrderId: {
      label: label('客户订单号', 'Client order'),
      readOnly: true,
      export: { width: 24 },
    },
    ...SUPPLIER,
    ...GOOD,
    ...AMOUNTS,
    state: { label: label('订单状态', 'State'), readOnly: true, export: { width: 10 } },
    createTime: CREATED('下单时间', 'Ordered'),
  },
});

export const saleReturnDetailContract = defineContract<SaleReturnDetailRow>()({
  ...common,
  title: label('退货明细', 'Refund details'),
  export: { excelType: ORDER_REPORT_EXPORTS.saleReturnDetail, fileName: '退货明细' },
  fields: {
    returnNo: {
      label: label('退货单号', 'Refund no.'),
      readOnly: true,
      filter: 'equal',
      export: { width: 24 },
    },
    orderNo: {
      label: label('订单号', 'Order no.'),
      readOnly: true,
      filter: 'equal',
      export: { width: 24 },
    },
    ...SUPPLIER,
    ...GOOD,
    ...AMOUNTS,
    reason: { label: label('退货原因', 'Reason'), readOnly: true, export: { width: 30 } },
    createTime: CREATED('退货时间', 'Refunded'),
  },
});

/** The project report row id: `${supId}_${yyyy-MM}`. */
export const PROJECT_ROW_ID = /^([A-Za-z0-9-]{1,32})_(\d{4}-(?:0[1-9]|1[0-2]))$/;
