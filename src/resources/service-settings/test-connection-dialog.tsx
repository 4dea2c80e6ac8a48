import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import {
  DINGXIN_SETTING,
  TEST_CONNECTION,
  WECHAT_PAY_SETTING,
  type ConnectionTest,
  type DingxinSetting,
  type WechatPaySetting,
} from '../../contracts/service-settings/settings';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    testConnection: build.mutation<ConnectionTest, { service: string; id: string }>({
      query: ({ service, id }) => ({
        url: `${service}/${TEST_CONNECTION}`,
        method: 'POST',
        params: { id },
        silent: true,
      }),
    }),
  }),
});

/** Runs test-connection once on open and shows the driver's answer (never a secret). */
function TestDialog({
  service,
  row,
  onClose,
}: {
  service: string;
  row: { id: string; settingName: string };
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const [run] = testApi.useTestConnectionMutation();
  const [answer, setAnswer] = useState<ConnectionTest>();
  useEffect(() => {
    let live = true;
    run({ service, id: row.id })
      .unwrap()
      .then(
        (a) => live && setAnswer(a),
        (e: unknown) =>
          live &&
          setAnswer({ ok: false, message: (e as { message?: string })?.message ?? String(e) }),
      );
    return () => {
      live = false;
    };
  }, [run, service, row.id]);
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('finance.test.title', { name: row.settingName })}
    >
      <Stack gap="md">
        {!answer ? (
          <Group>
            <Loader size="sm" aria-label={t('finance.test.running')} />
          </Group>
        ) : (
          <Alert color={answer.ok ? 'green' : 'red'} role="status">
            {answer.ok ? t('finance.test.ok') : t('finance.test.fail', { message: answer.message })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => onClose(false)}>
            {t('finance.test.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function WechatTest({ rows, onClose }: ActionDialogProps<WechatPaySetting>) {
  return rows[0] ? (
    <TestDialog service={WECHAT_PAY_SETTING} row={rows[0]} onClose={onClose} />
  ) : null;
}

export function DingxinTest({ rows, onClose }: ActionDialogProps<DingxinSetting>) {
  return rows[0] ? <TestDialog service={DINGXIN_SETTING} row={rows[0]} onClose={onClose} /> : null;
}
