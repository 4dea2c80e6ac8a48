import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { recordTaskKind, useFollowedRecord, waitingRunningPhase } from '../../api/record-task';
import {
  BATCH_TASK,
  batchTaskContract,
  type BatchTask,
  type BatchTaskResult,
} from '../../contracts/platform-supplier/batch-task';
import { serverTextIn } from '../../contracts/server-texts';
import { useLang, useT } from '../../state/hooks';

/** How often an unfinished task's progress is asked for (ms). */
export const TASK_POLL_MS = 2000;

/** A batch task followed through the task machine (issue 32), by the contract's detail call. */
const batchTaskKind = recordTaskKind<BatchTask>({
  service: BATCH_TASK,
  detailPath: batchTaskContract.resolvedCalls.detail.path,
  pollMs: TASK_POLL_MS,
  phaseOf: (task) => waitingRunningPhase(task.state),
});

/**
 * The progress column of a batch task: a bar with the processed count. While the task waits or
 * runs, it is asked for every 2 s (only while its page is the one on screen and the browser
 * page is visible); once it has finished, the list is reloaded so its state and times show.
 */
export function BatchTaskProgress({ row }: { row: BatchTask }) {
  const t = useT();
  const task = useFollowedRecord(batchTaskKind, row);
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
