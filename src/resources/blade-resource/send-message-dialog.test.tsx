import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmsSetting } from '../../contracts/blade-resource/sms';
import { fail, ok, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { paramsProblem, phonesProblem, splitPhones } from './sms-message-input';
import SendMessageDialog from './send-message-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SEND = '/api/blade-resource/sms/endpoint/send-message';

const setting = (over: Partial<SmsSetting> = {}): SmsSetting => ({
  id: '1900000000000000101',
  category: 3,
  categoryName: '阿里云',
  smsCode: 'ali',
  templateId: 'SMS_001',
  accessKey: 'LTAI-access',
  secretKey: '******',
  regionId: null,
  signName: '权益平台',
  remark: null,
  status: 2,
  version: 1,
  createTime: '2026-01-02 10:00:00',
  ...over,
});

/** The server: every request recorded, answered by `answer`. */
function server(answer: (call: Call) => ReturnType<typeof ok>) {
  return scriptFetch((call) => reply(answer(call)));
}

const phones = () => screen.getByRole('textbox', { name: /手机号/ });
const params = () => screen.getByRole('textbox', { name: '模板参数' });
const send = () => screen.getByRole('button', { name: '发送' });

describe('SendMessageDialog', () => {
  it("sends the row's setting to every typed phone once, with the parameters", async () => {
    const calls = server(() => ok({ success: true, count: 2 }));
    const onClose = vi.fn();
    renderSignedIn(<SendMessageDialog rows={[setting()]} onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: '发送短信' });
    expect(within(dialog).getByText('短信配置：ali（模板 SMS_001）')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phones()));
    fireEvent.change(phones(), { target: { value: '13800000001\n13800000002，13800000001' } });
    fireEvent.change(params(), { target: { value: '{"code":"1234"}' } });
    fireEvent.click(send());

    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: SEND,
        body: { code: 'ali', phones: '13800000001,13800000002', params: '{"code":"1234"}' },
      },
    ]);
    expect(await screen.findByText('已发送 2 条短信')).toBeTruthy();
  });

  it('checks the phones and parameters before sending anything', async () => {
    const calls = server(() => ok());
    const onClose = vi.fn();
    renderSignedIn(<SendMessageDialog rows={[setting()]} onClose={onClose} />);

    fireEvent.click(send());
    expect(await screen.findByText('请输入手机号')).toBeTruthy();

    fireEvent.change(phones(), { target: { value: '13800000001, 1380000' } });
    fireEvent.change(params(), { target: { value: 'code=1234' } });
    fireEvent.click(send());
    expect(await screen.findByText('手机号格式不正确：1380000')).toBeTruthy();
    expect(screen.getByText('模板参数必须是JSON对象，例如 {"code":"1234"}')).toBeTruthy();

    // Editing a field clears its message.
    fireEvent.change(phones(), { target: { value: '13800000001' } });
    expect(screen.queryByText('手机号格式不正确：1380000')).toBeNull();
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("sends with the tenant's enabled setting from the toolbar; a refusal keeps the dialog open", async () => {
    const calls = server(() => fail(400, '未启用短信配置'));
    const onClose = vi.fn();
    renderSignedIn(<SendMessageDialog rows={[]} onClose={onClose} />, { notifications: false });

    expect(screen.getByText('使用本租户已启用的短信配置发送')).toBeTruthy();
    fireEvent.change(phones(), { target: { value: '13800000001' } });
    fireEvent.click(send());

    expect((await screen.findByRole('alert')).textContent).toBe('未启用短信配置');
    expect(calls[0]?.body).toEqual({ phones: '13800000001', params: '' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it("shows a field refusal of the server without the field's name", async () => {
    server(() => fail(400, 'phones:一次最多发送100个手机号'));
    renderSignedIn(<SendMessageDialog rows={[setting()]} onClose={vi.fn()} />, {
      notifications: false,
    });
    fireEvent.change(phones(), { target: { value: '13800000001' } });
    fireEvent.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe('一次最多发送100个手机号');
  });
});

describe('message input rules', () => {
  it('splits on commas, semicolons and white space, dropping repeats', () => {
    expect(splitPhones(' 13800000001；13800000002 ,\n13800000001 ')).toEqual([
      '13800000001',
      '13800000002',
    ]);
  });

  it('allows at most 100 numbers of 11 digits starting with 1', () => {
    const many = Array.from({ length: 101 }, (_, i) => `139${String(i).padStart(8, '0')}`);
    expect(phonesProblem(many)?.key).toBe('systemSettings.sms.phonesTooMany');
    expect(phonesProblem(many.slice(0, 100))).toBeUndefined();
    expect(phonesProblem(['23800000000'])?.params).toEqual({ phone: '23800000000' });
  });

  it('takes empty parameters or a JSON object of plain values', () => {
    expect(paramsProblem('  ')).toBeUndefined();
    expect(paramsProblem('{"code":"1","n":2}')).toBeUndefined();
    for (const bad of ['[1]', 'null', '"x"', '{"a":{"b":1}}', '{'])
      expect(paramsProblem(bad), bad).toBeDefined();
  });
});
