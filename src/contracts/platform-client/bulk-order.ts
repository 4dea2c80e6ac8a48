import { bulkOrderBatchLifecycle } from '../../../machines/lifecycles/bulk-order-batch-machine';
import { CLIENT_SERVICE } from '../business-services';
import { lifecycleChoices } from '../lifecycle-choices';
import { defineContract, type Text } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * Bulk client orders (issue 27 item 5, client-user-product-order-import-batch): an xlsx of
 * orders for one app, uploaded as a batch and placed row by row by a job through the same
 * service path as the open API, with progress and a result file (one row per input row).
 */
export const BULK_ORDER = `${CLIENT_SERVICE}/client-user-product-order-import-batch`;

/** The batch's own calls beyond the engine's list, detail and export (paths under /api). */
export const BULK_ORDER_CALLS = {
  /** POST multipart: appId, then file (the xlsx); Idempotency-Key. */
  upload: `${BULK_ORDER}/operation`,
  template: `${BULK_ORDER}/template`,
  /** GET ?id= the result file of a finished batch. */
  result: `${BULK_ORDER}/result`,
  /** POST ?id= a waiting batch. */
  cancel: `${BULK_ORDER}/cancel`,
} as const;

/** Button codes beyond the standard ones (the menu seed's). */
export const BULK_ORDER_CODES = {
  import: 'bulk_order_import',
  template: 'bulk_order_template',
  operate: 'bulk_order_operate',
  view: 'bulk_order_view',
} as const;

/** Data rows one file may hold. */
export const BULK_ORDER_MAX_ROWS = 5000;

/** The sheet's columns: key, header (zh, what the template and the upload carry), example. */
export const BULK_ORDER_COLUMNS = [
  { key: 'outOrderNo', header: '应用订单号', required: true, example: 'APP20260101001' },
  { key: 'productCode', header: '产品编码', required: true, example: 'P-COFFEE-30' },
  { key: 'quantity', header: '数量', required: true, example: '1' },
  { key: 'phone', header: '手机号', required: false, example: '13800138000' },
] as const;

/** Refusals of the upload and the batch moves, zh as the server answers, en for the console. */
export const BULK_ORDER_MESSAGES = {
  appRequired: { zh: '请选择应用', en: 'Please choose the app' },
  appMissing: { zh: '应用不存在', en: 'No such app' },
  appDisabled: { zh: '应用已停用', en: 'The app is disabled' },
  noResult: { zh: '该批次没有结果文件', en: 'This batch has no result file' },
} as const satisfies Record<string, Text>;
knownMessages(...Object.values(BULK_ORDER_MESSAGES));

export const BULK_ORDER_STATE_CHOICES = lifecycleChoices(bulkOrderBatchLifecycle, {
  waiting: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'dark',
});

/** One batch as list, detail and export answer it. */
export interface BulkOrderBatch {
  id: string;
  batchNo: string;
  clientId: string;
  clientName: string;
  appId: string;
  appName: string;
  fileName: string;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  /** 0..100 from processed / total (100 once done). */
  progress: number;
  state: keyof typeof bulkOrderBatchLifecycle.states;
  error: string | null;
  /** 1 while the result file can be downloaded (written, not yet expired). */
  resultReady: number;
  startedAt: string | null;
  finishedAt: string | null;
  createUser: string | null;
  createUserName: string;
  createTime: string;
  version: number;
}

const count = (zh: string, en: string) =>
  ({ label: { zh, en }, kind: 'integer', readOnly: true, export: { width: 10 } }) as const;

/** 批量下单 (/product/order/user-bulkProductOrder). */
export const bulkOrderContract = defineContract<BulkOrderBatch>()({
  service: BULK_ORDER,
  route: '/product/order/user-bulkProductOrder',
  title: { zh: '批量下单', en: 'Bulk orders' },
  menu: 'bulk_order',
  buttons: ['view', 'export'],
  calls: { export: 'exportOrder' },
  export: { excelType: 'client-order-import-batch', fileName: '批量下单批次列表' },
  fields: {
    batchNo: {
      label: { zh: '批次号', en: 'Batch no.' },
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    clientId: {
      label: { zh: '接入方', en: 'Access party' },
      readOnly: true,
      ref: 'psclient',
      filter: 'equal',
    },
    clientName: {
      label: { zh: '接入方', en: 'Access party' },
      readOnly: true,
      nameOf: 'clientId',
      export: { width: 20 },
    },
    appId: {
      label: { zh: '应用', en: 'App' },
      readOnly: true,
      ref: 'psclientApp',
      filter: 'equal',
    },
    appName: {
      label: { zh: '应用', en: 'App' },
      readOnly: true,
      nameOf: 'appId',
      export: { width: 20 },
    },
    fileName: {
      label: { zh: '文件名', en: 'File' },
      readOnly: true,
      filter: 'like',
      export: { width: 28 },
    },
    total: count('订单行数', 'Rows'),
    processed: count('已处理', 'Processed'),
    succeeded: count('成功', 'Succeeded'),
    failed: count('失败', 'Failed'),
    progress: { label: { zh: '进度', en: 'Progress' }, kind: 'integer', readOnly: true },
    state: {
      label: { zh: '批次状态', en: 'State' },
      readOnly: true,
      choices: BULK_ORDER_STATE_CHOICES,
      filter: 'equal',
      export: { width: 10 },
    },
    error: { label: { zh: '失败原因', en: 'Failure' }, readOnly: true, export: { width: 30 } },
    resultReady: { label: { zh: '结果文件', en: 'Result file' }, kind: 'integer', readOnly: true },
    startedAt: {
      label: { zh: '开始时间', en: 'Started' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    finishedAt: {
      label: { zh: '完成时间', en: 'Finished' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    createUser: { label: { zh: '导入人', en: 'By' }, readOnly: true, ref: 'user' },
    createUserName: {
      label: { zh: '导入人', en: 'By' },
      readOnly: true,
      nameOf: 'createUser',
      export: { width: 12 },
    },
    createTime: {
      label: { zh: '导入时间', en: 'Uploaded' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'equal',
      sortable: true,
      export: { width: 20 },
    },
  },
});
