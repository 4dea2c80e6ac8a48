import type { ComponentType } from 'react';
import {
  appPrepayContract,
  PREPAY_CODES,
  type AppPrepay,
} from '../../contracts/platform-client/app-prepay';
import { defineContractResource } from '../contract-resource';
import { choiceOptions } from '../contract-fields';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<AppPrepay>>;
const dialogs = () => import('./app-prepay-dialogs');
/** A dialog of app-prepay-dialogs, loaded on first use. */
export const prepayDialog = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/** The columns and filters both prepay screens show (the same rows). */
export const PREPAY_COLUMNS = [
  { field: 'appName', width: 160 },
  { field: 'appKey', width: 150, hiddenByDefault: true },
  { field: 'clientName', width: 160 },
  { field: 'balance', width: 130 },
  { field: 'creditLimit', width: 120 },
  { field: 'available', width: 130 },
  { field: 'warningAmount', width: 120 },
  { field: 'prepayType', width: 90 },
  { field: 'belowWarning', width: 100 },
  { field: 'updateTime', width: 170 },
] as const;
export const PREPAY_FILTERS = [
  'clientId',
  'appId',
  'prepayType',
  {
    name: 'belowWarning',
    kind: 'select',
    options: choiceOptions(appPrepayContract.fields.belowWarning),
  },
] as const;

/**
 * 应用预存 (/access/advance, issue 27 item 2): each app's prepay, what it may still spend and
 * whether it is below its warning (in red); 充值 (with a voucher) and 调整 move it through the
 * server's ledger, sent once.
 */
export default defineContractResource({
  contract: appPrepayContract,
  paging: 'generic',
  columns: PREPAY_COLUMNS,
  filters: PREPAY_FILTERS,
  rowActions: [
    {
      id: 'topup',
      label: { zh: '充值', en: 'Top up' },
      permission: PREPAY_CODES.recharge,
      dialog: prepayDialog((m) => m.TopUpDialog),
    },
    {
      id: 'adjust',
      label: { zh: '调整', en: 'Adjust' },
      permission: PREPAY_CODES.recharge,
      dialog: prepayDialog((m) => m.AdjustDialog),
    },
  ],
  recordLabel: (row) => `${row.appName}（${row.clientName}）`,
});
