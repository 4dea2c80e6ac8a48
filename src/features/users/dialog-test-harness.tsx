import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { installApi } from '../../app/install-api';
import { sessionStored } from '../../app/session-slice';
import { createStore } from '../../app/store';
import type { User } from '../../resources/blade-user/user';

/**
 * What the users screen's dialog tests share (tests only): a scripted server (answers per
 * request, every request recorded with its decoded body) and a signed-in store around the
 * dialog under test.
 */
// jsdom has no scrollIntoView; Mantine's comboboxes call it on the active option.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

export interface Call {
  method: string;
  /** Path and query, e.g. '/api/blade-user/grant?userIds=1&roleIds=2'. */
  url: string;
  body: unknown;
}

/** An answer: `data` of a success envelope, or a failure with the server's message. */
export type Answer = { data: unknown } | { status: number; msg: string };

export const calls: Call[] = [];
let answer: (call: Call) => Answer | Promise<Answer> = () => ({ data: null });

export const ok = (data: unknown): Answer => ({ data });
export const fail = (msg: string, status = 400): Answer => ({ status, msg });

/** Replaces fetch; `respond` picks the answer per request. */
export function scriptServer(respond: (call: Call) => Answer | Promise<Answer>): void {
  calls.length = 0;
  answer = respond;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const text = typeof init?.body === 'string' ? init.body : '';
      const call: Call = {
        method,
        url: decodeURIComponent(url),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const a = await answer(call);
      const [status, body] =
        'data' in a
          ? [200, { code: 200, success: true, data: a.data, msg: '操作成功' }]
          : [a.status, { code: a.status, success: false, data: null, msg: a.msg }];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

/** The writes the dialog sent (every POST). */
export const posts = () => calls.filter((c) => c.method === 'POST');

/** Renders `element` signed in, with Mantine (test env: no transitions) and notifications. */
export function renderSignedIn(element: ReactElement, cryptoKey = '') {
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
      crypto_key: cryptoKey,
      storedAt: Date.now(),
    }),
  );
  return render(
    <Provider store={store}>
      <MantineProvider env="test">
        <Notifications />
        {element}
      </MantineProvider>
    </Provider>,
  );
}

/** A user row as blade-user/page lists it (embedded server, see server tests). */
export function userRow(fields: Partial<User> = {}): User {
  return {
    id: '1001',
    account: 'operator',
    name: '小运',
    realName: '王运营',
    code: 'U0009',
    phone: '',
    email: 'op@example.com',
    sex: 1,
    birthday: '1990-01-02 00:00:00',
    roleId: '11',
    deptId: '21',
    postId: '',
    roleName: '运营',
    deptName: '运营部',
    postName: '',
    userType: 1,
    userTypeName: 'WEB',
    status: 1,
    statusName: '正常',
    createTime: '2026-01-05 09:30:00',
    version: 3,
    ...fields,
  };
}
