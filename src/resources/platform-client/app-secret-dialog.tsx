import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/api';
import { apiRequest } from '../../api/client';
import { refusalMessage, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  PSCLIENT_APP_SERVICE,
  type IssuedSecret,
  type PsclientApp,
} from '../../contracts/platform-client/psclient-app';
import { useAppDispatch, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/**
 * An app's secret is answered once (at creation and by reset-secret) and never again. It is
 * asked for with `apiRequest`, not through the RTK Query cache, and held only in the state of
 * the dialog that shows it: closing the dialog drops it, nothing in the store ever had it.
 */

/** POSTs a call that issues a secret, with its Idempotency-Key; the answer stays out of the store. */
export function issueSecret(path: string, body: Record<string, unknown>, idempotencyKey: string) {
  return apiRequest<IssuedSecret>({
    url: `${PSCLIENT_APP_SERVICE}/${path}`,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

/** The apps' lists and pickers show the new hint: their cache is refreshed (not the secret). */
export function useAppsChanged() {
  const dispatch = useAppDispatch();
  return () => dispatch(api.util.invalidateTags([{ type: 'Resource', id: PSCLIENT_APP_SERVICE }]));
}

/** Shows a secret just issued, with a copy button and the warning that it is shown once. */
export function SecretOnce({ issued, onClose }: { issued: IssuedSecret; onClose(): void }) {
  const t = useT();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('clientAccess.secret.title')}
      size="lg"
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Alert color="orange">{t('clientAccess.secret.once')}</Alert>
        <div>
          <Text size="sm" fw={500}>
            {t('clientAccess.secret.appKey')}
          </Text>
          <Code block>{issued.appKey}</Code>
        </div>
        <div>
          <Text size="sm" fw={500}>
            {t('clientAccess.secret.appSecret')}
          </Text>
          <Code block data-testid="app-secret">
            {issued.appSecret}
          </Code>
        </div>
        <Group justify="flex-end">
          <CopyButton value={issued.appSecret}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-autofocus
              >
                {copied ? t('clientAccess.secret.copied') : t('clientAccess.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('clientAccess.secret.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 重置密钥: confirmed, sent once (a double click or Enter sends one request; a lost answer is
 * asked again with the same Idempotency-Key), then the new secret shown once.
 */
export default function ResetSecretDialog({ rows, onClose }: ActionDialogProps<PsclientApp>) {
  const t = useT();
  const app = rows[0];
  const [issued, setIssued] = useState<IssuedSecret>();
  const changed = useAppsChanged();
  const { run, busy } = useSendOnce((id: string, key: string) =>
    issueSecret('reset-secret', { id }, key),
  );
  if (!app) return null;
  if (issued)
    return (
      <SecretOnce
        issued={issued}
        onClose={() => {
          setIssued(undefined);
          onClose(true);
        }}
      />
    );
  const reset = async () => {
    const result = await run(app.id);
    if (result.ok) {
      changed();
      setIssued(result.value);
    } else if (result.error) {
      toast('error', refusalMessage(result.error, t('errors.submitFailed')));
    }
  };
  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('clientAccess.reset.title', { name: app.appName })}
    >
      <Stack gap="md">
        <Text size="sm">{t('clientAccess.reset.confirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('clientAccess.cancel')}
          </Button>
          <Button color="orange" onClick={() => void reset()} loading={busy} data-autofocus>
            {t('clientAccess.reset.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
