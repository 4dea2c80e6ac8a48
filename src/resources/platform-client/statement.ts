import {
  STATEMENT_MAX_MONTHS,
  statementContract,
  type StatementFigures,
} from '../../contracts/platform-client/statement';
import { defineContractResource } from '../contract-resource';

type Figure = keyof StatementFigures;
const count = (field: Figure, hidden = false) =>
  ({ field, kind: 'number', width: 100, ...(hidden ? { hiddenByDefault: true } : {}) }) as const;
const amount = (field: Figure) => ({ field, width: 130 }) as const;

/**
 * 对账单 (/access/statements, issue 27 item 8): one row per app and month with the server's
 * totals over every row in the footer; the page (features/statements) draws the chosen row's
 * days above the table. The months filter is whole months, the last 12 by default.
 */
export const statements = defineContractResource({
  contract: statementContract,
  paging: 'generic',
  columns: [
    { field: 'month', width: 100 },
    { field: 'clientName', width: 160 },
    { field: 'appName', width: 160 },
    count('orderCount'),
    count('orderQuantity', true),
    amount('orderAmount'),
    count('successCount'),
    count('successQuantity', true),
    amount('successAmount'),
    count('failCount'),
    amount('failAmount'),
    count('returnCount'),
    count('returnQuantity', true),
    amount('returnAmount'),
    amount('netAmount'),
  ],
  filters: [
    'clientId',
    'appId',
    { name: 'month', unit: 'month', defaultLast: STATEMENT_MAX_MONTHS },
  ],
  sums: [
    'orderCount',
    'orderQuantity',
    'orderAmount',
    'successCount',
    'successQuantity',
    'successAmount',
    'failCount',
    'failAmount',
    'returnCount',
    'returnQuantity',
    'returnAmount',
    'netAmount',
  ],
  sumsFromAnswer: true,
  recordLabel: (row) => `${row.appName} ${row.month}`,
});
