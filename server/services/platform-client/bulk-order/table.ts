import { bulkOrderContract } from '../../../../src/contracts/platform-client/bulk-order.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * The bulk order batches (list, detail for the progress cell, exportOrder) on the engine. A batch
 * is written only by its own routes (operation: the upload, cancel) and by the job (engine.ts),
 * so the list reads the columns no submit writes; progress and the result file's presence are
 * worked out per row.
 */
export default defineContractTable({
  contract: bulkOrderContract,
  table: 'bladeClientOrderImportBatch',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  own: ['submit', 'remove'],
  readColumns: [
    'batchNo',
    'clientId',
    'appId',
    'fileName',
    'resultKey',
    'total',
    'processed',
    'succeeded',
    'failed',
    'state',
    'error',
    'startedAt',
    'finishedAt',
  ],
  decorate: (_call, rows) =>
    rows.map(({ resultKey, ...row }) => {
      const total = Number(row.total);
      const processed = Number(row.processed);
      const progress =
        row.state === 'done'
          ? 100
          : total > 0
            ? Math.min(99, Math.floor((processed * 100) / total))
            : 0;
      return { ...row, progress, resultReady: resultKey ? 1 : 0 };
    }),
});
