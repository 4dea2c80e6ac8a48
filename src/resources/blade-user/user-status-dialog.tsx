import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client';
import { useUpdateUserMutation } from '../../api/user-admin';
import { useT } from '../../state/hooks';
import type { User } from '../../contracts/blade-user/user';
import type { ActionDialogProps } from '../types';
import { toast } from '../../components/toast';

/**
 * 禁用 / 启用 (row actions): BladeX has no call of its own for this, so the status goes through
 * POST blade-user/update {id, status, version} (the server ends a disabled user's sessions and
 * refuses to disable the caller). An active user (1) is disabled (0), a disabled one enabled;
 * pending registrations (2) are approved instead, not here.
 */
export default function UserStatusDialog({ rows, onClose }: ActionDialogProps<User>) {
  const t = useT();
  const user = rows[0];
  const [update, { isLoading: busy }] = useUpdateUserMutation();
  const [failure, setFailure] = useState<string>();
  const disabling = Number(user?.status) === 1;
  const name = user ? user.realName || user.account : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !user) return;
    setFailure(undefined);
    try {
      await update({ id: user.id, status: disabling ? 0 : 1, version: user.version }).unwrap();
      toast('success', t(disabling ? 'userAdmin.status.disabled' : 'userAdmin.status.enabled'));
      onClose(true);
    } catch (err) {
      setFailure((err as Partial<ApiError>).message || t('errors.submitFailed'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose(false);
      }}
      title={t(disabling ? 'userAdmin.status.disableTitle' : 'userAdmin.status.enableTitle')}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Text>
            {t(disabling ? 'userAdmin.status.disableConfirm' : 'userAdmin.status.enableConfirm', {
              name,
            })}
          </Text>
          {failure && (
            <Alert color="red" variant="light">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={disabling ? 'red' : undefined}
              loading={busy}
              data-autofocus
            >
              {t(disabling ? 'userAdmin.status.disable' : 'userAdmin.status.enable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
