import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { installApi } from '../../app/install-api';
import { sessionStored } from '../../app/session-slice';
import { createStore } from '../../app/store';
import type { Tenant } from '../../resources/blade-system/tenant';

/** Test-only helpers of the tenant dialogs: a signed-in store and a scripted fetch. */

export interface Answer {
  status: number;
  body: unknown;
}

export const ok = (data: unknown = null): Answer => ({
  status: 200,
  body: { code: 200, success: true, data, msg: '操作成功' },
});

export const fail = (status: number, msg: string): Answer => ({
  status,
  body: { code: status, success: false, msg },
});

export interface Sent {
  method: string;
  /** Path after /api/ without the query. */
  path: string;
  params: Record<string, string>;
}

/**
 * Answers by path: each path has a queue; an empty queue waits until `release(path)` is given an
 * answer (to look at the dialog while a request is in flight).
 */
export function scriptFetch() {
  const queues = new Map<string, Answer[]>();
  const waiting = new Map<string, (a: Answer) => void>();
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://console.test');
      const path = url.pathname.replace(/^\/api\//, '');
      sent.push({
        method: init?.method ?? 'GET',
        path,
        params: Object.fromEntries(url.searchParams),
      });
      const next =
        queues.get(path)?.shift() ??
        (await new Promise<Answer>((resolve) => waiting.set(path, resolve)));
      return new Response(JSON.stringify(next.body), {
        status: next.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    sent,
    answer(path: string, ...answers: Answer[]) {
      queues.set(path, [...(queues.get(path) ?? []), ...answers]);
    },
    release(path: string, answer: Answer) {
      const resolve = waiting.get(path);
      waiting.delete(path);
      resolve?.(answer);
    },
    posts: () => sent.filter((s) => s.method === 'POST'),
  };
}

export function renderWithStore(ui: ReactElement) {
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
      role_id: '',
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

export const tenant = (over: Partial<Tenant> = {}): Tenant => ({
  id: '1900000000000000001',
  tenantId: '204816',
  tenantName: '星河零售',
  domain: null,
  backgroundUrl: null,
  linkman: '王五',
  contactNumber: '13800000000',
  address: null,
  accountNumber: 20,
  expireTime: '2030-06-30 23:59:59',
  packageId: null,
  packageName: null,
  datasourceId: null,
  createTime: '2026-01-02 10:00:00',
  ...over,
});
