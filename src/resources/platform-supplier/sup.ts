import { SUP_SERVICE, supContract, type Supplier } from '../../contracts/platform-supplier/sup';
import { defineContractResource } from '../contract-resource';
import type { ActionDef } from '../types';
import { SupContactPhone } from './sup-detail';
import {
  SETTLEMENT_TYPES,
  SUP_DRIVER_OPTIONS,
  SUP_FORM,
  SUP_STATUS,
  SUPPLY_TYPES,
} from './sup-form';

export type { Supplier } from '../../contracts/platform-supplier/sup';

const ENABLE = 'supplier_enable';
const formDialog = () => import('./sup-form-dialog');
const filesDialog = () => import('./sup-files-dialog');
const agreementDialog = () =>
  import('./sup-files-dialog').then((m) => ({ default: m.AgreementFilesDialog }));
const belongDialog = () => import('./sup-belong-dialog');

/** 启用 / 停用 as confirmed calls: per row, and over the selected rows from the toolbar. */
function enableAction(status: 0 | 1, selection?: 'some'): ActionDef<Supplier> {
  const on = status === 1;
  return {
    id: `${on ? 'enable' : 'disable'}${selection ? 'Selected' : ''}`,
    label: on ? { zh: '启用', en: 'Enable' } : { zh: '停用', en: 'Disable' },
    permission: ENABLE,
    ...(on ? {} : { color: 'orange' }),
    ...(selection ? { selection } : { when: (row: Supplier) => Number(row.status) !== status }),
    call: {
      path: `${SUP_SERVICE}/enable`,
      params: (rows) => ({ ids: rows.map((r) => r.id).join(','), status: String(status) }),
      confirm: on
        ? { zh: '确定启用所选供应商？', en: 'Enable the selected suppliers?' }
        : {
            zh: '确定停用所选供应商？停用后其商品不能再下单。',
            en: 'Disable the selected suppliers? Their goods can no longer be ordered.',
          },
      done: on ? { zh: '启用成功', en: 'Enabled' } : { zh: '停用成功', en: 'Disabled' },
    },
  };
}

/** Suppliers of the caller's tenant (issue 17 item 1); the fields are the contract's. */
export default defineContractResource({
  contract: supContract,
  paging: 'generic',
  columns: [
    { field: 'supCode', width: 140 },
    { field: 'supName', width: 200 },
    { field: 'shortName', width: 120, hiddenByDefault: true },
    { field: 'contactName', width: 110 },
    { field: 'settlementType', kind: 'tag', options: SETTLEMENT_TYPES, width: 110 },
    { field: 'supplyType', kind: 'tag', options: SUPPLY_TYPES, width: 130 },
    // Hidden in the list, shown in the detail (issue 25 item 18), with the contact phone below.
    {
      field: 'driver',
      kind: 'tag',
      options: SUP_DRIVER_OPTIONS,
      width: 120,
      hiddenByDefault: true,
    },
    { field: 'status', kind: 'status', options: SUP_STATUS, width: 100 },
    { field: 'remark', width: 200, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    'supCode',
    'supName',
    { name: 'supplyType', kind: 'select', options: SUPPLY_TYPES },
    { name: 'settlementType', kind: 'select', options: SETTLEMENT_TYPES },
    { name: 'status', kind: 'select', options: SUP_STATUS },
    'createTime',
  ],
  form: SUP_FORM,
  formDialog,
  detailSection: SupContactPhone,
  rowActions: [
    enableAction(1),
    enableAction(0),
    {
      id: 'files',
      label: { zh: '资质文件', en: 'Qualifications' },
      permission: 'supplier_edit',
      dialog: filesDialog,
    },
    {
      id: 'agreements',
      label: { zh: '协议文件', en: 'Agreements' },
      permission: 'supplier_edit',
      dialog: agreementDialog,
    },
    {
      id: 'belong',
      label: { zh: '所属租户', en: 'Selling tenants' },
      permission: 'supplier_edit',
      dialog: belongDialog,
    },
  ],
  toolbarActions: [enableAction(1, 'some'), enableAction(0, 'some')],
  recordLabel: (sup) => sup.supName,
});
