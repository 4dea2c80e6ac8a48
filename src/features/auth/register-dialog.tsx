import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useT } from '../../state/hooks';
import { ErrorNotice } from './form-notice';
import { hasErrors } from '../../lib/password-rules';
import { registerGuest, registrationFailure } from './register-call';
import { validateRegistration, type RegisterErrors, type RegisterValues } from './register-rules';
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
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const refs = useRef<Partial<Record<keyof RegisterValues, HTMLInputElement | null>>>({});
  const showTenant = tenantFieldVisible(tenant);

  const change = (field: keyof RegisterValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const close = () => {
    if (busy) return;
    setErrors({});
    setFailure(undefined);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateRegistration(values, { tenantRequired: showTenant });
    setErrors(found);
    setFailure(undefined);
    if (hasErrors(found)) {
      const first = ORDER.find((f) => found[f]);
      if (first) refs.current[first]?.focus();
      return;
    }
    setBusy(true);
    try {
      await registerGuest(values, effectiveTenantId(tenant, values.tenantId));
      setValues(EMPTY);
      setErrors({});
      onSubmitted();
    } catch (err) {
      setFailure(registrationFailure(err) ?? t('auth.register.failed'));
    } finally {
      setBusy(false);
    }
  };

  const input = (name: keyof RegisterValues, label: string, autoComplete: string) => {
    const key = errors[name];
    const Input = name === 'password' || name === 'password2' ? PasswordInput : TextInput;
    return (
      <Input
        ref={(el: HTMLInputElement | null) => {
          refs.current[name] = el;
        }}
        label={label}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={name === 'tenantId' ? 32 : 50}
        value={values[name]}
        error={key ? t(key) : undefined}
        onChange={(e) => change(name, e.currentTarget.value)}
      />
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('auth.register.title')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
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
