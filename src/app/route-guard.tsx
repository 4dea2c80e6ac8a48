import { useSelector } from '@xstate/react';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { newWindowUrl } from './new-window';
import { useAppDispatch, useAppSelector, useT } from '../state/hooks';
import { sessionEndSeen } from '../state/session-slice';
import { redirectTarget } from '../features/auth/redirect-target';
import { recordDebugEntry } from '../features/debug-log/debug-log-store';
import { useShell } from '../state/shell-context';

/**
 * Route guard (spec section 2): no stored token -> /login; locked -> /lock; a forced password
 * change is done on the login page before anything else opens.
 */
export function RequireSession() {
  const { auth, lock } = useShell();
  const session = useAppSelector((s) => s.session.session);
  const ended = useAppSelector((s) => s.session.ended);
  const mustChange = useSelector(auth, (s) => s.matches('passwordChangeRequired'));
  const locked = useSelector(lock, (s) => s.matches('locked'));
  const location = useLocation();
  // A session that just ended is taken to /login by the shell runtime: one navigation only
  // (the store update renders before the router's transition does).
  if (!session && ended) return null;
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
  const ended = useAppSelector((s) => s.session.ended);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (ended) dispatch(sessionEndSeen());
  }, [ended, dispatch]);
  const signedIn = useSelector(auth, (s) => s.matches('signedIn'));
  const location = useLocation();
  return signedIn ? <Navigate to={redirectTarget(location.state)} replace /> : <Outlet />;
}

/**
 * Render errors inside routes (a failed chunk load among them): a message instead of a white
 * page, recorded in the local debug log. Leaving the broken page clears it. Not keyed by path:
 * a key would remount the whole console on every navigation and lose the kept-alive pages.
 */
export function RootBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RenderErrorBoundary pathname={pathname}>{children}</RenderErrorBoundary>;
}

interface BoundaryState {
  error: unknown;
  /** The path the error happened on. */
  at: string;
}

class RenderErrorBoundary extends Component<
  { children: ReactNode; pathname: string },
  BoundaryState
> {
  override state: BoundaryState = { error: undefined, at: '' };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('') };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    // Another page: render again (after an error, that page is tried afresh).
    return state.at === props.pathname ? null : { error: undefined, at: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    recordDebugEntry({
      type: 'error',
      url: location.pathname,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? (error.stack ?? '') : '',
      info: info.componentStack ?? '',
    });
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RenderError error={this.state.error} />;
  }
}

function RenderError({ error }: { error: unknown }) {
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
