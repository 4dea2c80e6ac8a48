import { supOrderLifecycle } from '../../../machines/lifecycles/sup-order-machine';
import {
  ORDER_REPORT_CALLS,
  ORDER_REPORT_CODES,
  ORDER_REPORT_OPTIONS,
  ORDER_REPORT_SERVICE,
  projectReportContract,
  REPORT_DEFAULT_DAYS,
  REPORT_DEFAULT_MONTHS,
  REPORT_MAX_DAYS,
  saleDetailContract,
  saleReportContract,
  saleReturnDetailContract,
  saleReturnReportContract,
  type OrderReportKind,
  type ProjectReportRow,
} from '../../contracts/platform-supplier/sup-order-report';
import { defineContractResource } from '../contract-resource';
import type { ResourceDef, ValueOption } from '../types';

/**
 * The supplier order reports (issue 18 item 5): five declared lists over the sup-order-report
 * contracts, shown as the tabs of /finance/project-reportList (features/finance-reports). Each
 * footer shows the server's sums over every matching row (`sumsFromAnswer`); the chart above the
 * table is drawn by the page from the same answer.
 */

/** Every amount with its total, the margin (毛利) beside revenue and cost (issue 25 item 9). */
const SUMS = [
  'quantity',
  'marketAmount',
  'discountAmount',
  'actualAmount',
  'costPrice',
  'profit',
] as const;

/** The filters' options, from the report service (readable with the report's own codes). */
const SUPPLIERS = {
  path: `${ORDER_REPORT_SERVICE}/${ORDER_REPORT_OPTIONS.suppliers}`,
  label: 'supName',
  value: 'id',
} as const;
const GOODS = {
  path: `${ORDER_REPORT_SERVICE}/${ORDER_REPORT_OPTIONS.goods}`,
  label: 'goodName',
  value: 'id',
} as const;

/** Order states with the lifecycle's labels. */
const ORDER_STATES: readonly ValueOption[] = Object.entries(supOrderLifecycle.states).map(
  ([value, label]) => ({ value, label }),
);

const AMOUNT_COLUMNS = [
  { field: 'quantity', kind: 'number', width: 90 },
  { field: 'marketAmount', width: 120 },
  { field: 'discountAmount', width: 120 },
  { field: 'actualAmount', width: 120 },
  { field: 'costPrice', width: 120 },
  { field: 'profit', width: 120 },
] as const;

// The range the server applies without one is the field's starting value (issue 25 item 19).
const DAYS = {
  name: 'createTime',
  maxDays: REPORT_MAX_DAYS,
  defaultLast: REPORT_DEFAULT_DAYS,
} as const;
const remarkDialog = () => import('./sup-order-report-remark-dialog');
const exportDetailDialog = () => import('./sup-order-report-export-dialog');

export const projectReport = defineContractResource({
  contract: projectReportContract,
  paging: 'generic',
  paths: { list: ORDER_REPORT_CALLS.project },
  columns: [
    { field: 'month', width: 100 },
    { field: 'supName', width: 180 },
    ...AMOUNT_COLUMNS,
    { field: 'invoiceRemark', width: 220 },
  ],
  filters: [
    { name: 'supId', kind: 'select', source: SUPPLIERS },
    { name: 'month', unit: 'month', defaultLast: REPORT_DEFAULT_MONTHS },
  ],
  sums: SUMS,
  sumsFromAnswer: true,
  rowActions: [
    {
      id: 'remarkInvoice',
      label: { zh: '开票备注', en: 'Invoice remark' },
      permission: ORDER_REPORT_CODES.remarkInvoice,
      dialog: remarkDialog,
    },
    {
      id: 'remarkClear',
      label: { zh: '清除备注', en: 'Clear remark' },
      permission: ORDER_REPORT_CODES.remarkClear,
      color: 'orange',
      when: (row: ProjectReportRow) => Boolean(row.invoiceRemark),
      call: {
        path: `${ORDER_REPORT_SERVICE}/remarkClear`,
        params: (rows) => ({ id: rows[0]!.id }),
        confirm: { zh: '确定清除该行的开票备注？', en: "Clear this row's invoice remark?" },
        done: { zh: '开票备注已清除', en: 'Invoice remark cleared' },
      },
    },
    {
      id: 'exportDetail',
      label: { zh: '导出明细', en: 'Export details' },
      permission: ORDER_REPORT_CODES.exportDetail,
      dialog: exportDetailDialog,
    },
  ],
  recordLabel: (row) => `${row.supName} ${row.month}`,
});

