import { defineLifecycle } from './lifecycle';

/**
 * A bulk order batch (issue 27 item 5, client-user-product-order-import-batch): one uploaded
 * xlsx of orders for one app, placed as a job. `waiting` (queued) -> `running` (claimed by a
 * server process) -> `done` (every row answered: placed, failed or refused) | `failed` (the job
 * stopped: its process died, or an error that is not one row's). A waiting batch may be
 * `cancelled`. `release`: a stopping server gives its running batch back to the queue; the rerun
 * is safe because an outOrderNo already placed answers its existing order.
 */
export const bulkOrderBatchLifecycle = defineLifecycle({
  id: 'bulkOrderBatch',
  name: { zh: '批量下单批次', en: 'Bulk order batch' },
  initial: 'waiting',
  states: {
    waiting: { zh: '等待中', en: 'Waiting' },
    running: { zh: '执行中', en: 'Running' },
    done: { zh: '已完成', en: 'Done' },
    failed: { zh: '失败', en: 'Failed' },
    cancelled: { zh: '已取消', en: 'Cancelled' },
  },
  events: ['start', 'finish', 'fail', 'cancel', 'release'],
  transitions: {
    waiting: { start: 'running', cancel: 'cancelled' },
    running: { finish: 'done', fail: 'failed', release: 'waiting' },
    done: {},
    failed: {},
    cancelled: {},
  },
});

export type BulkOrderBatchState = keyof typeof bulkOrderBatchLifecycle.states;
export type BulkOrderBatchEvent = (typeof bulkOrderBatchLifecycle.events)[number];
