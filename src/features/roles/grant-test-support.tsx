import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { installApi } from '../../app/install-api';
import { sessionStored } from '../../app/session-slice';
import { createStore } from '../../app/store';

/** Test helpers of the grant dialogs: a fetch answering by path, and a signed-in store. */

export interface Answer {
  status: number;
  body: unknown;
}

export const ok = (data: unknown): Answer => ({
  status: 200,
  body: { code: 200, success: true, data, msg: '操作成功' },
});

export const fail = (status: number, msg: string): Answer => ({
  status,
  body: { code: status, success: false, msg },
});

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs fetch: each path (without the query) answers from its queue, the last answer repeating;
 * a path whose queue holds a function waits for it. Returns what was sent.
 */
export function stubApi(routes: Record<string, Answer[]>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api\//, '').replace(/\?.*$/, '');
      sent.push({
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const queue = routes[path];
      const answer = queue && (queue.length > 1 ? queue.shift()! : queue[0]);
      const { status, body } = answer ?? fail(404, 'not stubbed: ' + path);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

export function renderSignedIn(ui: ReactNode, roleId = '1') {
  const store = createStore();
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
      role_id: roleId,
      tenant_id: '000000',
      must_change_password: false,
      crypto_key: '',
      storedAt: Date.now(),
    }),
  );
  render(
    <Provider store={store}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </Provider>,
  );
  return store;
}
