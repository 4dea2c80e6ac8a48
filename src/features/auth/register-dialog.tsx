import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useT } from '../../state/hooks';
import { ErrorNotice } from './form-notice';
import { registerGuest, registrationFailure } from './register-call';
import { fieldErrors, useErrorsFollowLanguage } from '../../components/form-errors';
import { validateRegistration, type RegisterValues } from './register-rules';
import { effectiveTenantId, tenantFieldVisible, type TenantLookup } from './tenant-field';

const EMPTY: RegisterValues = { tenantId: '', name: '', account: '', password: '', password2: '' };
const ORDER: (keyof RegisterValues)[] = ['tenantId', 'name', 'account', 'password', 'password2'];

interface Props {
  opened: boolean;
  tenant: TenantLookup;
  onClose(): void;
  onSubmitted(): void;
}

/**
 * Guest registration (spec screen 6): the application waits for an administrator's approval.
 * Loaded lazily with the first click on the link, so /login stays light.
 */
export function RegisterDialog({ opened, tenant, onClose, onSubmitted }: Props) {
  const t = useT();
  const showTenant = tenantFieldVisible(tenant);
  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: (values) =>
      fieldErrors(validateRegistration(values, { tenantRequired: showTenant }), t),
  });
  useErrorsFollowLanguage(form);
  const [failure, setFailure] = useState<string>();
  const busy = form.submitting;
  const refs = useRef<Partial<Record<keyof RegisterValues, HTMLInputElement | null>>>({});

  const close = () => {
    if (busy) return;
    form.clearErrors();
    setFailure(undefined);
    onClose();
  };

  const submit = async (values: RegisterValues) => {
    try {
      await registerGuest(values, effectiveTenantId(tenant, values.tenantId));
      form.reset();
      onSubmitted();
    } catch (err) {
      setFailure(registrationFailure(err) ?? t('auth.register.failed'));
    }
  };

  const refuse = (errors: Partial<Record<string, unknown>>) => {
    const first = ORDER.find((f) => errors[f]);
    if (first) refs.current[first]?.focus();
  };

  const input = (name: keyof RegisterValues, label: string, autoComplete: string) => {
    const Input = name === 'password' || name === 'password2' ? PasswordInput : TextInput;
    return (
      <Input
        key={form.key(name)}
        {...form.getInputProps(name)}
        ref={(el: HTMLInputElement | null) => {
          refs.current[name] = el;
        }}
        label={label}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={name === 'tenantId' ? 32 : 50}
      />
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('auth.register.title')} centered>
      <form
        onSubmit={(e) => {
          if (busy) {
            e.preventDefault();
            return;
          }
          setFailure(undefined);
          form.onSubmit(submit, refuse)(e);
        }}
        noValidate
      >
        <Stack gap="md">
          {failure && <ErrorNotice>{failure}</ErrorNotice>}
          {showTenant && input('tenantId', t('auth.register.tenantId'), 'organization')}
          {input('name', t('auth.register.name'), 'name')}
          {input('account', t('auth.register.account'), 'username')}
          {input('password', t('auth.register.password'), 'new-password')}
          {input('password2', t('auth.register.confirm'), 'new-password')}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('auth.register.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
