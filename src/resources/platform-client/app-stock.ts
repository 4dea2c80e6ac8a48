import type { ComponentType } from 'react';
import {
  appStockContract,
  STOCK_CODES,
  type AppStock,
} from '../../contracts/platform-client/app-stock';
import { defineContractResource } from '../contract-resource';
import { choiceOptions } from '../contract-fields';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<AppStock>>;
const dialogs = () => import('./app-stock-dialogs');
const dialog = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/**
 * 当前库存 (/product/order/stock/curr-total, issue 27 item 6): what each app holds of a product,
 * in red below its warning; 新增, 增减 and 预警设置 through the server's ledger, sent once.
 */
export default defineContractResource({
  contract: appStockContract,
  paging: 'generic',
  columns: [
    { field: 'appName', width: 160 },
    { field: 'clientName', width: 160 },
    { field: 'productName', width: 180 },
    { field: 'quantity', kind: 'number', width: 110 },
    { field: 'warnQuantity', kind: 'number', width: 110 },
    { field: 'belowWarning', width: 100 },
    { field: 'updateTime', width: 170 },
  ],
  filters: [
    'appId',
    'clientId',
    'productId',
    {
      name: 'belowWarning',
      kind: 'select',
      options: choiceOptions(appStockContract.fields.belowWarning),
    },
  ],
  toolbarActions: [
    {
      id: 'create',
      label: { zh: '新增', en: 'Add' },
      permission: STOCK_CODES.add,
      selection: 'none',
      dialog: dialog((m) => m.CreateStockDialog),
    },
  ],
  rowActions: [
    {
      id: 'change',
      label: { zh: '增减', en: 'Add/deduct' },
      permission: STOCK_CODES.change,
      dialog: dialog((m) => m.ChangeStockDialog),
    },
    {
      id: 'warn',
      label: { zh: '预警设置', en: 'Warning' },
      permission: STOCK_CODES.warn,
      dialog: dialog((m) => m.WarnStockDialog),
    },
  ],
  recordLabel: (row) => `${row.appName} ${row.productName}`,
});
