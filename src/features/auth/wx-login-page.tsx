import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BIND_TICKET_KEY, socialAuthorize } from '../../api/auth-calls';
import { useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import s from './auth.module.css';
import { AuthFrame } from './auth-frame';
import { ErrorNotice, messageText } from './form-notice';
import { PlainButton } from './plain-fields';
import { DEFAULT_TENANT_ID, derivedTenant } from './tenant-field';
import { useDomainTenant } from './tenant-info';

/** sessionStorage: the state this tab sent to the provider, and the tenant it is for. */
export const WX_STATE_KEY = 'quanyi.wx-state';
export const WX_TENANT_KEY = 'quanyi.wx-tenant';

/**
 * /wx-login (spec sections 2 and 4, grant social; issue 16 item 17). Without `code`: a button
 * that asks the server for the provider's address and a one-time state, keeps the state in this
 * tab and goes there. Back with `code` and `state`: the state must be the one this tab sent
 * (login CSRF), then the social grant signs in, or, for a WeChat account no user holds, the
 * answer's bind ticket takes the user to /wx-relate-phone.
 */
export function WxLoginPage() {
  const t = useT();
  const { auth } = useShell();
  const navigate = useNavigate();
  const { search } = useLocation();
  const tenant = useDomainTenant();
  const ready = useSelector(auth, (st) => st.matches({ signedOut: 'idle' }));
  const submitting = useSelector(auth, (st) => st.matches({ signedOut: 'submitting' }));
  const serverError = useSelector(auth, (st) => st.context.error);
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  // Back from the provider: the code and state, checked once against what this tab sent.
  const [arrival] = useState(() => {
    const query = new URLSearchParams(search);
    const code = query.get('code');
    const state = query.get('state');
    if (!code || !state) return undefined;
    const expected = sessionStorage.getItem(WX_STATE_KEY);
    return expected === state ? { code, state } : ('mismatch' as const);
  });
  const sent = useRef(false);

  useEffect(() => {
    // The code and state leave the address bar (and the history entry) at once; the state this
    // tab kept is spent either way.
    if (!arrival) return;
    sessionStorage.removeItem(WX_STATE_KEY);
    void navigate('/wx-login', { replace: true });
  }, [arrival, navigate]);

  // Once the auth machine takes a login: the social grant.
  useEffect(() => {
    if (!arrival || arrival === 'mismatch' || sent.current || !ready) return;
    sent.current = true;
    sessionStorage.removeItem(BIND_TICKET_KEY);
    auth.send({
      type: 'login.submit',
      tenantId: sessionStorage.getItem(WX_TENANT_KEY) ?? DEFAULT_TENANT_ID,
      username: '',
      password: '',
      grant: { type: 'social', source: 'wechat', ...arrival },
    });
  }, [arrival, ready, auth]);

  // An unbound WeChat account: the failed grant left a bind ticket.
  const returned = arrival !== undefined && arrival !== 'mismatch';
  useEffect(() => {
    if (returned && ready && serverError && sessionStorage.getItem(BIND_TICKET_KEY))
      void navigate('/wx-relate-phone', { replace: true });
  }, [returned, ready, serverError, navigate]);

  const start = async () => {
    setError(undefined);
    setLeaving(true);
    try {
      const tenantId = derivedTenant(tenant) ?? DEFAULT_TENANT_ID;
      const answer = await socialAuthorize(tenantId);
      sessionStorage.setItem(WX_STATE_KEY, answer.state);
      sessionStorage.setItem(WX_TENANT_KEY, tenantId);
      window.location.assign(answer.url);
    } catch (err) {
      setLeaving(false);
      setError((err as { message?: string }).message || t('common.errors.network'));
    }
  };

  const shownError =
    error ??
    (arrival === 'mismatch'
      ? t('auth.wx.stateMismatch')
      : returned && serverError
        ? messageText(t, serverError)
        : undefined);
  return (
    <AuthFrame heading={t('auth.wx.title')}>
      <div className={s.form}>
        {shownError && <ErrorNotice>{shownError}</ErrorNotice>}
        <PlainButton loading={leaving || submitting} onClick={() => void start()}>
          {submitting ? t('auth.wx.signingIn') : t('auth.wx.start')}
        </PlainButton>
        <Link to="/login" className={s.link}>
          {t('auth.backToLogin')}
        </Link>
      </div>
    </AuthFrame>
  );
}
