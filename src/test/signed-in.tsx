import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { installApi } from '../app/install-api';
import { sessionStored } from '../state/session-slice';
import { createAppStore } from '../app/app-store';
import type { StoredSession } from '../contracts/auth';
import { PermissionsProvider } from '../state/permissions-context';

/**
 * Test-only (no console code imports this): the signed-in console around a component under
 * test, and a scripted server behind `fetch`.
 */

export type TestStore = ReturnType<typeof createAppStore>;

/** A store with the API installed and the administrator of tenant 000000 signed in. */
export function signedInStore(session: Partial<StoredSession> = {}): TestStore {
  const store = createAppStore();
  installApi(store);
  store.dispatch(
    sessionStored({
      access_token: 'token',
      refresh_token: 'refresh',
      expires_in: 3600,
      user_id: '1',
      user_name: 'admin',
      nick_name: 'admin',
      real_name: '管理员',
      role_name: 'administrator',
      avatar: '',
      account: 'admin',
      dept_id: '',
      role_id: '',
      tenant_id: '000000',
      must_change_password: false,
      crypto_key: '',
      storedAt: Date.now(),
      ...session,
    }),
  );
  return store;
}

export interface SignedInOptions {
  /** Fields of the signed-in session that differ from `signedInStore()`'s. */
  session?: Partial<StoredSession>;
  /** The store to render with (made by `signedInStore(session)` when not given). */
  store?: TestStore;
  /** The permission codes the user holds; without them no PermissionsProvider is rendered. */
  permissions?: Iterable<string>;
  /** Render the notification stack (toasts); true unless told otherwise. */
  notifications?: boolean;
}

/**
 * Renders `ui` signed in: Redux, Mantine (test env: no transitions), notifications (unless
 * `notifications: false`) and, when given, the held permission codes. Returns the store.
 */
export function renderSignedIn(
  ui: ReactNode,
  {
    session,
    store = signedInStore(session),
    permissions,
    notifications = true,
  }: SignedInOptions = {},
): TestStore {
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        {notifications && <Notifications />}
        {permissions ? (
          <PermissionsProvider value={new Set(permissions)}>{ui}</PermissionsProvider>
        ) : (
          ui
        )}
      </MantineProvider>
    </Provider>,
  );
  return store;
}

/** A request the console sent: method, path with query, and the decoded JSON body. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A whole answer: HTTP status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** A success envelope around `data`. */
export const ok = (data: unknown = null): Answer => ({
  status: 200,
  body: { code: 200, success: true, data, msg: '操作成功' },
});

/** A failure envelope with the server's message. */
export const fail = (status: number, msg: string): Answer => ({
  status,
  body: { code: status, success: false, msg },
});

/** The Response of an answer (a new one each time: a body is read once). */
export function reply({ status, body }: Answer): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch: every request is recorded, then `answer` picks the reply: a Response as it is,
 * anything else as the `data` of a success envelope. Returns the recorded calls.
 */
export function scriptFetch(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const text = typeof init?.body === 'string' ? init.body : '';
      const call: Call = {
        method: init?.method ?? 'GET',
        url,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const answered: unknown = await answer(call);
      return answered instanceof Response ? answered : reply(ok(answered));
    }),
  );
  return calls;
}
