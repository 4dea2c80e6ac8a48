import type { ComponentType } from 'react';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { bulkOrderBatchLifecycle } from '../../../machines/lifecycles/bulk-order-batch-machine';
import {
  BULK_ORDER_CALLS,
  BULK_ORDER_CODES,
  bulkOrderContract,
  type BulkOrderBatch,
} from '../../contracts/platform-client/bulk-order';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';
import { BulkOrderProgress } from './bulk-order-progress';

type Dialog = ComponentType<ActionDialogProps<BulkOrderBatch>>;
const dialog =
  (pick: (m: typeof import('./bulk-order-dialogs')) => Dialog) =>
  (): Promise<{ default: Dialog }> =>
    import('./bulk-order-dialogs').then((m) => ({ default: pick(m) }));

/**
 * 批量下单 (issue 27 item 5): the batches with a live progress bar; 导入 (an app and an xlsx,
 * sent once), 下载模板, and per batch 下载结果 (once written) and 取消 (while it waits, as the
 * batch machine allows).
 */
export default defineContractResource({
  contract: bulkOrderContract,
  paging: 'generic',
  columns: [
    { field: 'batchNo', width: 230 },
    { field: 'appName', width: 160 },
    { field: 'clientName', width: 160, hiddenByDefault: true },
    { field: 'fileName', width: 180 },
    { field: 'total', width: 90 },
    { field: 'progress', cell: BulkOrderProgress, width: 260 },
    { field: 'succeeded', width: 80, hiddenByDefault: true },
    { field: 'failed', width: 80, hiddenByDefault: true },
    { field: 'state', width: 100 },
    { field: 'error', width: 200, hiddenByDefault: true },
    { field: 'createUserName', width: 110 },
    { field: 'createTime', width: 170 },
    { field: 'finishedAt', width: 170, hiddenByDefault: true },
  ],
  filters: ['batchNo', 'appId', 'fileName', 'state', 'createTime'],
  toolbarActions: [
    {
      id: 'import',
      label: { zh: '导入', en: 'Import' },
      permission: BULK_ORDER_CODES.import,
      selection: 'none',
      dialog: dialog((m) => m.default),
    },
    {
      id: 'template',
      label: { zh: '下载模板', en: 'Download template' },
      permission: BULK_ORDER_CODES.template,
      selection: 'none',
      readsOnly: true,
      dialog: dialog((m) => m.TemplateDownloadDialog),
    },
  ],
  rowActions: [
    {
      id: 'result',
      label: { zh: '下载结果', en: 'Download result' },
      permission: BULK_ORDER_CODES.view,
      readsOnly: true,
      when: (batch) => Number(batch.resultReady) === 1,
      dialog: dialog((m) => m.ResultDownloadDialog),
    },
    {
      id: 'cancel',
      label: { zh: '取消', en: 'Cancel' },
      permission: BULK_ORDER_CODES.operate,
      color: 'red',
      when: (batch) => allows(bulkOrderBatchLifecycle, batch.state, 'cancel'),
      call: {
        path: BULK_ORDER_CALLS.cancel,
        params: (rows) => ({ id: rows[0]!.id }),
        confirm: {
          zh: '确定取消该批次吗？取消后不会下单。',
          en: 'Cancel this batch? No order will be placed.',
        },
        done: { zh: '已取消', en: 'Cancelled' },
      },
    },
  ],
  recordLabel: (batch) => batch.batchNo,
});
