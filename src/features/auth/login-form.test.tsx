import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type LoginRequest, type Session } from '../../../machines/auth-machine';
import { createAppStore } from '../../app/app-store';
import { LoginForm } from './login-form';
import type { LoginValues } from './login-rules';
import type { TenantLookup } from './tenant-field';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(tenant: TenantLookup = { status: 'done', tenantId: undefined }) {
  const calls: LoginRequest[] = [];
  let pending = deferred<Session>();
  const auth = createActor(
    authMachine.provide({
      actors: {
        loadCaptcha: fromPromise(async () => ({ key: 'k1', image: 'data:image/png;base64,AA==' })),
        login: fromPromise(({ input }) => {
          calls.push(input);
          return pending.promise;
        }),
      },
    }),
    { input: { captchaMode: true, switchMode: false } },
  ).start();
  function Harness() {
    const [values, setValues] = useState<LoginValues>({
      tenantId: '000000',
      username: '',
      password: '',
      captchaCode: '',
    });
    return (
      <LoginForm
        auth={auth}
        values={values}
        onChange={(p) => setValues((v) => ({ ...v, ...p }))}
        tenant={tenant}
      />
    );
  }
  render(
    <Provider store={createAppStore()}>
      <Harness />
    </Provider>,
  );
  return {
    auth,
    calls,
    fail(message: string) {
      pending.reject(new Error(message));
      pending = deferred<Session>();
    },
  };
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginForm', () => {
  it('prompts for empty fields and sends nothing', async () => {
    const { calls } = setup();
    await screen.findByAltText('验证码图片');
    type(/租户ID/, '');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入租户ID')).toBeTruthy();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('hides the tenant field when the domain names the tenant and sends that tenant', async () => {
    const { calls } = setup({ status: 'done', tenantId: '100001' });
    await screen.findByAltText('验证码图片');
    expect(screen.queryByLabelText(/租户ID/)).toBeNull();
    type(/用户名/, 'admin');
    type(/^密码/, 'Demo@2026');
    type(/^验证码/, 'abcd');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(calls).toEqual([
      {
        tenantId: '100001',
        username: 'admin',
        password: 'Demo@2026',
        captchaCode: 'abcd',
        captchaKey: 'k1',
      },
    ]);
  });

  it('sends one request however often it is submitted, then shows the error and keeps input', async () => {
    const { calls, fail } = setup();
    await screen.findByAltText('验证码图片');
    type(/用户名/, 'admin');
    type(/^密码/, 'wrong');
    type(/^验证码/, 'abcd');
    const button = screen.getByRole('button', { name: '登录' });
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    fireEvent.click(button);
    expect(calls).toHaveLength(1);
    await act(async () => fail('用户名或密码错误'));
    expect((await screen.findByRole('alert')).textContent).toContain('用户名或密码错误');
    expect((screen.getByLabelText(/用户名/) as HTMLInputElement).value).toBe('admin');
    expect((screen.getByLabelText(/^密码/) as HTMLInputElement).value).toBe('wrong');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '登录' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('translates an error that is a message key', async () => {
    const { fail } = setup();
    await screen.findByAltText('验证码图片');
    type(/用户名/, 'admin');
    type(/^密码/, 'x');
    type(/^验证码/, 'abcd');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await act(async () => fail(''));
    expect((await screen.findByRole('alert')).textContent).toContain('用户名或密码错误');
  });
});
