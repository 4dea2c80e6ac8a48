import { useDocumentTitle } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useState, type ComponentProps, type CSSProperties } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector, useT } from '../../state/hooks';
import { sessionEndExplained } from '../../state/session-slice';
import type { MessageKey } from '../../i18n';
import { useShell } from '../../state/shell-context';
import s from './auth.module.css';
import { ErrorNotice, SuccessNotice } from './form-notice';
import { LangSwitch } from './lang-switch';
import { LoginForm } from './login-form';
import { LoginModeSwitch, WxLoginLink, type LoginMode } from './login-modes';
import { PhoneLoginForm } from './phone-login-form';
import { loginAppearance } from './login-snapshot/appearance';
import { typedIntoSnapshot } from './login-snapshot/takeover';
import type { LoginValues } from './login-rules';
import { PasswordChangeForm } from './password-change-form';
import { DEFAULT_TENANT_ID } from './tenant-field';
import { useDomainTenant } from './tenant-info';
import { useLoginFollowUps } from './use-login-follow-ups';
import { lazyComponent } from '../../lib/lazy-component';

// A Mantine modal: it brings Mantine with it on the first click (the page itself has none).
const RegisterDialog = lazyComponent(() =>
  Promise.all([import('./register-dialog'), import('../../components/mantine-root')]).then(
    ([{ RegisterDialog: Dialog }, { ThemedMantine }]) => ({
      default: function ThemedRegisterDialog(props: ComponentProps<typeof Dialog>) {
        return (
          <ThemedMantine>
            <Dialog {...props} />
          </ThemedMantine>
        );
      },
    }),
  ),
);

const INITIAL: LoginValues = {
  tenantId: DEFAULT_TENANT_ID,
  username: '',
  password: '',
  captchaCode: '',
};

/** The window title on /login: "登录 - " and the site name. */
export function loginTitle(t: (key: MessageKey) => string, siteName: string): string {
  return `${t('auth.login')} - ${siteName || t('app.name')}`;
}

/**
 * /login (spec sections 2, 4, 5, 8): the login form, or the forced password change while the
 * auth machine is in passwordChangeRequired, and the guest registration dialog. Plain HTML and
 * a CSS module, so the first paint needs no Mantine (see components/mantine-root.tsx).
 */
export function LoginPage() {
  const { auth } = useShell();
  const t = useT();
  const { scheme, primary, siteName } = useAppSelector(
    (st) => loginAppearance(st.ui),
    shallowEqual,
  );
  const changing = useSelector(auth, (st) => st.matches('passwordChangeRequired'));
  const passwordChanged = useSelector(auth, (st) => st.context.passwordChanged);
  const tenant = useDomainTenant();
  const endReason = useAppSelector((st) => st.session.endReason);
  const dispatch = useAppDispatch();
  // Starts from what was typed into the prerendered form, if the page began with one.
  const [draft, setDraft] = useState(() => ({ ...INITIAL, ...typedIntoSnapshot() }));
  const [register, setRegister] = useState({ loaded: false, opened: false, submitted: false });
  // Password or phone code (issue 16 item 17); the snapshot is the password form.
  const [mode, setMode] = useState<LoginMode>('password');
  useLoginFollowUps(auth, setDraft);
  useDocumentTitle(loginTitle(t, siteName));

  return (
    <main
      className={s.page}
      data-scheme={scheme}
      style={{ '--qy-primary': primary } as CSSProperties}
    >
      <div className={s.card}>
        <div className={s.stack}>
          <div className={s.header}>
            <div>
              <h1 className={s.title}>{siteName || t('app.name')}</h1>
              <p className={s.dimmed}>{t('auth.subtitle')}</p>
            </div>
            <LangSwitch />
          </div>
          <h2 className={s.heading}>{changing ? t('auth.change.title') : t('auth.login')}</h2>
          {changing ? (
            <PasswordChangeForm auth={auth} />
          ) : (
            <>
              {endReason && (
                <ErrorNotice>
                  {t(endReason === 'disabled' ? 'session.ended.disabled' : 'session.ended.expired')}
                </ErrorNotice>
              )}
              {passwordChanged && <SuccessNotice>{t('auth.passwordChanged')}</SuccessNotice>}
              {register.submitted && <SuccessNotice>{t('auth.register.submitted')}</SuccessNotice>}
              <LoginModeSwitch mode={mode} onChange={setMode} />
              {mode === 'phone' ? (
                <PhoneLoginForm auth={auth} tenant={tenant} />
              ) : (
                <LoginForm
                  auth={auth}
                  values={draft}
                  onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
                  tenant={tenant}
                  onSubmitted={() => {
                    setRegister((r) => ({ ...r, submitted: false }));
                    dispatch(sessionEndExplained(undefined));
                  }}
                />
              )}
              <button
                type="button"
                className={s.link}
                onClick={() => setRegister((r) => ({ ...r, loaded: true, opened: true }))}
              >
                {t('auth.register.link')}
              </button>
              <WxLoginLink />
            </>
          )}
        </div>
      </div>
      {register.loaded && (
        // Stays mounted once loaded so the modal can return focus to the link when it closes.
        <RegisterDialog
          opened={register.opened}
          tenant={tenant}
          onClose={() => setRegister((r) => ({ ...r, opened: false }))}
          onSubmitted={() => setRegister((r) => ({ ...r, opened: false, submitted: true }))}
        />
      )}
    </main>
  );
}
