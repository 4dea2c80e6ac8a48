import { useDocumentTitle } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type ComponentProps, type CSSProperties } from 'react';
import { useAppSelector, useT } from '../../app/hooks';
import { useShell } from '../../app/shell-runtime';
import { primaryColorOf, SHELL_THEMES } from '../../app/theme';
import s from './auth.module.css';
import { SuccessNotice } from './form-notice';
import { LangSwitch } from './lang-switch';
import { LoginForm } from './login-form';
import type { LoginValues } from './login-rules';
import { PasswordChangeForm } from './password-change-form';
import { DEFAULT_TENANT_ID } from './tenant-field';
import { useDomainTenant } from './tenant-info';
import { useLoginFollowUps } from './use-login-follow-ups';

// A Mantine modal: it brings Mantine with it on the first click (the page itself has none).
const RegisterDialog = lazy(() =>
  Promise.all([import('./register-dialog'), import('../../app/mantine-root')]).then(
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

/**
 * /login (spec sections 2, 4, 5, 8): the login form, or the forced password change while the
 * auth machine is in passwordChangeRequired, and the guest registration dialog. Plain HTML and
 * a CSS module, so the first paint needs no Mantine (see app/mantine-root.tsx).
 */
export function LoginPage() {
  const { auth } = useShell();
  const t = useT();
  const siteName = useAppSelector((st) => st.ui.personalisation.sideName) || t('app.name');
  const scheme = useAppSelector((st) => SHELL_THEMES[st.ui.theme].scheme);
  const primary = useAppSelector((st) => primaryColorOf(st.ui));
  const changing = useSelector(auth, (st) => st.matches('passwordChangeRequired'));
  const passwordChanged = useSelector(auth, (st) => st.context.passwordChanged);
  const tenant = useDomainTenant();
  const [draft, setDraft] = useState(INITIAL);
  const [register, setRegister] = useState({ loaded: false, opened: false, submitted: false });
  useLoginFollowUps(auth, setDraft);
  useDocumentTitle(`${t('auth.login')} - ${siteName}`);

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
              <h1 className={s.title}>{siteName}</h1>
              <p className={s.dimmed}>{t('auth.subtitle')}</p>
            </div>
            <LangSwitch />
          </div>
          <h2 className={s.heading}>{changing ? t('auth.change.title') : t('auth.login')}</h2>
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
              <button
                type="button"
                className={s.link}
                onClick={() => setRegister((r) => ({ ...r, loaded: true, opened: true }))}
              >
                {t('auth.register.link')}
              </button>
            </>
          )}
        </div>
      </div>
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
    </main>
  );
}
