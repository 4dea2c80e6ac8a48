import { useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { sendLoginCode } from '../../api/auth-calls';
import type { MessageKey } from '../../i18n';
import { hasErrors } from '../../lib/password-rules';
import { useT } from '../../state/hooks';
import type { AuthActor } from '../../state/shell-context';
import s from './auth.module.css';
import { TenantIdField } from './tenant-id-field';
import { ErrorNotice, messageText, SuccessNotice } from './form-notice';
import {
  phoneError,
  validatePhoneLogin,
  type PhoneLoginErrors,
  type PhoneLoginValues,
} from './phone-rules';
import { PlainButton, TextField } from './plain-fields';
import {
  DEFAULT_TENANT_ID,
  effectiveTenantId,
  tenantFieldVisible,
  type TenantLookup,
} from './tenant-field';
import { useCountdown } from './use-countdown';

interface Props {
  auth: AuthActor;
  tenant: TenantLookup;
  /** /wx-relate-phone: the WeChat account to bind to the phone's user. */
  bindTicket?: string | undefined;
  submitLabel?: MessageKey;
}

const ORDER: (keyof PhoneLoginValues)[] = ['tenantId', 'phone', 'code'];

/**
 * Login by phone and SMS code (spec section 4, grant verify_phone): the code button sends
 * `send-login-validate` and counts down 60 seconds. Plain HTML like the password form. While it
 * counts down the button stays focusable (aria-disabled), so keyboard focus is not lost.
 */
export function PhoneLoginForm({ auth, tenant, bindTicket, submitLabel = 'auth.submit' }: Props) {
  const t = useT();
  const ready = useSelector(auth, (st) => st.matches({ signedOut: 'idle' }));
  const submitting = useSelector(auth, (st) => st.matches({ signedOut: 'submitting' }));
  const serverError = useSelector(auth, (st) => st.context.error);
  const [values, setValues] = useState<PhoneLoginValues>({
    tenantId: DEFAULT_TENANT_ID,
    phone: '',
    code: '',
  });
  const [errors, setErrors] = useState<PhoneLoginErrors>({});
  // The machine's error is shown once this form has sent a login (not another form's failure).
  const [submitted, setSubmitted] = useState(false);
  const [sendState, setSendState] = useState<{ sending: boolean; sent: boolean; error?: string }>({
    sending: false,
    sent: false,
  });
  const countdown = useCountdown();
  const refs = useRef<Partial<Record<keyof PhoneLoginValues, HTMLInputElement | null>>>({});
  const showTenant = tenantFieldVisible(tenant);
  const tenantId = effectiveTenantId(tenant, values.tenantId);

  const change = (field: keyof PhoneLoginValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const sendCode = async () => {
    if (countdown.running || sendState.sending) return;
    const bad = phoneError(values.phone);
    if (bad) {
      setErrors((e) => ({ ...e, phone: bad }));
      refs.current.phone?.focus();
      return;
    }
    setSendState({ sending: true, sent: false });
    try {
      await sendLoginCode(tenantId, values.phone.trim());
      countdown.start();
      setSendState({ sending: false, sent: true });
      refs.current.code?.focus();
    } catch (err) {
      setSendState({
        sending: false,
        sent: false,
        error: (err as { message?: string }).message || t('auth.code.failed'),
      });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!auth.getSnapshot().matches({ signedOut: 'idle' })) return;
    const found = validatePhoneLogin(values, { tenantRequired: showTenant });
    setErrors(found);
    if (hasErrors(found)) {
      const first = ORDER.find((f) => found[f]);
      if (first) refs.current[first]?.focus();
      return;
    }
    setSubmitted(true);
    setSendState((st) => ({ ...st, sent: false }));
    auth.send({
      type: 'login.submit',
      tenantId,
      username: '',
      password: '',
      grant: {
        type: 'verify_phone',
        phone: values.phone.trim(),
        code: values.code.trim(),
        ...(bindTicket ? { bindTicket } : {}),
      },
    });
  };

  const err = (field: keyof PhoneLoginValues) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const busy = countdown.running || sendState.sending;

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.mode.phone')}>
      <div className={s.form}>
        {submitted && serverError && <ErrorNotice>{messageText(t, serverError)}</ErrorNotice>}
        {sendState.error && <ErrorNotice>{sendState.error}</ErrorNotice>}
        {sendState.sent && <SuccessNotice>{t('auth.code.sent')}</SuccessNotice>}
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
            refs.current.phone = el;
          }}
          label={t('auth.phone')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          maxLength={11}
          value={values.phone}
          error={err('phone')}
          onChange={(e) => change('phone', e.currentTarget.value)}
        />
        <TextField
          inputRef={(el) => {
            refs.current.code = el;
          }}
          label={t('auth.smsCode')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={6}
          value={values.code}
          error={err('code')}
          onChange={(e) => change('code', e.currentTarget.value)}
          sectionWidth={128}
          section={
            <button
              type="button"
              className={s.codeButton}
              aria-disabled={busy || undefined}
              onClick={() => void sendCode()}
            >
              {countdown.running
                ? t('auth.code.resend', { seconds: countdown.left })
                : t('auth.code.send')}
            </button>
          }
        />
        <PlainButton type="submit" loading={submitting} disabled={!ready && !submitting}>
          {t(submitLabel)}
        </PlainButton>
      </div>
    </form>
  );
}
