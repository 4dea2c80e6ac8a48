import { appPrepaySettingContract, PREPAY_CODES } from '../../contracts/platform-client/app-prepay';
import { defineContractResource } from '../contract-resource';
import { PREPAY_COLUMNS, PREPAY_FILTERS, prepayDialog } from './app-prepay';

/**
 * 应用预存设置 (/access/openplatform-app/advance): the same accounts as 应用预存, with their
 * warning amount and prepay type (prepaid, or a credit line with its limit) set here.
 */
export default defineContractResource({
  contract: appPrepaySettingContract,
  paging: 'generic',
  columns: PREPAY_COLUMNS,
  filters: PREPAY_FILTERS,
  rowActions: [
    {
      id: 'warn',
      label: { zh: '预警设置', en: 'Warning' },
      permission: PREPAY_CODES.warn,
      dialog: prepayDialog((m) => m.WarnDialog),
    },
    {
      id: 'type',
      label: { zh: '预存类型', en: 'Prepay type' },
      permission: PREPAY_CODES.type,
      dialog: prepayDialog((m) => m.TypeDialog),
    },
  ],
  recordLabel: (row) => `${row.appName}（${row.clientName}）`,
});
