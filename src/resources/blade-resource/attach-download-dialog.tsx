import { Center, Group, Loader, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { downloadAttachment } from '../../api/files';
import type { ApiError } from '../../api/client';
import { useT } from '../../state/hooks';
import type { Attach } from '../../contracts/blade-resource/attach';
import type { ActionDialogProps } from '../types';
import { saveBlob } from '../../lib/save-blob';
import { toast } from '../../components/toast';

/** Rows whose download is under way (React's development double effect must not fetch twice). */
const started = new WeakSet<object>();

/**
 * The 'download' row action: fetches the file through the authenticated client (no token in a
 * URL), saves it under its name and closes; the dialog says what is being downloaded meanwhile.
 */
export default function DownloadDialog({ rows, onClose }: ActionDialogProps<Attach>) {
  const t = useT();
  const row = rows[0];

  useEffect(() => {
    if (!row || started.has(row)) return;
    started.add(row);
    downloadAttachment(String(row.id))
      .then((blob) => saveBlob(blob, row.originalName || `${row.id}.${row.extension}`))
      .catch((err: unknown) => {
        // The client has toasted the server's message; a failure without one is said here.
        if ((err as ApiError | undefined)?.status === undefined)
          toast('error', t('files.attach.downloadFailed'));
      })
      .finally(() => {
        started.delete(row);
        onClose(false);
      });
  }, [row, onClose, t]);

  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('files.attach.downloading', { name: row?.originalName ?? '' })}
    >
      <Center py="md">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{row?.originalName}</Text>
        </Group>
      </Center>
    </Modal>
  );
}
