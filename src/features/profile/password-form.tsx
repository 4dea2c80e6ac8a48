import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { fetchPublicKey } from '../../api/auth-calls';
import type { ApiError } from '../../api/client';
import { useUpdatePasswordMutation } from '../../api/user';
import { useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { encryptPassword } from '../../lib/rsa';
import {
  PASSWORD_RULE_MESSAGE,
  validatePasswordChange,
  type PasswordChangeValues,
} from '../../lib/password-rules';
import { fieldErrors, useErrorsFollowLanguage } from '../../components/form-errors';
import { notifyIncomplete, notifySuccess } from './notify';

/** How long 'modified successfully' stays in view before the console goes to /login. */
const RELOGIN_DELAY_MS = 1500;

/**
 * The 'modify password' tab (spec sections 3-5): the rule is the login page's, the three
 * values travel RSA-encrypted, and success ends the session (the server has revoked it), so
 * the console returns to /login.
 */
export function PasswordForm() {
  const t = useT();
  const { auth } = useShell();
  const [update] = useUpdatePasswordMutation();
  const form = useForm<PasswordChangeValues>({
    mode: 'uncontrolled',
    initialValues: { oldPassword: '', newPassword: '', newPassword1: '' },
    validate: (values) => fieldErrors(validatePasswordChange(values), t),
  });
  useErrorsFollowLanguage(form);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      // Closing the drawer early must not cancel the forced logout.
      if (timer.current) auth.send({ type: 'session.expired' });
      clearTimeout(timer.current);
    },
    [auth],
  );

  const submit = async (values: PasswordChangeValues) => {
    setServerError(undefined);
    setBusy(true);
    try {
      const key = await fetchPublicKey();
      const [oldPassword, newPassword, newPassword1] = await Promise.all([
        encryptPassword(key, values.oldPassword),
        encryptPassword(key, values.newPassword),
        encryptPassword(key, values.newPassword1),
      ]);
      await update({ oldPassword, newPassword, newPassword1 }).unwrap();
      setDone(true);
      notifySuccess(t('messages.modified'));
      timer.current = setTimeout(() => {
        timer.current = undefined;
        auth.send({ type: 'session.expired' });
      }, RELOGIN_DELAY_MS);
    } catch (err) {
      setServerError((err as ApiError).message || t('errors.submitFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        if (busy || done) e.preventDefault();
        else
          form.onSubmit(
            (values) => void submit(values),
            () => notifyIncomplete(t('messages.completeInfo')),
          )(e);
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(PASSWORD_RULE_MESSAGE)}
        </Text>
        <PasswordInput
          label={t('auth.change.oldPassword')}
          withAsterisk
          autoComplete="current-password"
          key={form.key('oldPassword')}
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t('auth.change.newPassword')}
          withAsterisk
          autoComplete="new-password"
          maxLength={64}
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('auth.change.confirmPassword')}
          withAsterisk
          autoComplete="new-password"
          maxLength={64}
          key={form.key('newPassword1')}
          {...form.getInputProps('newPassword1')}
        />
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        {done && (
          <Alert color="green" role="status">
            {t('profile.passwordRelogin')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={busy || done}>
            {t('common.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
