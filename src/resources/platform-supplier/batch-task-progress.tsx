import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { useResourceDetailQuery } from '../../api/resource';
import {
  BATCH_TASK,
  batchTaskContract,
  type BatchTask,
  type BatchTaskResult,
} from '../../contracts/platform-supplier/batch-task';
import { usePageVisible } from '../../lib/page-visibility';
import { serverTextIn } from '../../contracts/server-texts';
import { useAppDispatch, useLang, useT } from '../../state/hooks';

/** How often an unfinished task's progress is asked for (ms). */
export const TASK_POLL_MS = 2000;

const unfinished = (state: string | undefined) => state === 'waiting' || state === 'running';

/**
 * The progress column of a batch task: a bar with the processed count. While the task waits or
 * runs, the cell asks for it every 2 s (only while its page is the one on screen and the window
 * has focus); once it has finished, the list is reloaded so its state and times show.
 */
export function BatchTaskProgress({ row }: { row: BatchTask }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const visible = usePageVisible();
  const live = unfinished(row.state);
  const { data } = useResourceDetailQuery(
    // The contract's detail call (`find`): the engine serves no other.
    { service: BATCH_TASK, id: row.id, path: batchTaskContract.resolvedCalls.detail.path },
    { skip: !live, pollingInterval: visible ? TASK_POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  const polled = live ? (data as BatchTask | null | undefined) : undefined;
  const task = polled ?? row;
  const ended = live && polled !== undefined && polled !== null && !unfinished(polled.state);
  useEffect(() => {
    if (ended) dispatch(api.util.invalidateTags([{ type: 'Resource', id: BATCH_TASK }]));
  }, [ended, dispatch]);
  const percent = Math.max(0, Math.min(100, Number(task.progress) || 0));
  return (
    <Group gap={8} wrap="nowrap" w="100%">
      <Progress
        value={percent}
        color={task.state === 'failed' ? 'red' : task.state === 'done' ? 'green' : 'blue'}
        animated={task.state === 'running'}
        aria-label={t('supplierOrders.task.progress', { percent })}
        style={{ flex: 1 }}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('supplierOrders.task.counts', { processed: task.processed, total: task.total })}
      </Text>
    </Group>
  );
}

function parsedResult(result: string | null): BatchTaskResult | undefined {
  if (!result) return undefined;
  try {
    return JSON.parse(result) as BatchTaskResult;
  } catch {
    return undefined;
  }
}

/** The detail drawer's account of a task: its live progress, then what it found or why it failed. */
export function BatchTaskOutcome({ row }: { row: BatchTask }) {
  const t = useT();
  const lang = useLang();
  const result = parsedResult(row.result);
  return (
    <Stack mt="md" gap="sm">
      <BatchTaskProgress row={row} />
      {result && (
        <Text size="sm" role="status">
          {t('supplierOrders.task.result', {
            total: result.total,
            checked: result.checked,
            used: result.used,
            failed: result.failed,
          })}
        </Text>
      )}
      {row.state === 'failed' && row.error && (
        <Alert color="red">
          {t('supplierOrders.task.failure', { error: serverTextIn(lang, row.error) })}
        </Alert>
      )}
    </Stack>
  );
}
