import {
  SUP_GOOD,
  supGoodContract,
  type SupGood,
} from '../../contracts/platform-supplier/sup-good';
import { defineContractResource } from '../contract-resource';
import type { ComponentType } from 'react';
import type { ActionDef, ActionDialogProps } from '../types';
import { GOOD_STATUS, GOOD_TYPES, SHELF, SUPPLIER_SOURCE } from './sup-good-options';

export type { SupGood } from '../../contracts/platform-supplier/sup-good';

const code = (alias: string) => `${supGoodContract.menu}_${alias}`;
type Dialog = ComponentType<ActionDialogProps<SupGood>>;

/** A dialog that is one named export of a module beside the declaration, loaded on first use. */
const named =
  <M>(load: () => Promise<M>, pick: (module: M) => Dialog) =>
  (): Promise<{ default: Dialog }> =>
    load().then((m) => ({ default: pick(m) }));
const enableDialog = () => import('./sup-good-enable-dialog');
const settings = () => import('./sup-good-settings-dialog');
const third = () => import('./sup-good-third-dialog');

/** 上架 / 下架 as a confirmed call: per row, and over the selected rows from the toolbar. */
function shelfAction(onShelf: 0 | 1, selection?: 'some'): ActionDef<SupGood> {
  const on = onShelf === 1;
  return {
    id: `${on ? 'onShelf' : 'offShelf'}${selection ? 'Selected' : ''}`,
    label: on ? { zh: '上架', en: 'Put on shelf' } : { zh: '下架', en: 'Take off shelf' },
    permission: code('on_shelf'),
    ...(on ? {} : { color: 'orange' }),
    ...(selection ? { selection } : { when: (row: SupGood) => Number(row.onShelf) !== onShelf }),
    call: {
      path: `${SUP_GOOD}/batch-on-shelf`,
      params: (rows) => ({ ids: rows.map((r) => r.id).join(','), onShelf: String(onShelf) }),
      confirm: on
        ? { zh: '确定上架所选商品？', en: 'Put the selected goods on the shelf?' }
        : { zh: '确定下架所选商品？', en: 'Take the selected goods off the shelf?' },
      done: on ? { zh: '上架成功', en: 'On the shelf' } : { zh: '下架成功', en: 'Off the shelf' },
    },
  };
}

/** 启用 / 停用 of one row: a confirmed call (the toolbar's bulk one previews first). */
function enableAction(status: 0 | 1): ActionDef<SupGood> {
  const on = status === 1;
  return {
    id: on ? 'enable' : 'disable',
    label: on ? { zh: '启用', en: 'Enable' } : { zh: '停用', en: 'Disable' },
    permission: code('enable'),
    ...(on ? {} : { color: 'orange' }),
    when: (row) => Number(row.status) !== status,
    call: {
      path: `${SUP_GOOD}/enable`,
      params: (rows) => ({ ids: rows.map((r) => r.id).join(','), status: String(status) }),
      confirm: on
        ? { zh: '确定启用该商品？', en: 'Enable this good?' }
        : {
            zh: '确定停用该商品？停用后商品将同时下架。',
            en: 'Disable this good? It is also taken off the shelf.',
          },
      done: on ? { zh: '启用成功', en: 'Enabled' } : { zh: '停用成功', en: 'Disabled' },
    },
  };
}

/**
 * Supplier goods of the caller's tenant (issue 17 item 2): the fields are the contract's; face
 * value and cost price are yuan amounts, the discount is the server's.
 */
export default defineContractResource({
  contract: supGoodContract,
  paging: 'generic',
  columns: [
    { field: 'supName', width: 160 },
    { field: 'goodCode', width: 140 },
    { field: 'goodName', width: 200 },
    { field: 'goodType', kind: 'tag', options: GOOD_TYPES, width: 110 },
    { field: 'marketAmount', width: 100 },
    { field: 'costPrice', width: 100 },
    { field: 'discount', width: 80 },
    { field: 'onShelf', kind: 'status', options: SHELF, width: 90 },
    { field: 'status', kind: 'status', options: GOOD_STATUS, width: 90 },
    { field: 'validDays', width: 100, hiddenByDefault: true },
    { field: 'validEnd', width: 120, hiddenByDefault: true },
    { field: 'stockWarn', width: 110, hiddenByDefault: true },
    { field: 'validTimeWarn', width: 130, hiddenByDefault: true },
    { field: 'remark', width: 200, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    'goodCode',
    'goodName',
    { name: 'goodType', kind: 'select', options: GOOD_TYPES },
    { name: 'onShelf', kind: 'select', options: SHELF },
    { name: 'status', kind: 'select', options: GOOD_STATUS },
  ],
  form: {
    supId: { kind: 'select', source: SUPPLIER_SOURCE },
    goodType: { kind: 'select', options: GOOD_TYPES },
    remark: { kind: 'textarea', wide: true },
  },
  rowActions: [
    shelfAction(1),
    shelfAction(0),
    enableAction(1),
    enableAction(0),
    {
      id: 'thirdStock',
      label: { zh: '三方库存', en: 'Third-party stock' },
      permission: code('third_stock'),
      readsOnly: true,
      dialog: named(third, (m) => m.ThirdStockDialog),
    },
    {
      id: 'thirdBalance',
      label: { zh: '三方余额', en: 'Third-party balance' },
      permission: code('third_balance'),
      readsOnly: true,
      dialog: named(third, (m) => m.ThirdBalanceDialog),
    },
    {
      id: 'interface',
      label: { zh: '接口配置', en: 'Interface settings' },
      permission: code('interface_set'),
      dialog: named(settings, (m) => m.InterfaceDialog),
    },
  ],
  toolbarActions: [
    {
      id: 'import',
      label: { zh: '导入', en: 'Import' },
      permission: code('import'),
      selection: 'none',
      dialog: () => import('./sup-good-import-dialog'),
    },
    shelfAction(1, 'some'),
    shelfAction(0, 'some'),
    {
      id: 'enableSelected',
      label: { zh: '批量启用', en: 'Enable selected' },
      permission: code('enable'),
      selection: 'some',
      dialog: named(enableDialog, (m) => m.EnableDialog),
    },
    {
      id: 'disableSelected',
      label: { zh: '批量停用', en: 'Disable selected' },
      permission: code('enable'),
      color: 'orange',
      selection: 'some',
      dialog: named(enableDialog, (m) => m.DisableDialog),
    },
    {
      id: 'stockWarn',
      label: { zh: '库存预警', en: 'Stock warning' },
      permission: code('stock_warn'),
      selection: 'one',
      dialog: named(settings, (m) => m.StockWarnDialog),
    },
    {
      id: 'validTimeWarn',
      label: { zh: '有效期预警', en: 'Expiry warning' },
      permission: code('valid_time_warn'),
      selection: 'one',
      dialog: named(settings, (m) => m.ValidTimeWarnDialog),
    },
    {
      id: 'signConfig',
      label: { zh: '签名配置', en: 'Sign settings' },
      permission: code('sign_config'),
      selection: 'one',
      dialog: () => import('./sup-good-sign-dialog'),
    },
  ],
  recordLabel: (good) => `${good.goodName}（${good.goodCode}）`,
});
