import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { authMachine, type Session } from '../../machines/auth-machine';
import { lockMachine, type LockSecret } from '../../machines/lock-machine';
import { tabsMachine } from '../../machines/tabs-machine';
import { tokenRefreshMachine } from '../../machines/token-refresh-machine';
import {
  encryptLoginPassword,
  fetchCaptcha,
  fetchPublicKey,
  requestLogout,
  requestGrantToken,
  requestToken,
  type GrantRequest,
} from '../api/auth-calls';
import { apiRequest, lastRefreshRefusal, refreshSession } from '../api/client';
import { onApiEvent } from '../api/events';
import { isStoredSession } from '../contracts/auth';
import { apiEntryType, recordDebugEntry } from '../features/debug-log/debug-log-store';
import { isLockSecret, hashLockPassword, verifyLockPassword } from '../lib/lock-secret';
import { encryptPassword } from '../lib/rsa';
import {
  isBoolean,
  isRecord,
  readJson,
  writeJson,
  removeKey,
  STORAGE_PREFIX,
} from '../lib/storage';
import {
  loadStoredSession,
  persistSession,
  runSessionClearedHooks,
  SESSION_KEY,
  sessionCleared,
  sessionEndExplained,
  sessionStored,
  type SessionEndReason,
} from '../state/session-slice';
import type { AppStore } from '../state/store';
import {
  HOME_TAB,
  ShellContext,
  SWITCH_MODE,
  type AuthActor,
  type LockActor,
  type Shell,
  type TabsActor,
} from '../state/shell-context';

const LOCK_KEY = 'lock';
const LOCK_CHANNEL = 'quanyi-lock';

interface StoredLock {
  locked: boolean;
  secret?: LockSecret;
}
const isStoredLock = (v: unknown): v is StoredLock =>
  isRecord(v) && isBoolean(v.locked) && (v.secret === undefined || isLockSecret(v.secret));

interface Router {
  navigate(to: string, options?: { replace?: boolean }): unknown;
}

/**
 * Creates the session machines with their real effects (design.md convention 3: machines are
 * pure, effects are provided here at the edge) and keeps them for the page's lifetime. The
 * lock and token-refresh actors belong to one session and are replaced on every login.
 */
