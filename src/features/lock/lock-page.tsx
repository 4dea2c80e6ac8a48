import {
  Anchor,
  Avatar,
  Box,
  Button,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { MAX_UNLOCK_FAILURES } from '../../../machines/lock-machine';
import { useAppSelector, useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { redirectTarget } from '../auth/redirect-target';

/**
 * /lock (spec screen 2): asks for the lock password. The lock machine verifies it locally and
 * logs out after the fifth wrong one; the runtime then clears the session and goes to /login.
 */
export function LockPage() {
  const { auth, lock } = useShell();
  const t = useT();
  const location = useLocation();
  const session = useAppSelector((s) => s.session.session);
  const siteName = useAppSelector((s) => s.ui.personalisation.sideName) || t('app.name');
  const status = useSelector(lock, (s) =>
    s.matches('locked') ? 'locked' : s.matches('loggedOut') ? 'ending' : 'open',
  );
  const verifying = useSelector(lock, (s) => s.matches({ locked: 'verifying' }));
  const error = useSelector(lock, (s) => s.context.error);
  const failures = useSelector(lock, (s) => s.context.failures);
  const signingOut = useSelector(auth, (s) => s.matches('signingOut'));
  const [password, setPassword] = useState('');
  useDocumentTitle(`${t('lock.title')} - ${siteName}`);

  if (!session) return <Navigate to="/login" replace />;
  // Logging out (link or too many failures): wait for the runtime's redirect to /login rather
  // than flashing the console, which the guard would show while the session still exists.
  if (status === 'ending' || signingOut) {
    return (
      <Box mih="100vh" style={{ display: 'grid', placeItems: 'center' }}>
        <Loader aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (status === 'open') return <Navigate to={redirectTarget(location.state)} replace />;

  const name = session.nick_name || session.real_name || session.account;
  const left = MAX_UNLOCK_FAILURES - failures;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!lock.getSnapshot().matches({ locked: 'idle' })) return;
    lock.send({ type: 'lock.unlock', password });
    // A wrong password is retyped from scratch; a right one leaves this page.
    setPassword('');
  };

  return (
    <Box
      component="main"
      mih="100vh"
      p="md"
      bg="var(--mantine-color-gray-light)"
      style={{ display: 'grid', placeItems: 'center' }}
    >
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={380}>
        <form onSubmit={submit} noValidate aria-label={t('lock.title')}>
          <Stack align="center" gap="md">
            <Title order={1} size="h4">
              {t('lock.title')}
            </Title>
            <Avatar
              src={session.avatar || null}
              alt={name}
              size={72}
              radius="xl"
              color="initials"
              name={name}
            />
            <div style={{ textAlign: 'center' }}>
              <Text fw={600}>{name}</Text>
              <Text size="sm" c="dimmed">
                {session.account}
              </Text>
            </div>
            <Text size="sm" c="dimmed">
              <IconLock size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
              {t('lock.hint')}
            </Text>
            <PasswordInput
              w="100%"
              label={t('lock.password')}
              name="lockPassword"
              autoComplete="off"
              data-autofocus
              autoFocus
              required
              maxLength={64}
              value={password}
              error={error ? t(error) : undefined}
              description={
                failures > 0 && left > 0 ? t('lock.attemptsLeft', { count: left }) : undefined
              }
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={verifying}>
              {t('lock.unlock')}
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => auth.send({ type: 'logout' })}
            >
              {t('lock.logout')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
