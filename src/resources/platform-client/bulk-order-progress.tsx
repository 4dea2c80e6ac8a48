import { Group, Progress, Text } from '@mantine/core';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { useResourceDetailQuery } from '../../api/resource';
import {
  BULK_ORDER,
  bulkOrderContract,
  type BulkOrderBatch,
} from '../../contracts/platform-client/bulk-order';
import { usePageVisible } from '../../lib/page-visibility';
import { useAppDispatch, useT } from '../../state/hooks';

/** How often an unfinished batch's progress is asked for (ms). */
export const BATCH_POLL_MS = 2000;

const unfinished = (state: string | undefined) => state === 'waiting' || state === 'running';

/**
 * The progress column of a bulk order batch (the approach of the supplier batch tasks' cell):
 * a bar with the rows processed and failed. While the batch waits or runs the cell asks for it
 * (the contract's detail call) every 2 s, only while its page is on screen and the window has
 * focus; once it has ended the list is reloaded, so its state, counts and actions show.
 */
export function BulkOrderProgress({ row }: { row: BulkOrderBatch }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const visible = usePageVisible();
  const live = unfinished(row.state);
  const { data } = useResourceDetailQuery(
    { service: BULK_ORDER, id: row.id, path: bulkOrderContract.resolvedCalls.detail.path },
    { skip: !live, pollingInterval: visible ? BATCH_POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  const polled = live ? (data as BulkOrderBatch | null | undefined) : undefined;
  const batch = polled ?? row;
  const ended = live && polled !== undefined && polled !== null && !unfinished(polled.state);
  useEffect(() => {
    if (ended) dispatch(api.util.invalidateTags([{ type: 'Resource', id: BULK_ORDER }]));
  }, [ended, dispatch]);
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
