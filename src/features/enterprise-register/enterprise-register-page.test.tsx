import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderSignedIn, reply, fail } from '../../test/signed-in';
import { EnterpriseRegisterPage } from './enterprise-register-page';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[];
let submitAnswer: () => Response;

beforeEach(() => {
  sent = [];
  submitAnswer = () => reply(ok({ id: '1' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const text = typeof init?.body === 'string' ? init.body : '';
      sent.push({
        method: init?.method ?? 'GET',
        url,
        headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      if (url.includes('tenant/info')) return reply(ok({ tenantId: '000000' }));
      if (url.includes('oauth/public-key'))
        return reply(ok({ publicKey: '', pem: '', captcha: true }));
      if (url.includes('oauth/captcha'))
        return new Response(JSON.stringify({ key: 'cap-1', image: 'data:image/svg+xml;base64,' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (url.includes('enterprise-register/submit')) return submitAnswer();
      return reply(ok(null));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  renderSignedIn(
    <MemoryRouter>
      <EnterpriseRegisterPage />
    </MemoryRouter>,
    { notifications: false },
  );
}

const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

async function fillValid() {
  type(/企业名称/, '星河权益科技有限公司');
  type(/统一社会信用代码/, '91310000ma1k000001');
  type(/联系人/, '周联系');
  type(/联系电话/, '13912345678');
  type(/邮箱/, 'apply@example.com');
  fireEvent.click(screen.getByRole('textbox', { name: /供应类型/ }));
  fireEvent.click(await screen.findByRole('option', { name: '券码' }));
  type(/验证码/, 'ab12c');
}

const submits = () => sent.filter((s) => s.url.includes('enterprise-register/submit'));

describe('EnterpriseRegisterPage (issue 17 item 5)', () => {
  it("refuses a bad form with the contract's messages and sends nothing", async () => {
    renderPage();
    await screen.findByRole('textbox', { name: /验证码/ });
    type(/统一社会信用代码/, '12345');
    type(/联系电话/, '1391234');
    type(/邮箱/, 'nobody');
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请输入企业名称')).toBeTruthy();
    expect(screen.getByText('统一社会信用代码应为18位数字或大写字母')).toBeTruthy();
    expect(screen.getByText('请输入联系人')).toBeTruthy();
    expect(screen.getByText('请输入正确的手机号码')).toBeTruthy();
    expect(screen.getByText('请输入正确的邮箱地址')).toBeTruthy();
    expect(screen.getByText('请选择供应类型')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(submits()).toHaveLength(0);
  });

  it('sends the application with the tenant and the captcha, then says it was sent', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: /验证码/ });
    await waitFor(() => expect(sent.some((s) => s.url.includes('oauth/captcha'))).toBe(true));
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('申请已提交，请等待平台审核。')).toBeTruthy();
    const [call] = submits();
    expect(call!.method).toBe('POST');
    expect(call!.url).toContain('tenantId=000000');
    expect(call!.headers['captcha-key']).toBe('cap-1');
    expect(call!.headers['captcha-code']).toBe('ab12c');
    expect(call!.body).toEqual({
      companyName: '星河权益科技有限公司',
      creditCode: '91310000MA1K000001',
      contactName: '周联系',
      contactPhone: '13912345678',
      email: 'apply@example.com',
      supplyType: 1,
      remark: '',
    });
  });

  it("shows the server's refusal and a new captcha; a 429 says to wait", async () => {
    submitAnswer = () => reply(fail(409, 'creditCode:该统一社会信用代码已有待审核的申请'));
    renderPage();
    await screen.findByRole('textbox', { name: /验证码/ });
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '该统一社会信用代码已有待审核的申请',
    );
    await waitFor(() =>
      expect(sent.filter((s) => s.url.includes('oauth/captcha')).length).toBeGreaterThan(1),
    );
    submitAnswer = () => reply(fail(429, 'Rate limit exceeded'));
    type(/验证码/, 'x1y2z');
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('提交过于频繁，请稍后再试'),
    );
  });
});
