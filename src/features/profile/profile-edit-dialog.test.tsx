import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import { ProfileEditDialog } from './profile-edit-dialog';

const ok = (data: unknown, msg = '操作成功') =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
let posts: { url: string; body: string }[];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST')
        posts.push({ url, body: typeof init.body === 'string' ? init.body : '' });
      if (url.includes('blade-user/info'))
        return ok({
          id: '1',
          account: 'sales',
          realName: '',
          name: '',
          nativePlace: '',
          birthday: '',
          phone: '',
          email: '',
          idCardFront: [],
          idCardBack: [],
        });
      if (url.includes('send-validate')) return ok({}, '验证码已发送');
      return ok({});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const open = async () => {
  renderSignedIn(<ProfileEditDialog opened onClose={() => {}} />, { notifications: false });
  const dialog = await screen.findByRole('dialog', { name: '修改个人资料' });
  await within(dialog).findByRole('textbox', { name: /真实姓名/ });
  return dialog;
};
const type = (dialog: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

describe('ProfileEditDialog (issue 16 item 16)', () => {
  it('requires every field, the ID photos included, and sends nothing until then', async () => {
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    for (const text of [
      '请输入真实姓名',
      '请输入用户名称',
      '请输入籍贯',
      '请选择出生日期',
      '请上传身份证正面照片',
      '请上传身份证反面照片',
      '手机号不能为空',
      '请输入手机验证码',
      '请输入邮箱',
      '请输入邮箱验证码',
    ])
      expect(await within(dialog).findByText(text)).toBeTruthy();
    expect(posts).toHaveLength(0);
    // The phone check's wording (spec section 5).
    type(dialog, /^手机号/, '1380000');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('手机号长度不是11位')).toBeTruthy();
  });

  it('the phone code button counts down 60 s, staying focusable, then is available again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const dialog = await open();
    const codeButtons = () =>
      within(dialog).getAllByRole('button', { name: /获取验证码|秒后重新获取/ });
    // No phone yet: the button says why and sends nothing.
    fireEvent.click(codeButtons()[0]!);
    expect(await within(dialog).findByText('手机号不能为空')).toBeTruthy();
    expect(posts).toHaveLength(0);

    type(dialog, /^手机号/, '13700000009');
    codeButtons()[0]!.focus();
    fireEvent.click(codeButtons()[0]!);
    await waitFor(() => expect(codeButtons()[0]!.textContent).toBe('60秒后重新获取'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toContain('blade-user/send-validate');
    expect(posts[0]!.body).toBe('type=phone&target=13700000009');
    const phoneButton = codeButtons()[0]!;
    expect(phoneButton.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(phoneButton);
    fireEvent.click(phoneButton);
    act(() => vi.advanceTimersByTime(59_000));
    expect(phoneButton.textContent).toBe('1秒后重新获取');
    fireEvent.click(phoneButton);
    expect(posts).toHaveLength(1);
    // The e-mail button is its own countdown.
    expect(codeButtons()[1]!.textContent).toBe('获取验证码');
    act(() => vi.advanceTimersByTime(1_000));
    expect(phoneButton.textContent).toBe('获取验证码');
    expect(phoneButton.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(phoneButton);
    await waitFor(() => expect(posts).toHaveLength(2));
  });
});
