import { Alert, Button, CopyButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client';
import { useResetUserPasswordsMutation, type ResetPassword } from '../../api/user-admin';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';
import type { ResetTarget } from './reset-password-store';

/** How many selected users the confirmation names before '…'. */
const NAMED_USERS = 5;

/**
 * 密码重置 (toolbar, over the selected users): after a confirmation, POST
 * blade-user/reset-password gives each user a random one-time password (must be changed at the
 * next sign-in, expires). The answer is shown here once, with a copy button per account, and is
 * kept nowhere else: closing the dialog forgets it. Also opened from the command palette
 * (reset-password-store.ts).
 */
export default function ResetPasswordDialog({ rows, onClose }: ActionDialogProps<ResetTarget>) {
  const t = useT();
  const [reset, { isLoading: busy }] = useResetUserPasswordsMutation();
  const [failure, setFailure] = useState<string>();
  const [answers, setAnswers] = useState<readonly ResetPassword[]>();

  const names = rows.slice(0, NAMED_USERS).map((u) => u.realName || u.account);
  const namesText = names.join('、') + (rows.length > NAMED_USERS ? '…' : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || rows.length === 0) return;
    setFailure(undefined);
    try {
      setAnswers(await reset({ userIds: rows.map((u) => u.id).join(',') }).unwrap());
    } catch (err) {
      setFailure((err as Partial<ApiError>).message || t('errors.submitFailed'));
    }
  };

  if (answers) {
    return (
      <Modal
        opened
        onClose={() => onClose(true)}
        title={t('userAdmin.reset.doneTitle')}
        size="lg"
        // Only the close buttons end it: a stray click outside would lose the passwords.
        closeOnClickOutside={false}
      >
        <Stack gap="sm">
          <Alert color="orange" variant="light">
            {t('userAdmin.reset.warning', { expireTime: answers[0]?.expireTime ?? '' })}
          </Alert>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('userAdmin.reset.account')}</Table.Th>
                <Table.Th>{t('userAdmin.reset.password')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answers.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.account}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" data-testid="one-time-password">
                      {a.password}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <CopyButton value={a.password} timeout={1500}>
                      {({ copied, copy }) => (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color={copied ? 'teal' : undefined}
                          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                          aria-label={t('userAdmin.reset.copyOf', { account: a.account })}
                          onClick={copy}
                        >
                          {copied ? t('userAdmin.reset.copied') : t('userAdmin.reset.copy')}
                        </Button>
                      )}
                    </CopyButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" mt="sm">
            <Button onClick={() => onClose(true)} data-autofocus>
              {t('userAdmin.reset.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose(false);
      }}
      title={t('userAdmin.reset.title')}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Text>{t('userAdmin.reset.confirm', { count: rows.length, names: namesText })}</Text>
          {failure && (
            <Alert color="red" variant="light">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={busy} data-autofocus>
              {t('userAdmin.reset.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
