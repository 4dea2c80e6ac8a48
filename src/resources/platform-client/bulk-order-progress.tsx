import { Group, Progress, Text } from '@mantine/core';
import { recordTaskKind, useFollowedRecord, waitingRunningPhase } from '../../api/record-task';
import {
  BULK_ORDER,
  bulkOrderContract,
  type BulkOrderBatch,
} from '../../contracts/platform-client/bulk-order';
import { useT } from '../../state/hooks';

/** How often an unfinished batch's progress is asked for (ms). */
export const BATCH_POLL_MS = 2000;

/** A bulk order batch followed through the task machine (issue 32), by its detail call. */
const bulkOrderKind = recordTaskKind<BulkOrderBatch>({
  service: BULK_ORDER,
  detailPath: bulkOrderContract.resolvedCalls.detail.path,
  pollMs: BATCH_POLL_MS,
  phaseOf: (batch) => waitingRunningPhase(batch.state),
});

/**
 * The progress column of a bulk order batch (the approach of the supplier batch tasks' cell):
 * a bar with the rows processed and failed. While the batch waits or runs it is asked for (the
 * contract's detail call) every 2 s, only while its page is on screen and the browser page is
 * visible; once it has ended the list is reloaded, so its state, counts and actions show.
 */
export function BulkOrderProgress({ row }: { row: BulkOrderBatch }) {
  const t = useT();
  const batch = useFollowedRecord(bulkOrderKind, row);
  const percent = Math.max(0, Math.min(100, Number(batch.progress) || 0));
  const color =
    batch.state === 'failed' || batch.state === 'cancelled'
      ? 'red'
      : batch.state === 'done'
        ? 'green'
        : 'blue';
  return (
    <Group gap={8} wrap="nowrap" w="100%">
      <Progress
        value={percent}
        color={color}
        animated={batch.state === 'running'}
        aria-label={t('bulkOrders.progress', { percent })}
        style={{ flex: 1 }}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('bulkOrders.counts', {
          processed: batch.processed,
          total: batch.total,
          failed: batch.failed,
        })}
      </Text>
    </Group>
  );
}
