import {
  BALANCE_TYPES,
  BELOW_WARNING,
  supBalanceContract,
  type SupBalance,
} from '../../contracts/platform-supplier/sup-balance';
import { defineContractResource } from '../contract-resource';
import type { ComponentType } from 'react';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<SupBalance>>;
const code = (alias: string) => `${supBalanceContract.menu}_${alias}`;
const dialogs = () => import('./sup-balance-dialogs');
const named = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/**
 * 供应商额度 (/supplier/supplier-quota/list, issue 18 item 4): each initialised supplier's balance,
 * overdraft limit and warning amount; a row below its warning amount says so in words and colour.
 * 初始化 (toolbar), 调整 and 预警设置 (rows) are dialogs; the money moves on the server's ledger.
 */
export default defineContractResource({
  contract: supBalanceContract,
  paging: 'generic',
  columns: [
    { field: 'supCode', width: 130 },
    { field: 'supName', width: 180 },
    { field: 'balance', width: 130 },
    { field: 'overdraftLimit', width: 120 },
    { field: 'warningAmount', width: 120 },
    { field: 'belowWarning', kind: 'tag', options: BELOW_WARNING, width: 110 },
    { field: 'balanceType', kind: 'tag', options: BALANCE_TYPES, width: 100 },
    { field: 'updateTime', width: 170 },
  ],
  filters: ['supName', 'supCode', { name: 'balanceType', kind: 'select', options: BALANCE_TYPES }],
  rowActions: [
    {
      id: 'adjust',
      label: { zh: '调整', en: 'Adjust' },
      permission: code('adjust'),
      dialog: named((m) => m.SupplierRecordDialog),
    },
    {
      id: 'warn',
      label: { zh: '预警设置', en: 'Warning settings' },
      permission: code('warn_setting'),
      dialog: named((m) => m.SupplierWarnDialog),
    },
  ],
  toolbarActions: [
    {
      id: 'init',
      label: { zh: '初始化', en: 'Initialise' },
      permission: code('init'),
      selection: 'none',
      dialog: named((m) => m.InitDialog),
    },
  ],
  recordLabel: (row) => `${row.supName}（${row.supCode}）`,
});
