import { reportDefContract } from '../../../src/contracts/platform-finance/report-def.js';
import { SUPER_ADMIN } from '../../auth/index.js';
import { defineContractTable } from '../../lib/table/index.js';

/**
 * blade-report (spec.md "Others"; issue 28 item 6): the saved report definitions, one set for
 * the platform, seeded by the demo; `report/rest/list` and `report/rest/remove` (ids), the super
 * administrator only (403 for anyone else). No menu screen shows them (the menu seed has none).
 */
export default defineContractTable({
  contract: reportDefContract,
  table: 'bladeReportDef',
  scope: 'global',
  defaultOrder: { createTime: 'asc', id: 'asc' },
  own: ['submit', 'detail'],
  readColumns: ['name', 'reportCode', 'category', 'route', 'remark'],
  access: { read: SUPER_ADMIN, add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
});
