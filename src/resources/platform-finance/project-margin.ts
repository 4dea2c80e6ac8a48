import {
  MARGIN_DEFAULT_MONTHS,
  MARGIN_ROUTE,
  projectMarginContract,
} from '../../contracts/platform-finance/project-margin';
import { defineContractResource } from '../contract-resource';
import type { ResourceDef } from '../types';

/**
 * 项目毛利 (issue 28 item 4): the client side of /finance/project-reportList as one more tab:
 * revenue, cost and margin per month, project and client, the server's totals in the footer.
 */
export const projectMargin = defineContractResource({
  contract: projectMarginContract,
  paging: 'generic',
  columns: [
    { field: 'month', width: 100 },
    { field: 'productName', width: 200 },
    { field: 'clientName', width: 180 },
    { field: 'orderCount', kind: 'number', width: 90 },
    { field: 'revenue', width: 130 },
    { field: 'cost', width: 130 },
    { field: 'margin', width: 130 },
  ],
  filters: [{ name: 'month', unit: 'month', defaultLast: MARGIN_DEFAULT_MONTHS }],
  sums: ['orderCount', 'revenue', 'cost', 'margin'],
  sumsFromAnswer: true,
  recordLabel: (row) => `${row.month} ${row.productName} ${row.clientName}`,
});

/** The tab the project report page adds after the supplier reports. */
export const PROJECT_MARGIN_TAB = {
  kind: 'margin',
  route: MARGIN_ROUTE,
  def: projectMargin as unknown as ResourceDef,
} as const;
