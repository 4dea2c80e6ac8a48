import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract, type Text } from '../resource-contract';

/** batch-task under the supplier service (spec section 7, "Orders": listPage, submit, find, removeById). */
export const BATCH_TASK = `${SUPPLIER_SERVICE}/batch-task`;

/** Where a task stands: queued, being worked by a server process, finished, or stopped by a failure. */
export type BatchTaskState = 'waiting' | 'running' | 'done' | 'failed';

export const BATCH_TASK_STATES: Record<BatchTaskState, Text> = {
  waiting: { zh: '等待中', en: 'Waiting' },
  running: { zh: '执行中', en: 'Running' },
  done: { zh: '已完成', en: 'Done' },
  failed: { zh: '失败', en: 'Failed' },
};

/** The kinds of bulk job; one so far: refresh the verification (redemption) status of issued codes. */
export const BATCH_TASK_TYPES: Record<string, Text> = {
  refreshVerification: { zh: '刷新核销状态', en: 'Refresh verification status' },
};

/** The longest issue-time range one task may walk (days), like the lists' 31-day rule. */
export const BATCH_TASK_MAX_DAYS = 31;

/** What a finished task counted (`result`, JSON). */
export interface BatchTaskResult {
  /** Issued codes in the range when the task started. */
  total: number;
  /** Codes the supplier answered for. */
  checked: number;
  /** Codes the supplier reported used, now `used` with a redemption record. */
  used: number;
  /** Codes the supplier's interface did not answer for (a failed chunk). */
  failed: number;
}

/** One task as listPage and find answer it. */
export interface BatchTask {
  id: string;
  taskName: string;
  taskType: string;
  taskTypeName: string;
  state: BatchTaskState;
  stateName: string;
  supId: string;
  supName: string;
  goodId: string | null;
  goodName: string | null;
  /** The issue-time range walked, 'yyyy-MM-dd HH:mm:ss'. */
  issueStart: string;
  issueEnd: string;
  total: number;
  processed: number;
  succeeded: number;
  failedCount: number;
  /** 0..100, from processed / total (100 once done). */
  progress: number;
  /** Done: the counts, JSON (BatchTaskResult). */
  result: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createTime: string;
}

/**
 * Batch refresh of verification status (/supplier/commodity-order/batch-refresh-verification-status,
 * issue 18 item 3): a task asks the supplier's interface for the state of the codes it issued in
 * a time range and records the redemptions; it runs as a job claimed by a server process.
 */
export const batchTaskContract = defineContract<BatchTask>()({
  service: BATCH_TASK,
  route: '/supplier/commodity-order/batch-refresh-verification-status',
  title: { zh: '批量刷新核销状态', en: 'Batch refresh verification' },
  menu: 'verify_refresh_task',
  buttons: ['add', 'view', 'delete'],
  fields: {
    taskName: {
      label: { zh: '任务名称', en: 'Task name' },
      required: { zh: '请输入任务名称', en: 'Please enter a task name' },
      maxLength: 100,
      filter: 'like',
    },
    taskType: {
      label: { zh: '任务类型', en: 'Task type' },
      readOnly: true,
      filter: 'equal',
    },
    taskTypeName: { label: { zh: '任务类型', en: 'Task type' }, readOnly: true },
    supId: {
      label: { zh: '供应商', en: 'Supplier' },
      required: { zh: '请选择供应商', en: 'Please choose a supplier' },
      maxLength: 32,
    },
    supName: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true },
    goodId: { label: { zh: '商品', en: 'Good' }, maxLength: 32 },
    goodName: { label: { zh: '商品', en: 'Good' }, readOnly: true },
    issueStart: {
      label: { zh: '发放开始时间', en: 'Issued from' },
      kind: 'dateTime',
      required: { zh: '请选择发放时间范围', en: 'Please choose the issue time range' },
    },
    issueEnd: {
      label: { zh: '发放结束时间', en: 'Issued until' },
      kind: 'dateTime',
      required: { zh: '请选择发放时间范围', en: 'Please choose the issue time range' },
    },
    state: { label: { zh: '任务状态', en: 'State' }, readOnly: true, filter: 'equal' },
    stateName: { label: { zh: '任务状态', en: 'State' }, readOnly: true },
    progress: { label: { zh: '进度', en: 'Progress' }, kind: 'integer', readOnly: true },
    total: { label: { zh: '券码总数', en: 'Codes' }, kind: 'integer', readOnly: true },
    processed: { label: { zh: '已处理', en: 'Processed' }, kind: 'integer', readOnly: true },
    succeeded: { label: { zh: '查询成功', en: 'Answered' }, kind: 'integer', readOnly: true },
    failedCount: { label: { zh: '查询失败', en: 'Failed' }, kind: 'integer', readOnly: true },
    result: { label: { zh: '执行结果', en: 'Result' }, readOnly: true },
    error: { label: { zh: '失败原因', en: 'Failure' }, readOnly: true },
    startedAt: { label: { zh: '开始时间', en: 'Started' }, kind: 'dateTime', readOnly: true },
    finishedAt: { label: { zh: '完成时间', en: 'Finished' }, kind: 'dateTime', readOnly: true },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'like',
      sortable: true,
    },
  },
  calls: { list: 'listPage', detail: 'find', remove: 'removeById/{id}' },
});
