import { batchTaskContract as contract } from '../../../../src/contracts/platform-supplier/batch-task.js';
import { defineContractTable } from '../../../lib/table/index.js';
import type { BatchTaskRow } from './engine.js';
import { presentAll } from './repository.js';

/**
 * The task list (listPage) and a task (find) on the engine. The submit queues a task whose
 * range and supplier live in its `params` (routes.ts), and the remove refuses a running task
 * against the worker's claim (repository.ts): both stay routes.ts's own.
 */
export default defineContractTable({
  contract,
  table: 'bladeSupBatchTask',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  own: ['submit', 'remove'],
  // The range and supplier are the task's params, not columns: listed from readColumns.
  inputColumns: false,
  readColumns: [
    'taskName',
    'taskType',
    'params',
    'state',
    'total',
    'processed',
    'succeeded',
    'failedCount',
    'result',
    'error',
    'startedAt',
    'finishedAt',
  ],
  decorate: (call, rows) =>
    presentAll(call.ctx, call.user.tenantId, rows as unknown as BatchTaskRow[]),
});