class ShellRuntimeImpl {
  readonly auth: AuthActor;
  readonly tabs: TabsActor;
  lock!: LockActor;
  private refresh: ActorRefFrom<typeof tokenRefreshMachine> | undefined;
  private readonly channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOCK_CHANNEL) : undefined;
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly store: AppStore,
    private readonly router: Router,
    private readonly captchaMode: boolean,
  ) {
    this.tabs = createActor(tabsMachine, { input: { home: HOME_TAB } });
    this.lock = this.createLock(readJson(LOCK_KEY, isStoredLock) ?? { locked: false });
    const restored = loadStoredSession();
    this.auth = createActor(
      authMachine.provide({
        actors: {
          loadCaptcha: fromPromise(() => fetchCaptcha()),
          login: fromPromise(async ({ input }) => {
            if (input.grant) {
              // A phone code or WeChat login (issue 16 item 17).
              const { type, ...grant } = input.grant;
              const token = await requestGrantToken({
                grant: type,
                tenantId: input.tenantId,
                ...grant,
              } as GrantRequest);
              return { ...token, storedAt: Date.now() } satisfies Session;
            }
            const password = await encryptLoginPassword(input.password).catch(
              (err: { message?: string }) => {
                throw new Error(err.message ?? '');
              },
            );
            const token = await requestToken({ ...input, password }, this.captchaMode).catch(
              (err: { message?: string }) => {
                throw new Error(err.message ?? '');
              },
            );
            return { ...token, storedAt: Date.now() } satisfies Session;
          }),
          changePassword: fromPromise(async ({ input }) => {
            const key = await fetchPublicKey();
            const [oldPassword, newPassword, newPassword1] = await Promise.all(
              [input.oldPassword, input.newPassword, input.newPassword1].map((p) =>
                encryptPassword(key, p),
              ),
            );
            await apiRequest({
              url: 'blade-user/update-password',
              method: 'POST',
              form: { oldPassword, newPassword, newPassword1 },
              silent: true,
            }).catch((err: { message?: string }) => {
              throw new Error(err.message ?? '');
            });
          }),
          switchIdentity: fromPromise(async ({ input }) => {
            const current = this.store.getState().session.session;
            if (!current) throw new Error('');
            const token = await apiRequest<Session>({
              url: 'blade-auth/oauth/token',
              method: 'POST',
              form: {
                grant_type: 'refresh_token',
                refresh_token: current.refresh_token,
                tenantId: current.tenant_id,
                scope: 'all',
              },
              headers: { 'Dept-Id': input.deptId, 'Role-Id': input.roleId },
              kind: 'oauth',
              auth: false,
              silent: true,
            });
            return { ...token, storedAt: Date.now() };
          }),
          logout: fromPromise(() => requestLogout()),
        },
        actions: {
          storeSession: (_, { session }) => defer(() => this.storeSession(session)),
          clearSession: () => defer(() => this.clearSession()),
        },
      }),
      {
        input: {
          ...(restored ? { session: restored } : {}),
          captchaMode,
          switchMode: SWITCH_MODE,
        },
      },
    );
  }

  private createLock(initial: StoredLock): LockActor {
    const actor = createActor(
      lockMachine.provide({
        actors: {
          hashSecret: fromPromise(({ input }) => hashLockPassword(input.password)),
          verifySecret: fromPromise(({ input }) =>
            verifyLockPassword(input.password, input.secret),
          ),
        },
        actions: {
          persist: ({ context }, { locked }) =>
            writeJson(LOCK_KEY, { locked, secret: context.secret }),
          broadcast: ({ context }, { locked }) =>
            this.channel?.postMessage({ locked, secret: context.secret }),
          logout: () => defer(() => this.auth.send({ type: 'logout' })),
        },
      }),
      { input: { locked: initial.locked, ...(initial.secret ? { secret: initial.secret } : {}) } },
    );
    return actor;
  }

  /** The server ended the session: /login will say why. */
  private endSession(reason: SessionEndReason): void {
    this.store.dispatch(sessionEndExplained(reason));
    this.auth.send({ type: 'session.expired' });
  }

  private startRefresh(storedAt: number): void {
    this.refresh?.stop();
    this.refresh = createActor(
      tokenRefreshMachine.provide({
        actors: {
          refresh: fromPromise(async () => {
            const next = await refreshSession();
            if (!next) throw new Error('refresh failed');
            return { storedAt: next.storedAt };
          }),
        },
        actions: { sessionExpired: () => defer(() => this.endSession(lastRefreshRefusal())) },
      }),
      { input: { storedAt } },
    );
    this.refresh.start();
  }

  private storeSession(session: Session): void {
    const previous = this.store.getState().session.session;
    persistSession(session);
    this.store.dispatch(sessionStored(session));
    this.startRefresh(session.storedAt);
    if (!previous || previous.user_id !== session.user_id) {
      // Spec section 4: login clears tabs and lock.
      this.tabs.send({ type: 'tabs.reset' });
      this.resetLock();
    }
  }

  private clearSession(): void {
    this.refresh?.stop();
    this.refresh = undefined;
    persistSession(undefined);
    this.store.dispatch(sessionCleared());
    runSessionClearedHooks();
    this.tabs.send({ type: 'tabs.reset' });
    this.resetLock();
    this.router.navigate('/login', { replace: true });
  }

  private resetLock(): void {
    removeKey(LOCK_KEY);
    this.lock.stop();
    this.lock = this.createLock({ locked: false });
    this.lock.start();
    this.notify();
  }

  start(): void {
    this.tabs.start();
    this.lock.start();
    this.auth.start();
    const session = this.store.getState().session.session;
    if (session) this.startRefresh(session.storedAt);

    this.cleanups.push(
      onApiEvent((event) => {
        if (event.type === 'session.expired') this.endSession(event.reason);
        else if (event.type === 'forbidden') showError(event.message);
        else if (event.type === 'error') showError(event.message);
        else if (event.type === 'failed') {
          recordDebugEntry({
            type: apiEntryType(event.status),
            url: event.url,
            message: `${String(event.status)} ${event.message}`,
            stack: '',
            info: '',
          });
        }
      }),
    );

    // Other tabs: session written or removed in storage, lock changes on the channel.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORAGE_PREFIX + SESSION_KEY) return;
      if (e.newValue === null) {
        this.auth.send({ type: 'session.remoteLogout' });
        return;
      }
      const next = readJson(SESSION_KEY, isStoredSession);
      if (next) {
        this.store.dispatch(sessionStored(next));
        this.refresh?.send({ type: 'token.stored', storedAt: next.storedAt });
      }
    };
    window.addEventListener('storage', onStorage);
    this.cleanups.push(() => window.removeEventListener('storage', onStorage));
    if (this.channel) {
      const onMessage = (e: MessageEvent) => {
        if (isStoredLock(e.data)) {
          this.lock.send({
            type: 'lock.remote',
            locked: e.data.locked,
            ...(e.data.secret ? { secret: e.data.secret } : {}),
          });
        }
      };
      this.channel.addEventListener('message', onMessage);
      this.cleanups.push(() => this.channel?.removeEventListener('message', onMessage));
    }

    // Uncaught errors go to the local debug log (spec section 8).
    const onError = (e: ErrorEvent) =>
      recordDebugEntry({
        type: 'error',
        url: location.pathname,
        message: String(e.message),
        stack: String(e.error?.stack ?? ''),
        info: '',
      });
    const onRejection = (e: PromiseRejectionEvent) =>
      recordDebugEntry({
        type: 'unhandledrejection',
        url: location.pathname,
        message: String(e.reason?.message ?? e.reason),
        stack: String(e.reason?.stack ?? ''),
        info: '',
      });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    this.cleanups.push(() => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    });
  }

  stop(): void {
    this.cleanups.splice(0).forEach((c) => c());
    this.refresh?.stop();
    this.auth.stop();
    this.lock.stop();
    this.tabs.stop();
    this.channel?.close();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    this.listeners.forEach((l) => l());
  }

  get shell(): Shell {
    return { auth: this.auth, lock: this.lock, tabs: this.tabs };
  }
}

