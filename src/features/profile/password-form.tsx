import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fetchPublicKey } from '../../api/auth-calls';
import type { ApiError } from '../../api/client';
import { useUpdatePasswordMutation } from '../../api/user';
import { useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { encryptPassword } from '../../lib/rsa';
import {
  hasErrors,
  PASSWORD_RULE_MESSAGE,
  validatePasswordChange,
  type PasswordChangeValues,
} from '../../lib/password-rules';
import { useFormFields } from '../../components/use-form-fields';
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
  const { values, setErrors, field } = useFormFields<PasswordChangeValues>({
    oldPassword: '',
    newPassword: '',
    newPassword1: '',
  });
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || done) return;
    const found = validatePasswordChange(values);
    setErrors(found);
    if (hasErrors(found)) {
      notifyIncomplete(t('messages.completeInfo'));
      return;
    }
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
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(PASSWORD_RULE_MESSAGE)}
        </Text>
        <PasswordInput
          label={t('auth.change.oldPassword')}
          withAsterisk
          autoComplete="current-password"
          {...field('oldPassword')}
        />
        <PasswordInput
          label={t('auth.change.newPassword')}
          withAsterisk
          autoComplete="new-password"
          maxLength={64}
          {...field('newPassword')}
        />
        <PasswordInput
          label={t('auth.change.confirmPassword')}
          withAsterisk
          autoComplete="new-password"
          maxLength={64}
          {...field('newPassword1')}
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
