import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type LoginRequest, type Session } from '../../../machines/auth-machine';
import { BIND_TICKET_KEY } from '../../api/auth-calls';
import { createAppStore } from '../../app/app-store';
import { ShellContext, type Shell } from '../../state/shell-context';
import { LoginPage } from './login-page';
import { WX_STATE_KEY, WxLoginPage } from './wx-login-page';
import { WxRelatePhonePage } from './wx-relate-phone-page';

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let fetchCalls: { url: string; body: string }[];
let failLogin: ((error: Error) => void) | undefined;

beforeEach(() => {
  fetchCalls = [];
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      fetchCalls.push({ url, body: typeof init?.body === 'string' ? init.body : '' });
      if (url.includes('send-login-validate'))
        return ok({ code: 200, success: true, data: {}, msg: '验证码已发送' });
      if (url.includes('tenant/info')) return ok({ code: 200, success: true, data: {}, msg: '' });
      return ok({ code: 200, success: true, data: {}, msg: '' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderWithShell(ui: ReactNode, path = '/login') {
  const calls: LoginRequest[] = [];
  const auth = createActor(
    authMachine.provide({
      actors: {
        login: fromPromise<Session, LoginRequest>(({ input }) => {
          calls.push(input);
          return new Promise<Session>((_resolve, reject) => {
            failLogin = reject;
          });
        }),
      },
    }),
    { input: { captchaMode: false, switchMode: false } },
  ).start();
  render(
    <Provider store={createAppStore()}>
      <ShellContext.Provider value={{ auth } as unknown as Shell}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={ui} />
            <Route path="/wx-login" element={ui} />
            <Route path="/wx-relate-phone" element={<p>relate page</p>} />
          </Routes>
        </MemoryRouter>
      </ShellContext.Provider>
    </Provider>,
  );
  return { calls };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const sends = () => fetchCalls.filter((c) => c.url.includes('send-login-validate'));

describe('login by phone code (issue 16 item 17)', () => {
  it('the phone tab checks the phone, sends the code, counts down 60 s, then logs in with verify_phone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { calls } = renderWithShell(<LoginPage />);
    fireEvent.click(screen.getByRole('radio', { name: '手机号登录' }));
    const button = () => screen.getByRole('button', { name: /获取验证码|秒后重新获取/ });

    fireEvent.click(button());
    expect(await screen.findByText('手机号不能为空')).toBeTruthy();
    type(/^手机号/, '1380000');
    fireEvent.click(button());
    expect(await screen.findByText('手机号长度不是11位')).toBeTruthy();
    expect(sends()).toHaveLength(0);

    type(/^手机号/, '13800000001');
    fireEvent.click(button());
    await screen.findByText('60秒后重新获取');
    expect(sends()).toHaveLength(1);
    expect(sends()[0]!.body).toContain('phone=13800000001');
    expect(sends()[0]!.url).not.toContain('13800000001');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    // Counting down: another press sends nothing, for the whole 60 seconds.
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(59_000));
    expect(button().textContent).toBe('1秒后重新获取');
    fireEvent.click(button());
    expect(sends()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(button().textContent).toBe('获取验证码');
    expect(button().getAttribute('aria-disabled')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入6位验证码')).toBeTruthy();
    type(/短信验证码/, '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.grant).toEqual({ type: 'verify_phone', phone: '13800000001', code: '123456' });
    act(() => failLogin?.(new Error('验证码不正确或已过期')));
    expect(await screen.findByText('验证码不正确或已过期')).toBeTruthy();
  });

  it('/wx-relate-phone binds with the ticket this tab kept, and says so when there is none', async () => {
    sessionStorage.setItem(BIND_TICKET_KEY, 'ticket-1');
    const { calls } = renderWithShell(<WxRelatePhonePage />, '/login');
    expect(screen.getByText('该微信尚未绑定账号，请验证手机号完成绑定')).toBeTruthy();
    type(/^手机号/, '13800000001');
    type(/短信验证码/, '654321');
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.grant).toEqual({
      type: 'verify_phone',
      phone: '13800000001',
      code: '654321',
      bindTicket: 'ticket-1',
    });
    cleanup();
    sessionStorage.clear();
    renderWithShell(<WxRelatePhonePage />, '/login');
    expect(screen.getByText('绑定已失效，请重新使用微信登录')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '绑定并登录' })).toBeNull();
  });

  it('/wx-login refuses a state this tab did not send, and goes to binding for an unbound account', async () => {
    sessionStorage.setItem(WX_STATE_KEY, 'state-mine');
    const forged = renderWithShell(<WxLoginPage />, '/wx-login?code=c1&state=state-other');
    expect(await screen.findByText('登录状态已失效，请重新登录')).toBeTruthy();
    expect(forged.calls).toHaveLength(0);
    cleanup();

    sessionStorage.setItem(WX_STATE_KEY, 'state-mine');
    const back = renderWithShell(<WxLoginPage />, '/wx-login?code=c2&state=state-mine');
    await waitFor(() => expect(back.calls).toHaveLength(1));
    expect(back.calls[0]!.grant).toEqual({
      type: 'social',
      source: 'wechat',
      code: 'c2',
      state: 'state-mine',
    });
    expect(sessionStorage.getItem(WX_STATE_KEY)).toBeNull();
    // The grant answers "not bound" with a ticket (auth-calls keeps it): on to binding.
    sessionStorage.setItem(BIND_TICKET_KEY, 'ticket-2');
    act(() => failLogin?.(new Error('该微信尚未绑定账号，请先绑定手机号')));
    expect(await screen.findByText('relate page')).toBeTruthy();
  });
});
