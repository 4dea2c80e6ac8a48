import {
  STORE_CODES,
  STORE_SERVICE,
  supStoreContract,
  type SupStore,
} from '../../contracts/platform-supplier/sup-store';
import { defineContractResource } from '../contract-resource';
import type { ActionDef, ValueOption } from '../types';
import { SUPPLIER_SOURCE } from './sup-good-options';
import { STORE_FORM } from './sup-store-form';

/** `status`: the enable flag. */
export const STORE_STATUS: readonly ValueOption[] = [
  { value: '1', label: { zh: '启用', en: 'Enabled' }, color: 'green' },
  { value: '0', label: { zh: '停用', en: 'Disabled' }, color: 'gray' },
];

/** `repeatFlag`: 1 kept beside a store with the same code (an import kept both). */
const REPEAT: readonly ValueOption[] = [
  { value: '0', label: { zh: '否', en: 'No' }, color: 'gray' },
  { value: '1', label: { zh: '重复', en: 'Repeat' }, color: 'orange' },
];

/** The regions tree one level at a time (blade-system/region lazy-tree under 00 China). */
const REGION_FILTER = {
  name: 'provinceCode',
  kind: 'cascader',
  label: { zh: '所在地区', en: 'Region' },
  source: { path: 'blade-system/region/lazy-tree', label: 'title', value: 'value' },
  lazy: { param: 'parentCode', root: '00' },
  levels: ['provinceCode', 'cityCode', 'districtCode'],
} as const;

const importDialog = () => import('./sup-store-import-dialog');
const batchEditDialog = () =>
  import('./sup-store-dialogs').then((m) => ({ default: m.BatchEditDialog }));
const loadDialog = () =>
  import('./sup-store-dialogs').then((m) => ({ default: m.LoadStoresDialog }));
const goodsDialog = () =>
  import('./sup-store-dialogs').then((m) => ({ default: m.ApplicableGoodsDialog }));

/** 启用 / 停用 over the selected stores: batch-enable after a confirmation. */
function enableAction(status: 0 | 1): ActionDef<SupStore> {
  const on = status === 1;
  return {
    id: on ? 'enableSelected' : 'disableSelected',
    label: on ? { zh: '启用', en: 'Enable' } : { zh: '停用', en: 'Disable' },
    permission: STORE_CODES.enable,
    selection: 'some',
    ...(on ? {} : { color: 'orange' }),
    call: {
      path: `${STORE_SERVICE}/batch-enable`,
      params: (rows) => ({ ids: rows.map((r) => r.id).join(','), status: String(status) }),
      confirm: on
        ? { zh: '确定启用所选门店？', en: 'Enable the selected stores?' }
        : {
            zh: '确定停用所选门店？停用的门店不再适用任何商品。',
            en: 'Disable the selected stores? A disabled store accepts no goods.',
          },
      done: on ? { zh: '启用成功', en: 'Enabled' } : { zh: '停用成功', en: 'Disabled' },
    },
  };
}

/** Stores of the caller's tenant (issue 17 item 3); the fields are the contract's. */
export default defineContractResource({
  contract: supStoreContract,
  paging: 'resource',
  columns: [
    { field: 'storeCode', width: 140 },
    { field: 'storeName', width: 200 },
    { field: 'supName', width: 160 },
    { field: 'regionName', width: 220 },
    { field: 'address', width: 220, hiddenByDefault: true },
    { field: 'phone', width: 140 },
    { field: 'status', kind: 'status', options: STORE_STATUS, width: 90 },
    { field: 'repeatFlag', kind: 'tag', options: REPEAT, width: 90, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    'storeCode',
    'storeName',
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    REGION_FILTER,
    { name: 'status', kind: 'select', options: STORE_STATUS },
  ],
  form: STORE_FORM,
  formDialog: () => import('./sup-store-form-dialog'),
  rowActions: [
    {
      id: 'goods',
      label: { zh: '适用商品', en: 'Applicable goods' },
      permission: 'store_edit',
      dialog: goodsDialog,
    },
  ],
  toolbarActions: [
    enableAction(1),
    enableAction(0),
    {
      id: 'batchEdit',
      label: { zh: '批量修改', en: 'Batch edit' },
      permission: STORE_CODES.batchEdit,
      dialog: batchEditDialog,
    },
    {
      id: 'import',
      label: { zh: '导入', en: 'Import' },
      permission: STORE_CODES.import,
      selection: 'none',
      dialog: importDialog,
    },
    {
      id: 'load',
      label: { zh: '同步门店', en: 'Load stores' },
      permission: STORE_CODES.import,
      selection: 'none',
      dialog: loadDialog,
    },
  ],
  recordLabel: (store) => store.storeName,
});
