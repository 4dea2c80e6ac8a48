import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';

/**
 * Spec section 4: locking without a lock password first asks for one. Open while the lock
 * actor is in needsSecret (or hashing the new secret); once stored the machine locks and the
 * route guard moves to /lock. Rendered by the top bar.
 */
export function SetLockPasswordDialog() {
  const { lock } = useShell();
  const t = useT();
  const opened = useSelector(lock, (s) => s.matches('needsSecret') || s.matches('settingSecret'));
  const busy = useSelector(lock, (s) => s.matches('settingSecret'));
  const error = useSelector(lock, (s) => s.context.error);
  const [password, setPassword] = useState('');

  const cancel = () => {
    if (busy) return;
    setPassword('');
    lock.send({ type: 'lock.cancel' });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!lock.getSnapshot().matches('needsSecret')) return;
    lock.send({ type: 'lock.setSecret', password });
    if (password.trim()) setPassword('');
  };

  return (
    <Modal opened={opened} onClose={cancel} title={t('lock.set.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('lock.set.hint')}
          </Text>
          <PasswordInput
            label={t('lock.password')}
            name="lockPassword"
            autoComplete="new-password"
            data-autofocus
            required
            maxLength={64}
            value={password}
            error={error ? t(error) : undefined}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('lock.set.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
