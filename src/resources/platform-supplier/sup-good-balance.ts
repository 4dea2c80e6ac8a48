import { BELOW_WARNING } from '../../contracts/platform-supplier/sup-balance';
import {
  GOOD_BALANCE_TYPES,
  supGoodBalanceContract,
  type SupGoodBalance,
} from '../../contracts/platform-supplier/sup-good-balance';
import { defineContractResource } from '../contract-resource';
import type { ComponentType } from 'react';
import type { ActionDialogProps } from '../types';
import { SUPPLIER_SOURCE } from './sup-good-options';

type Dialog = ComponentType<ActionDialogProps<SupGoodBalance>>;
const code = (alias: string) => `${supGoodBalanceContract.menu}_${alias}`;
const dialogs = () => import('./sup-balance-dialogs');
const named = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));
/** Adjusting and warnings need the good's own quota (type 2). */
const ownQuota = (row: SupGoodBalance) => Number(row.balanceType) === 2 && !!row.balanceId;

/**
 * 商品额度 (/supplier/supplier-quota/commodity-list): every good with its quota type; a good on its
 * own quota (type 2) has a balance, an overdraft limit and a warning amount, and can be adjusted.
 */
export default defineContractResource({
  contract: supGoodBalanceContract,
  paging: 'generic',
  columns: [
    { field: 'supName', width: 160 },
    { field: 'goodCode', width: 140 },
    { field: 'goodName', width: 200 },
    { field: 'balanceType', kind: 'tag', options: GOOD_BALANCE_TYPES, width: 130 },
    { field: 'balance', width: 120 },
    { field: 'overdraftLimit', width: 120 },
    { field: 'warningAmount', width: 120 },
    { field: 'belowWarning', kind: 'tag', options: BELOW_WARNING, width: 110 },
    { field: 'updateTime', width: 170 },
  ],
  filters: [
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    'goodCode',
    'goodName',
    { name: 'balanceType', kind: 'select', options: GOOD_BALANCE_TYPES },
  ],
  rowActions: [
    {
      id: 'adjust',
      label: { zh: '调整', en: 'Adjust' },
      permission: code('adjust'),
      when: ownQuota,
      dialog: named((m) => m.GoodRecordDialog),
    },
    {
      id: 'balanceType',
      label: { zh: '额度类型', en: 'Quota type' },
      permission: code('balance_type'),
      dialog: named((m) => m.GoodTypeDialog),
    },
    {
      id: 'warn',
      label: { zh: '预警设置', en: 'Warning settings' },
      permission: code('warn_setting'),
      when: ownQuota,
      dialog: named((m) => m.GoodWarnDialog),
    },
  ],
  recordLabel: (row) => `${row.goodName}（${row.goodCode}）`,
});
