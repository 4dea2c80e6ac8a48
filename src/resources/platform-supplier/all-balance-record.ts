import {
  allBalanceRecordContract,
  CHANGE_TYPES,
  RECORD_MAX_DAYS,
} from '../../contracts/platform-supplier/all-balance-record';
import { defineContractResource } from '../contract-resource';
import { SUPPLIER_SOURCE } from './sup-good-options';

/**
 * 额度变动流水 (/supplier/supplier-quota/amount-change-flow): both ledgers in one list, newest
 * first, with the exact sum of the amounts shown in the footer; 附件 hands out a short-lived
 * download of a change's voucher.
 */
export default defineContractResource({
  contract: allBalanceRecordContract,
  paging: 'generic',
  columns: [
    { field: 'createTime', width: 170 },
    { field: 'supName', width: 160 },
    { field: 'goodName', width: 180 },
    { field: 'changeType', kind: 'tag', options: CHANGE_TYPES, width: 110 },
    { field: 'amount', width: 130 },
    { field: 'balanceAfter', width: 130 },
    { field: 'reason', width: 220 },
    { field: 'sourceNo', width: 180 },
    { field: 'fileName', width: 160 },
    { field: 'createUserName', width: 110 },
  ],
  filters: [
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    'goodCode',
    { name: 'changeType', kind: 'select', options: CHANGE_TYPES },
    { name: 'createTime', kind: 'dateRange', maxDays: RECORD_MAX_DAYS },
  ],
  sums: ['amount'],
  rowActions: [
    {
      id: 'file',
      label: { zh: '附件', en: 'Voucher' },
      permission: `${allBalanceRecordContract.menu}_file`,
      readsOnly: true,
      when: (row) => Number(row.hasFile) === 1,
      dialog: () => import('./all-balance-record-file'),
    },
  ],
  recordLabel: (row) => `${row.changeTypeName} ${row.createTime}`,
});
