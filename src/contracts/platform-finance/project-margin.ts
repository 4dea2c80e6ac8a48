import { defineContract } from '../resource-contract';
import { FINANCE_SERVICE } from '../business-services';

/**
 * The client side of the project report (issue 28 item 4, /finance/project-reportList): per
 * project (the client product), client and month, the revenue from client orders (amount less
 * returns) and the cost of the supplier orders that fulfilled them (cost less what their refunds
 * credited back); margin = revenue - cost. Exact to the fen: integer sums at rest, yuan text
 * with two decimals on the wire.
 *
 * A client order counts when it was fulfilled (success, returning, partReturned, returned) and
 * in the month of its createTime; its supplier orders count when they delivered (success,
 * refunding, partRefunded, refunded), their refunds when refunded.
 */
export const PROJECT_MARGIN = `${FINANCE_SERVICE}/project-report/margin-page`;
export const MARGIN_ROUTE = '/finance/project-report/margin';
/** Without months: this month and the 11 before it. */
export const MARGIN_DEFAULT_MONTHS = 12;

export interface ProjectMarginRow {
  month: string;
  productId: string;
  productName: string;
  clientId: string;
  clientName: string;
  orderCount: number;
  /** Yuan text, two decimals. */
  revenue: string;
  cost: string;
  margin: string;
}

export interface ProjectMarginPage {
  records: ProjectMarginRow[];
  total: number;
  current: number;
  size: number;
  sums: { orderCount: number; revenue: string; cost: string; margin: string };
}

/** Client order states that count as sold (clientOrderLifecycle). */
export const MARGIN_ORDER_STATES = ['success', 'returning', 'partReturned', 'returned'] as const;

/** The 项目毛利 tab of /finance/project-reportList: a list over margin-page, months filter. */
export const projectMarginContract = defineContract<ProjectMarginRow>()({
  service: `${FINANCE_SERVICE}/project-report`,
  route: '/finance/project-reportList',
  title: { zh: '项目毛利', en: 'Project margin' },
  menu: 'project_report',
  buttons: [],
  calls: { list: 'margin-page' },
  fields: {
    month: {
      label: { zh: '月份', en: 'Month' },
      kind: 'date',
      readOnly: true,
      filter: 'equal',
    },
    productName: { label: { zh: '项目（产品）', en: 'Project (product)' }, readOnly: true },
    clientName: { label: { zh: '接入方', en: 'Client' }, readOnly: true },
    orderCount: { label: { zh: '订单数', en: 'Orders' }, kind: 'integer', readOnly: true },
    revenue: { label: { zh: '收入', en: 'Revenue' }, kind: 'money', readOnly: true },
    cost: { label: { zh: '成本', en: 'Cost' }, kind: 'money', readOnly: true },
    margin: { label: { zh: '毛利', en: 'Margin' }, kind: 'money', readOnly: true },
  },
});
