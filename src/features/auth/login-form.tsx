import { useSelector } from '@xstate/react';
import { useContext, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../state/hooks';
import type { AuthActor } from '../../state/shell-context';
import s from './auth.module.css';
import { TenantIdField } from './tenant-id-field';
import { CaptchaField } from './captcha-field';
import { ErrorNotice, messageText } from './form-notice';
import { hasErrors } from '../../lib/password-rules';
import { PasswordField, PlainButton, TextField } from './plain-fields';
import { validateLogin, type LoginErrors, type LoginValues } from './login-rules';
import { PrerenderingContext } from './login-snapshot/prerendering';
import { effectiveTenantId, tenantFieldVisible, type TenantLookup } from './tenant-field';

interface Props {
  auth: AuthActor;
  /** Held by the page so a failure, or the password-change detour, does not reset the form. */
  values: LoginValues;
  onChange(patch: Partial<LoginValues>): void;
  tenant: TenantLookup;
  /** Called when a login request goes out (the page drops notices that no longer apply). */
  onSubmitted?: () => void;
}

const ORDER: (keyof LoginValues)[] = ['tenantId', 'username', 'password', 'captchaCode'];

export function LoginForm({ auth, values, onChange, tenant, onSubmitted }: Props) {
  const t = useT();
  const captchaMode = useSelector(auth, (s) => s.context.captchaMode);
  const ready = useSelector(auth, (s) => s.matches({ signedOut: 'idle' }));
  const submitting = useSelector(auth, (s) => s.matches({ signedOut: 'submitting' }));
  const serverError = useSelector(auth, (s) => s.context.error);
  const prerendering = useContext(PrerenderingContext);
  const [errors, setErrors] = useState<LoginErrors>({});
  const refs = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});
  const showTenant = tenantFieldVisible(tenant);

  const change = (field: keyof LoginValues, value: string) => {
    onChange({ [field]: value });
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // One request per click or Enter: the machine only takes a login in signedOut.idle.
    if (!auth.getSnapshot().matches({ signedOut: 'idle' })) return;
    const found = validateLogin(values, { tenantRequired: showTenant, captchaMode });
    setErrors(found);
    if (hasErrors(found)) {
      const first = ORDER.find((f) => found[f]);
      if (first) refs.current[first]?.focus();
      return;
    }
    auth.send({
      type: 'login.submit',
      tenantId: effectiveTenantId(tenant, values.tenantId),
      username: values.username.trim(),
      password: values.password,
      ...(captchaMode ? { captchaCode: values.captchaCode.trim() } : {}),
    });
    onSubmitted?.();
  };

  const err = (field: keyof LoginValues) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.login')}>
      <div className={s.form}>
        {serverError && <ErrorNotice>{messageText(t, serverError)}</ErrorNotice>}
        {showTenant && (
          <TenantIdField
            inputRef={(el) => {
              refs.current.tenantId = el;
            }}
            value={values.tenantId}
            error={err('tenantId')}
            onChange={(v) => change('tenantId', v)}
          />
        )}
        <TextField
          inputRef={(el) => {
            refs.current.username = el;
          }}
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          required
          maxLength={64}
          value={values.username}
          error={err('username')}
          onChange={(e) => change('username', e.currentTarget.value)}
        />
        <PasswordField
          inputRef={(el) => {
            refs.current.password = el;
          }}
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          maxLength={64}
          value={values.password}
          error={err('password')}
          onChange={(e) => change('password', e.currentTarget.value)}
        />
        {captchaMode && (
          <CaptchaField
            auth={auth}
            inputRef={(el) => {
              refs.current.captchaCode = el;
            }}
            value={values.captchaCode}
            error={err('captchaCode')}
            onChange={(v) => change('captchaCode', v)}
          />
        )}
        <PlainButton
          type="submit"
          loading={submitting}
          disabled={prerendering || (!ready && !submitting)}
        >
          {t('auth.submit')}
        </PlainButton>
      </div>
    </form>
  );
}
