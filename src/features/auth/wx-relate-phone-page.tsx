import { useState } from 'react';
import { Link } from 'react-router';
import { BIND_TICKET_KEY } from '../../api/auth-calls';
import { useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import s from './auth.module.css';
import { AuthFrame } from './auth-frame';
import { ErrorNotice } from './form-notice';
import { PhoneLoginForm } from './phone-login-form';
import { useDomainTenant } from './tenant-info';

/**
 * /wx-relate-phone (spec section 2; issue 16 item 17): a WeChat account no user holds is bound
 * by proving a phone with an SMS code; the phone's user is then signed in. The bind ticket comes
 * from this tab's failed social login (sessionStorage, never the URL).
 */
export function WxRelatePhonePage() {
  const t = useT();
  const { auth } = useShell();
  const tenant = useDomainTenant();
  const [ticket] = useState(() => sessionStorage.getItem(BIND_TICKET_KEY) ?? undefined);
  return (
    <AuthFrame heading={t('auth.wx.relateTitle')}>
      {ticket ? (
        <>
          <p className={s.dimmed}>{t('auth.wx.relateNotice')}</p>
          <PhoneLoginForm
            auth={auth}
            tenant={tenant}
            bindTicket={ticket}
            submitLabel="auth.wx.relateSubmit"
          />
        </>
      ) : (
        <ErrorNotice>{t('auth.wx.noTicket')}</ErrorNotice>
      )}
      <div className={s.links}>
        <Link to="/wx-login" className={s.link}>
          {t('auth.wx.retry')}
        </Link>
        <Link to="/login" className={s.link}>
          {t('auth.backToLogin')}
        </Link>
      </div>
    </AuthFrame>
  );
}