/** Toasts load with the signed-in shell; the login page shows its errors inline. */
function showError(message: string): void {
  void import('../components/toast').then(({ toast }) => toast('error', message));
}

/**
 * Effects that touch other actors or the store run after the current machine step: XState
 * forbids starting another actor's transitions from inside a custom action.
 */
function defer(effect: () => void): void {
  queueMicrotask(effect);
}

/**
 * Starts the session machines once the login settings are known. `captchaMode` is fetched by
 * main.tsx before React renders (captcha mode is the server's setting; when the server does not
 * answer quickly the spec's default, on, applies), so the request overlaps the first render.
 */
export function ShellRuntime({
  captchaMode,
  children,
}: {
  captchaMode: Promise<boolean>;
  children: ReactNode;
}) {
  const store = useStore() as AppStore;
  const navigate = useNavigate();
  // The runtime outlives renders; it navigates through whatever navigate is current.
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  const [shell, setShell] = useState<Shell | null>(null);
  useEffect(() => {
    // Created in the effect (not in render) so StrictMode's mount-unmount-mount gets a fresh,
    // running set of actors instead of stopped ones.
    let runtime: ShellRuntimeImpl | undefined;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const router: Router = {
      navigate: (to, options) => navigateRef.current(to, options),
    };
    void captchaMode.then((captcha) => {
      if (cancelled) return;
      const r = new ShellRuntimeImpl(store, router, captcha);
      runtime = r;
      r.start();
      setShell(r.shell);
      unsubscribe = r.subscribe(() => setShell(r.shell));
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
      runtime?.stop();
    };
  }, [store, captchaMode]);
  if (!shell) return null;
  return <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>;
}
