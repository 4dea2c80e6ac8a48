import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { newWindowUrl } from './new-window';
import { useAppSelector, useT } from './hooks';
import { redirectTarget } from '../features/auth/redirect-target';
import { useShell } from './shell-runtime';

/**
 * Route guard (spec section 2): no stored token -> /login; locked -> /lock; a forced password
 * change is done on the login page before anything else opens.
 */
export function RequireSession() {
  const { auth, lock } = useShell();
  const session = useAppSelector((s) => s.session.session);
  const mustChange = useSelector(auth, (s) => s.matches('passwordChangeRequired'));
  const locked = useSelector(lock, (s) => s.matches('locked'));
  const location = useLocation();
  if (!session || mustChange) {
    const from = location.pathname + location.search;
    return <Navigate to="/login" replace state={from !== '/wel/index' ? { from } : undefined} />;
  }
  if (locked) return <Navigate to="/lock" replace />;
  const popOut = newWindowUrl(location.pathname, location.search);
  if (popOut) return <OpenInNewWindow url={popOut} />;
  return <Outlet />;
}

/** Opens the page in a new window once and returns this window to where it was. */
function OpenInNewWindow({ url }: { url: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    window.open(url, '_blank', 'noopener,noreferrer');
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [url, navigate]);
  return null;
}

/** /login for someone already signed in goes to /. */
export function PublicOnly() {
  const { auth } = useShell();
  const signedIn = useSelector(auth, (s) => s.matches('signedIn'));
  const location = useLocation();
  return signedIn ? <Navigate to={redirectTarget(location.state)} replace /> : <Outlet />;
}

/** Render errors inside routes: a message instead of a white page, logged locally by the runtime. */
export function RootBoundary() {
  const error = useRouteError();
  const t = useT();
  return (
    <main role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1>500</h1>
      <p>{t('errors.pageFailed')}</p>
      <p style={{ color: '#888' }}>{error instanceof Error ? error.message : ''}</p>
      <a href="/">{t('common.backHome')}</a>
    </main>
  );
}
