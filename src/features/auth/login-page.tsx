import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useAppSelector, useT } from '../../app/hooks';
import { useShell } from '../../app/shell-runtime';
import { SuccessNotice } from './form-notice';
import { LangSwitch } from './lang-switch';
import { LoginForm } from './login-form';
import type { LoginValues } from './login-rules';
import { PasswordChangeForm } from './password-change-form';
import { DEFAULT_TENANT_ID } from './tenant-field';
import { useDomainTenant } from './tenant-info';
import { useLoginFollowUps } from './use-login-follow-ups';

const RegisterDialog = lazy(() =>
  import('./register-dialog').then((m) => ({ default: m.RegisterDialog })),
);

const INITIAL: LoginValues = {
  tenantId: DEFAULT_TENANT_ID,
  username: '',
  password: '',
  captchaCode: '',
};

/**
 * /login (spec sections 2, 4, 5, 8): the login form, or the forced password change while the
 * auth machine is in passwordChangeRequired, and the guest registration dialog.
 */
export function LoginPage() {
  const { auth } = useShell();
  const t = useT();
  const siteName = useAppSelector((s) => s.ui.personalisation.sideName) || t('app.name');
  const changing = useSelector(auth, (s) => s.matches('passwordChangeRequired'));
  const passwordChanged = useSelector(auth, (s) => s.context.passwordChanged);
  const tenant = useDomainTenant();
  const [draft, setDraft] = useState(INITIAL);
  const [register, setRegister] = useState({ loaded: false, opened: false, submitted: false });
  useLoginFollowUps(auth, setDraft);
  useDocumentTitle(`${t('auth.login')} - ${siteName}`);

  return (
    <Box
      component="main"
      mih="100vh"
      p="md"
      bg="var(--mantine-color-gray-light)"
      style={{ display: 'grid', placeItems: 'center' }}
    >
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={1} size="h3">
                {siteName}
              </Title>
              <Text size="sm" c="dimmed">
                {t('auth.subtitle')}
              </Text>
            </div>
            <LangSwitch />
          </Group>
          <Title order={2} size="h4">
            {changing ? t('auth.change.title') : t('auth.login')}
          </Title>
          {changing ? (
            <PasswordChangeForm auth={auth} />
          ) : (
            <>
              {passwordChanged && <SuccessNotice>{t('auth.passwordChanged')}</SuccessNotice>}
              {register.submitted && <SuccessNotice>{t('auth.register.submitted')}</SuccessNotice>}
              <LoginForm
                auth={auth}
                values={draft}
                onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
                tenant={tenant}
                onSubmitted={() => setRegister((r) => ({ ...r, submitted: false }))}
              />
              <Group justify="center">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setRegister((r) => ({ ...r, loaded: true, opened: true }))}
                >
                  {t('auth.register.link')}
                </Anchor>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      {register.loaded && (
        // Stays mounted once loaded so the modal can return focus to the link when it closes.
        <Suspense fallback={null}>
          <RegisterDialog
            opened={register.opened}
            tenant={tenant}
            onClose={() => setRegister((r) => ({ ...r, opened: false }))}
            onSubmitted={() => setRegister((r) => ({ ...r, opened: false, submitted: true }))}
          />
        </Suspense>
      )}
    </Box>
  );
}
