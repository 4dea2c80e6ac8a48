import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiRequest, API_PREFIX } from '../../api/client';
import { refusalMessage } from '../../api/send-once';
import {
  PREPAY_CHANGE_FILE,
  type PrepayChangeFile,
  type PrepayOrder,
} from '../../contracts/platform-client/prepay-order';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/**
 * 凭证: asks listPrepayChangeFile for one-time downloads of a change order's voucher (the ticket
 * is the credential, no session token in the address) and offers them as links; once one is
 * followed, fresh ones are asked for the next download.
 */
export default function PrepayChangeFileDialog({ rows, onClose }: ActionDialogProps<PrepayOrder>) {
  const t = useT();
  const row = rows[0];
  const [files, setFiles] = useState<PrepayChangeFile[]>();
  const [failure, setFailure] = useState<string>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!row) return;
    let live = true;
    apiRequest<PrepayChangeFile[]>({
      url: PREPAY_CHANGE_FILE,
      params: { id: row.id },
      silent: true,
    }).then(
      (answer) => live && setFiles(answer),
      (error: unknown) => live && setFailure(refusalMessage(error, t('appPrepay.loadFailed'))),
    );
    return () => {
      live = false;
    };
  }, [row, t, round]);

  return (
    <Modal opened onClose={() => onClose(false)} title={t('appPrepay.file.title')}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : !files ? (
          <Loader size="sm" aria-label={t('appPrepay.loading')} />
        ) : files.length === 0 ? (
          <Text size="sm">{t('appPrepay.file.none')}</Text>
        ) : (
          files.map((file, i) => (
            <Stack gap={4} key={file.url}>
              <Button
                component="a"
                href={`${API_PREFIX}${file.url}`}
                download={file.fileName}
                data-autofocus={i === 0 || undefined}
                onClick={() => setTimeout(() => setRound((n) => n + 1), 0)}
              >
                {t('appPrepay.file.download', { name: file.fileName })}
              </Button>
              <Text size="sm" c="dimmed">
                {t('appPrepay.file.hint', { seconds: file.expiresIn })}
              </Text>
            </Stack>
          ))
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('appPrepay.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
