import { Button, Group, Loader, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import {
  PSCLIENT_APP_SERVICE,
  type PsclientApp,
} from '../../contracts/platform-client/psclient-app';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/**
 * IP白名单: the app's allowlist (listIpAddress), edited one entry a line and saved
 * (saveIpAddress); the server checks each line and answers the refusal at the field.
 */
export default function AppIpDialog({ rows, onClose }: ActionDialogProps<PsclientApp>) {
  const t = useT();
  const app = rows[0];
  const stored = useResourceOptionsQuery({
    path: `${PSCLIENT_APP_SERVICE}/listIpAddress`,
    params: { appId: app?.id ?? '' },
  });
  const [text, setText] = useState<string>();
  const refusal = useRefusal(['ipAllowlist']);
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  if (!app) return null;
  const entries = stored.data as string[] | undefined;
  const value = text ?? (entries ?? []).join('\n');

  const submit = async () => {
    try {
      await save({
        service: PSCLIENT_APP_SERVICE,
        path: 'saveIpAddress',
        body: { appId: app.id, ipAllowlist: value },
      }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('clientAccess.ip.title', { name: app.appName })}
    >
      {entries === undefined && !stored.isError ? (
        <Loader size="sm" aria-label={t('clientAccess.loading')} />
      ) : (
        <Stack gap="md">
          <Textarea
            label={t('clientAccess.ip.label')}
            description={t('clientAccess.ip.hint')}
            value={value}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={4000}
            data-autofocus
            onChange={(e) => {
              setText(e.currentTarget.value);
              refusal.clear('ipAllowlist');
            }}
            error={refusal.error('ipAllowlist')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('clientAccess.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              {t('clientAccess.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
