import {
  CODE_BATCH_BUTTONS,
  supBatchCouponCodeContract,
  type SupBatchCouponCode,
} from '../../contracts/platform-supplier/coupon-code';
import { defineContractResource } from '../contract-resource';
import type { ComponentType } from 'react';
import type { ActionDialogProps } from '../types';
import { BATCH_COUNT_FIELDS, BATCH_SOURCE_OPTIONS, COUPON_GOODS_SOURCE } from './code-options';
import { SUPPLIER_SOURCE } from './sup-good-options';

type Dialog = ComponentType<ActionDialogProps<SupBatchCouponCode>>;
const dialogs = () => import('./code-dialogs');
const named = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/**
 * 券码批次管理's batch list (issue 18 item 2): counts per state are the server's (computed from
 * the codes), one column per state of couponCodeLifecycle (issue 25 item 5); opening a batch shows its codes (code-batch-page.tsx). The toolbar imports codes
 * (xlsx, the supplier's interface, a manual fetch) and downloads the template.
 */
export default defineContractResource({
  contract: supBatchCouponCodeContract,
  paging: 'generic',
  paths: { list: 'batch-list' },
  columns: [
    { field: 'batchNo', width: 200 },
    { field: 'supName', width: 140 },
    { field: 'goodName', width: 180 },
    { field: 'source', kind: 'tag', options: BATCH_SOURCE_OPTIONS, width: 100 },
    { field: 'totalCount', kind: 'number', width: 90 },
    // One count per code state, all shown, so the counts on screen add up to the total.
    ...BATCH_COUNT_FIELDS.map((field) => ({ field, kind: 'number' as const, width: 90 })),
    { field: 'validStart', width: 170, hiddenByDefault: true },
    { field: 'validEnd', width: 170 },
    { field: 'fileName', width: 180, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    'batchNo',
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    { name: 'goodId', kind: 'select', source: COUPON_GOODS_SOURCE },
    { name: 'source', kind: 'select', options: BATCH_SOURCE_OPTIONS },
    'createTime',
  ],
  toolbarActions: [
    {
      id: 'import',
      label: { zh: '导入', en: 'Import' },
      permission: CODE_BATCH_BUTTONS.import,
      selection: 'none',
      dialog: () => import('./code-import-dialog'),
    },
    {
      id: 'autoImport',
      label: { zh: '自动导入', en: 'Auto import' },
      permission: CODE_BATCH_BUTTONS.autoImport,
      selection: 'none',
      dialog: named((m) => m.AutoImportDialog),
    },
    {
      id: 'manualObtain',
      label: { zh: '手动取卡', en: 'Fetch codes' },
      permission: CODE_BATCH_BUTTONS.manualObtain,
      selection: 'none',
      dialog: named((m) => m.ManualObtainDialog),
    },
    {
      id: 'template',
      label: { zh: '下载模板', en: 'Download template' },
      permission: CODE_BATCH_BUTTONS.template,
      selection: 'none',
      readsOnly: true,
      dialog: named((m) => m.TemplateDialog),
    },
  ],
  recordLabel: (batch) => batch.batchNo,
});