const perDay = (contract: typeof saleReportContract, path: string) =>
  defineContractResource({
    contract,
    paging: 'generic',
    paths: { list: path },
    columns: [
      { field: 'day', width: 110 },
      { field: 'supName', width: 180 },
      { field: 'goodName', width: 180 },
      { field: 'orderCount', kind: 'number', width: 100 },
      ...AMOUNT_COLUMNS,
    ],
    filters: [
      { name: 'supId', kind: 'select', source: SUPPLIERS },
      { name: 'goodId', kind: 'select', source: GOODS },
      DAYS,
    ],
    sums: SUMS,
    sumsFromAnswer: true,
    recordLabel: (row) => `${row.day} ${row.supName} ${row.goodName}`,
  });

export const saleReport = perDay(saleReportContract, ORDER_REPORT_CALLS.sale);
export const saleReturnReport = perDay(saleReturnReportContract, ORDER_REPORT_CALLS.saleReturn);

export const saleDetailReport = defineContractResource({
  contract: saleDetailContract,
  paging: 'generic',
  paths: { list: ORDER_REPORT_CALLS.saleDetail },
  columns: [
    { field: 'orderNo', width: 200 },
    { field: 'clientOrderId', width: 180, hiddenByDefault: true },
    { field: 'supName', width: 180 },
    { field: 'goodName', width: 180 },
    ...AMOUNT_COLUMNS,
    { field: 'state', kind: 'status', options: ORDER_STATES, width: 100 },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    { name: 'supId', kind: 'select', source: SUPPLIERS },
    { name: 'goodId', kind: 'select', source: GOODS },
    'orderNo',
    DAYS,
  ],
  sums: SUMS,
  sumsFromAnswer: true,
  recordLabel: (row) => row.orderNo,
});

export const saleReturnDetailReport = defineContractResource({
  contract: saleReturnDetailContract,
  paging: 'generic',
  paths: { list: ORDER_REPORT_CALLS.saleReturnDetail },
  columns: [
    { field: 'returnNo', width: 200 },
    { field: 'orderNo', width: 200 },
    { field: 'supName', width: 180 },
    { field: 'goodName', width: 180 },
    ...AMOUNT_COLUMNS,
    { field: 'reason', width: 200 },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    { name: 'supId', kind: 'select', source: SUPPLIERS },
    { name: 'goodId', kind: 'select', source: GOODS },
    'returnNo',
    'orderNo',
    DAYS,
  ],
  sums: SUMS,
  sumsFromAnswer: true,
  recordLabel: (row) => row.returnNo,
});

/** A tab of /finance/project-reportList: its report, list, layout key route and chart. */
export interface OrderReportTab {
  kind: OrderReportKind;
  /** The route the tab's column layout is saved under (`tableKeyOf`). */
  route: string;
  chart: 'project' | 'sale' | 'saleReturn';
  def: ResourceDef;
}

const tab = (
  kind: OrderReportKind,
  key: string,
  chart: OrderReportTab['chart'],
  def: object,
): OrderReportTab => ({
  kind,
  route: `/finance/project-report/${key}`,
  chart,
  def: def as ResourceDef,
});

/** The tabs, in order. */
export const ORDER_REPORT_TABS: readonly OrderReportTab[] = [
  tab('project', 'project', 'project', projectReport),
  tab('sale', 'sale', 'sale', saleReport),
  tab('saleReturn', 'sale-return', 'saleReturn', saleReturnReport),
  tab('saleDetail', 'sale-detail', 'sale', saleDetailReport),
  tab('saleReturnDetail', 'sale-return-detail', 'saleReturn', saleReturnDetailReport),
];
