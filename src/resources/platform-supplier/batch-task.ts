import { batchTaskContract, type BatchTask } from '../../contracts/platform-supplier/batch-task';
import { defineContractResource } from '../contract-resource';
import { BatchTaskOutcome, BatchTaskProgress } from './batch-task-progress';
import { BATCH_TASK_STATE_OPTIONS, BATCH_TASK_TYPE_OPTIONS } from './sup-order-options';

export type { BatchTask } from '../../contracts/platform-supplier/batch-task';

/**
 * 批量刷新核销状态 (issue 18 item 3): the tasks with a live progress bar, 新建任务 (a dialog:
 * name, supplier, optional good, issue time range of at most 31 days; sent once with an
 * Idempotency-Key), the detail drawer, and delete (not while a task runs).
 */
export default defineContractResource({
  contract: batchTaskContract,
  paging: 'generic',
  columns: [
    { field: 'taskName', width: 180 },
    { field: 'taskType', kind: 'status', options: BATCH_TASK_TYPE_OPTIONS, width: 150 },
    { field: 'supName', width: 160 },
    { field: 'goodName', width: 160 },
    { field: 'issueStart', width: 170 },
    { field: 'issueEnd', width: 170 },
    { field: 'state', kind: 'tag', options: BATCH_TASK_STATE_OPTIONS, width: 100 },
    { field: 'progress', cell: BatchTaskProgress, width: 240 },
    { field: 'succeeded', width: 100, hiddenByDefault: true },
    { field: 'failedCount', width: 100, hiddenByDefault: true },
    { field: 'result', width: 220, hiddenByDefault: true },
    { field: 'error', width: 220, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
    { field: 'finishedAt', width: 170, hiddenByDefault: true },
  ],
  filters: [
    'taskName',
    { name: 'state', kind: 'select', options: BATCH_TASK_STATE_OPTIONS },
    { name: 'taskType', kind: 'select', options: BATCH_TASK_TYPE_OPTIONS },
    'createTime',
  ],
  formDialog: () => import('./batch-task-dialog'),
  detailSection: BatchTaskOutcome,
  removableWhen: (task: BatchTask) => task.state !== 'running',
  recordLabel: (task) => task.taskName,
});
