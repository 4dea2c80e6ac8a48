import { Alert, Button, Group, Modal, Pagination, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  useEmptyExportTasksMutation,
  useExportTasksQuery,
  type ExportTaskPage,
} from '../../api/export-centre';
import { useT } from '../../state/hooks';
import { useConfirm } from '../../components/confirm-dialog';
import { ExportTaskTable } from './export-task-table';
import { hasPendingTask } from '../../api/export-task-status';
import { toast } from '../../components/toast';

/** Spec section 9: the export dialog is 1168px wide. */
export const EXPORT_DIALOG_WIDTH = 1168;
const PAGE_SIZE = 10;

/**
 * The data export centre (spec screen 5): the caller's export tasks, paged; download when the
 * file is generated, delete one, clear all. A task still being generated is followed by its row
 * through the task machine (every 5 s). Shown in the top bar's dialog and as the 导出中心 menu
 * screen; `active` is false while the dialog is closed or the screen is a hidden kept page.
 */
export function ExportCentrePanel({
  active,
  escapeFree,
}: {
  active: boolean;
  /** Told whether Escape belongs to the panel's own confirmation right now. */
  escapeFree?: (free: boolean) => void;
}) {
  const t = useT();
  const [current, setCurrent] = useState(1);
  const args: ExportTaskPage = { current, size: PAGE_SIZE };
  const query = useExportTasksQuery(args, { skip: !active, refetchOnMountOrArgChange: true });
  // Tasks still being generated are followed row by row through the task machine (issue 32).
  const following = active && hasPendingTask(query.data?.records);
  const [emptyAll, emptying] = useEmptyExportTasksMutation();
  const [confirmDialog, confirm, confirming] = useConfirm();
  useEffect(() => escapeFree?.(!confirming), [escapeFree, confirming]);

  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (current > pages && !query.isFetching) setCurrent(pages);

  const clearAll = async () => {
    if (!(await confirm(t('exportCentre.confirmClear')))) return;
    try {
      await emptyAll().unwrap();
      setCurrent(1);
      toast('success', t('exportCentre.cleared'));
    } catch {
      // The API client has shown the server's message.
    }
  };

  // The confirmation is a sibling, not a child (React events bubble through portals).
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {following ? t('exportCentre.autoRefresh') : ''}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isLoading}
            disabled={query.isUninitialized}
          >
            {t('exportCentre.refresh')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            onClick={() => void clearAll()}
            loading={emptying.isLoading}
            disabled={records.length === 0}
          >
            {t('exportCentre.clearAll')}
          </Button>
        </Group>
      </Group>
      {query.isError && !query.data ? (
        <Alert color="red" title={t('exportCentre.loadFailed')}>
          <Text size="sm" mb="xs">
            {(query.error as { message?: string } | undefined)?.message ?? ''}
          </Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <ExportTaskTable
          tasks={records}
          active={active}
          loading={query.isLoading || (query.isFetching && !query.data)}
          confirm={confirm}
        />
      )}
      {total > 0 && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {t('exportCentre.total', { total })}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(current, pages)}
            onChange={setCurrent}
            size="sm"
          />
        </Group>
      )}
      {confirmDialog}
    </>
  );
}

/** The top bar's export centre (spec section 9: 1168px wide). */
export function ExportCentreDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  // Escape is left to the panel's confirmation while it is open.
  const [escapeFree, setEscapeFree] = useState(true);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={escapeFree}
      title={t('exportCentre.title')}
      size={EXPORT_DIALOG_WIDTH}
    >
      <ExportCentrePanel active={opened} escapeFree={setEscapeFree} />
    </Modal>
  );
}
