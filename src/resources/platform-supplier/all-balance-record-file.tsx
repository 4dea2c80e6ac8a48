import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiRequest, API_PREFIX } from '../../api/client';
import { refusalMessage } from '../../api/send-once';
import {
  ALL_BALANCE_RECORD,
  type BalanceRecordRow,
} from '../../contracts/platform-supplier/all-balance-record';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

interface FileTicket {
  url: string;
  fileName: string;
  expiresIn: number;
}

/**
 * 附件: asks get-file for a one-time download of the change's voucher and offers it as a link
 * (the ticket is the credential: no session token in the address), so the browser saves it;
 * once it is followed, a fresh ticket is asked for the next download.
 */
export default function BalanceRecordFileDialog({
  rows,
  onClose,
}: ActionDialogProps<BalanceRecordRow>) {
  const t = useT();
  const row = rows[0];
  const [ticket, setTicket] = useState<FileTicket>();
  const [failure, setFailure] = useState<string>();
  // A ticket opens the file once: after a download the next one is asked for.
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!row) return;
    let live = true;
    apiRequest<FileTicket>({
      url: `${ALL_BALANCE_RECORD}/get-file`,
      params: { id: row.id },
      silent: true,
    }).then(
      (answer) => live && setTicket(answer),
      (error: unknown) => live && setFailure(refusalMessage(error, t('supplierQuota.loadFailed'))),
    );
    return () => {
      live = false;
    };
  }, [row, t, round]);

  return (
    <Modal opened onClose={() => onClose(false)} title={t('supplierQuota.file.title')}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : ticket ? (
          <>
            <Button
              component="a"
              href={`${API_PREFIX}${ticket.url}`}
              download={ticket.fileName}
              data-autofocus
              onClick={() => setTimeout(() => setRound((n) => n + 1), 0)}
            >
              {t('supplierQuota.file.download', { name: ticket.fileName })}
            </Button>
            <Text size="sm" c="dimmed">
              {t('supplierQuota.file.hint', { seconds: ticket.expiresIn })}
            </Text>
          </>
        ) : (
          <Loader size="sm" aria-label={t('supplierQuota.loading')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('supplierQuota.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
