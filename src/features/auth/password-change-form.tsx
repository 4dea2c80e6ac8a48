import { useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useT } from '../../state/hooks';
import type { AuthActor } from '../../state/shell-context';
import s from './auth.module.css';
import { ErrorNotice, messageText } from './form-notice';
import {
  hasErrors,
  PASSWORD_RULE_MESSAGE,
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from '../../lib/password-rules';
import { PasswordField, PlainButton } from './plain-fields';

const EMPTY: PasswordChangeValues = { oldPassword: '', newPassword: '', newPassword1: '' };
const ORDER: (keyof PasswordChangeValues)[] = ['oldPassword', 'newPassword', 'newPassword1'];

/**
 * The forced first-login change: the token only allows this call, and on success the server
 * ends every session, so the machine returns to the login form with 'modified successfully'.
 */
export function PasswordChangeForm({ auth }: { auth: AuthActor }) {
  const t = useT();
  const submitting = useSelector(auth, (s) => s.matches({ passwordChangeRequired: 'submitting' }));
  const signingOut = useSelector(auth, (s) => s.matches('signingOut'));
  const serverError = useSelector(auth, (s) => s.context.error);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const refs = useRef<Partial<Record<keyof PasswordChangeValues, HTMLInputElement | null>>>({});

  const change = (field: keyof PasswordChangeValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!auth.getSnapshot().matches({ passwordChangeRequired: 'idle' })) return;
    const found = validatePasswordChange(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = ORDER.find((f) => found[f]);
      if (first) refs.current[first]?.focus();
      return;
    }
    auth.send({ type: 'password.submit', ...values });
  };

  const field = (name: keyof PasswordChangeValues, label: string, autoComplete: string) => {
    const key = errors[name];
    return (
      <PasswordField
        inputRef={(el) => {
          refs.current[name] = el;
        }}
        label={label}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={64}
        value={values[name]}
        error={key ? t(key) : undefined}
        onChange={(e) => change(name, e.currentTarget.value)}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.change.title')}>
      <div className={s.form}>
        <p className={s.dimmed}>{t('auth.change.notice')}</p>
        {serverError && <ErrorNotice>{messageText(t, serverError)}</ErrorNotice>}
        {field('oldPassword', t('auth.change.oldPassword'), 'current-password')}
        {field('newPassword', t('auth.change.newPassword'), 'new-password')}
        {field('newPassword1', t('auth.change.confirmPassword'), 'new-password')}
        {/* The rule as a hint, unless a field already shows it as its error. */}
        {!Object.values(errors).includes(PASSWORD_RULE_MESSAGE) && (
          <p className={s.hint}>{t(PASSWORD_RULE_MESSAGE)}</p>
        )}
        <PlainButton type="submit" loading={submitting} disabled={signingOut}>
          {t('auth.change.submit')}
        </PlainButton>
        <PlainButton
          variant="subtle"
          loading={signingOut}
          disabled={submitting}
          onClick={() => auth.send({ type: 'logout' })}
        >
          {t('auth.change.backToLogin')}
        </PlainButton>
      </div>
    </form>
  );
}
