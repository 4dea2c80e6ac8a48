import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Progress,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import {
  downloadExportByTicket,
  exportReport,
  exportTaskKind,
  useDeleteExportTasksMutation,
  type ExportTask,
} from '../../api/export-centre';
import { useLiveRecord } from '../../state/task-follower';
import type { ApiError } from '../../api/client';
import { useT } from '../../state/hooks';
import { downloadName } from '../../lib/save-blob';
import { exportTaskState, STATE_LABEL, type ExportTaskState } from '../../api/export-task-status';
import { toast } from '../../components/toast';

const STATE_COLOR: Record<ExportTaskState, string> = {
  done: 'green',
  failed: 'red',
  queued: 'gray',
  pending: 'blue',
};

interface Props {
  tasks: ExportTask[];
  /** Whether the list is shown: a closed dialog or a hidden kept page follows no task. */
  active: boolean;
  loading: boolean;
  confirm: (message: string) => Promise<boolean>;
}

/** The export task rows: name, created, expires, status, and per-row download and delete. */
export function ExportTaskTable({ tasks, active, loading, confirm }: Props) {
  const t = useT();
  const [remove] = useDeleteExportTasksMutation();
  const [busy, setBusy] = useState<string>();

  const download = async (task: ExportTask) => {
    setBusy(task.id);
    try {
      await downloadExportByTicket(task.id, downloadName(task.sourceFileName));
    } catch (err) {
      // 401 and 403 are handled by the client; anything else it has already toasted.
      if ((err as ApiError).status === undefined) toast('error', t('exportCentre.downloadFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const removeOne = async (task: ExportTask) => {
    if (!(await confirm(t('exportCentre.confirmDelete', { name: task.sourceFileName })))) return;
    setBusy(task.id);
    try {
      await remove([task.id]).unwrap();
      toast('success', t('exportCentre.deleted'));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exportCentre.fileName')}</Table.Th>
            <Table.Th w={180}>{t('exportCentre.createTime')}</Table.Th>
            <Table.Th w={180}>{t('exportCentre.expireTime')}</Table.Th>
            <Table.Th w={150}>{t('exportCentre.status')}</Table.Th>
            <Table.Th w={170}>{t('exportCentre.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && tasks.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Center py="lg">
                  <Loader size="sm" aria-label={t('common.loading')} />
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : tasks.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" ta="center" py="lg">
                  {t('exportCentre.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            tasks.map((task) => (
              <ExportTaskRow
                key={task.id}
                task={task}
                active={active}
                busy={busy}
                download={download}
                removeOne={removeOne}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One task. While it is queued or being generated it is followed through the task machine
 * (issue 32): asked about every 5 s while the list shows it and the page is visible, its row
 * showing the newest answer; nothing is asked for tasks that have ended.
 */
function ExportTaskRow({
  task: listed,
  active,
  busy,
  download,
  removeOne,
}: {
  task: ExportTask;
  active: boolean;
  busy: string | undefined;
  download: (task: ExportTask) => Promise<void>;
  removeOne: (task: ExportTask) => Promise<void>;
}) {
  const t = useT();
  const task = useLiveRecord(
    exportTaskKind,
    listed.id,
    { ...exportReport(listed), record: listed },
    active,
  ).record;
  const state = exportTaskState(task.status);
  const failure = task.errorMessage;
  const badge = (
    <Badge variant="light" color={STATE_COLOR[state]} tt="none" maw="none">
      {t(STATE_LABEL[state])}
    </Badge>
  );
  return (
    <Table.Tr>
      <Table.Td style={{ wordBreak: 'break-all' }}>{task.sourceFileName}</Table.Td>
      <Table.Td>{task.createTime || '—'}</Table.Td>
      <Table.Td>{task.expireTime || '—'}</Table.Td>
      <Table.Td>
        {state === 'failed' && failure ? (
          <Tooltip label={failure} multiline maw={320}>
            {badge}
          </Tooltip>
        ) : (
          badge
        )}
        {state === 'pending' && task.progress !== undefined && (
          // The worker's progress while it writes (rows written of the total).
          <Progress
            value={task.progress}
            size="sm"
            mt={4}
            aria-label={t('exportCentre.progress', { percent: task.progress })}
          />
        )}
        {state === 'failed' && failure && (
          <Text size="xs" c="red" mt={2}>
            {failure}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {state === 'done' && (
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={t('exportCentre.downloadFile', { name: task.sourceFileName })}
              loading={busy === task.id}
              disabled={busy !== undefined && busy !== task.id}
              onClick={() => void download(task)}
            >
              {t('exportCentre.download')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={t('exportCentre.deleteFile', { name: task.sourceFileName })}
            disabled={busy !== undefined}
            onClick={() => void removeOne(task)}
          >
            {t('exportCentre.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
