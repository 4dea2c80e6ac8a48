import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, reply, renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import MessagePlatformPage from './message-platform-page';
import WechatTencentPage from './wechat-tencent-page';

const DETAIL = {
  platform: 'wechat-tencent',
  config: {
    enabled: true,
    appId: 'wx1234567890abcdef',
    appSecret: '******',
    mchId: '1900000109',
    mchApiKey: '',
    v3ApiKey: '',
    certSerialNo: '',
    notifyUrl: 'https://pay.example.com/notify',
  },
  version: 3,
  updateUser: '42',
  updateUserName: '陈管理',
  updateTime: '2024-05-01 10:20:30',
};
const HELD = ['wechat_platform', 'wechat_platform_view', 'wechat_platform_edit'];

let calls: Call[] = [];
let answer: (call: Call) => unknown;
beforeEach(() => {
  calls = scriptFetch((call) => answer(call));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const details = () => calls.filter((c) => c.url.includes('/platform-setting/detail'));
const submits = () => calls.filter((c) => c.url.includes('/platform-setting/submit'));
const input = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

describe('platform configuration pages', { timeout: 30_000 }, () => {
  it('shows the configuration read-only with who changed it; Edit, then Ctrl+S saves with the secret left masked', async () => {
    answer = (call) => {
      if (call.url.includes('/platform-setting/detail')) return DETAIL;
      if (call.url.includes('/platform-setting/submit'))
        return {
          ...DETAIL,
          config: { ...DETAIL.config, appId: 'wxnewappid0000000' },
          version: 4,
          updateUserName: '王运营',
          updateTime: '2024-05-02 09:00:00',
        };
      return null;
    };
    renderSignedIn(<WechatTencentPage />, { permissions: HELD });
    expect(await screen.findByRole('heading', { name: '微信腾讯平台' })).toBeTruthy();
    expect(details()[0]!.url).toContain('platform=wechat-tencent');
    expect(await screen.findByText('最后修改：陈管理，2024-05-01 10:20:30')).toBeTruthy();
    expect(screen.getByText('wx1234567890abcdef')).toBeTruthy();
    expect(screen.getAllByText('已设置')).toHaveLength(1); // appSecret; the other secrets are unset
    expect(screen.queryByText('******')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const secret = input(/^AppSecret/);
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('未修改（留空保持不变）');
    expect(input(/商户API密钥/).placeholder).toBe('');
    const appId = input(/^AppID/);
    await waitFor(() => expect(document.activeElement?.getAttribute('type')).toBe('checkbox'));
    fireEvent.change(appId, { target: { value: 'wxnewappid0000000' } });
    fireEvent.keyDown(appId, { key: 's', ctrlKey: true });

    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(submits()).toHaveLength(1);
    expect(submits()[0]!.body).toEqual({
      platform: 'wechat-tencent',
      config: { ...DETAIL.config, appId: 'wxnewappid0000000', appSecret: '' },
      version: 3,
    });
    // Back to the view with the saved answer (no second request).
    expect(await screen.findByText('wxnewappid0000000')).toBeTruthy();
    expect(screen.getByText('最后修改：王运营，2024-05-02 09:00:00')).toBeTruthy();
    expect(details()).toHaveLength(1);
  });

  it('checks the fields before sending; Esc leaves the form without saving', async () => {
    answer = (call) => (call.url.includes('/platform-setting/detail') ? DETAIL : null);
    renderSignedIn(<WechatTencentPage />, { permissions: HELD });
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const url = input(/支付回调地址/);
    fireEvent.change(url, { target: { value: 'http://pay.example.com/notify' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('支付回调地址必须是 https 地址')).toBeTruthy();
    fireEvent.change(input(/^AppID/), { target: { value: '' } });
    fireEvent.change(url, { target: { value: 'https://pay.example.com/notify' } });
    fireEvent.keyDown(url, { key: 's', metaKey: true });
    expect(await screen.findByText('请输入AppID')).toBeTruthy();
    expect(submits()).toHaveLength(0);

    fireEvent.keyDown(url, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: '编辑' })).toBeTruthy();
    expect(screen.queryByLabelText(/支付回调地址/)).toBeNull();
    expect(screen.getByText('wx1234567890abcdef')).toBeTruthy();
  });

  it('a 409 says another user changed it; Reload loads the newer configuration', async () => {
    let version = 3;
    answer = (call) => {
      if (call.url.includes('/platform-setting/detail'))
        return { ...DETAIL, version, config: { ...DETAIL.config, appId: `wxversion${version}` } };
      if (call.url.includes('/platform-setting/submit'))
        return reply(fail(409, '数据已被其他用户修改，请刷新后重试'));
      return null;
    };
    renderSignedIn(<WechatTencentPage />, { permissions: HELD });
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    fireEvent.change(input(/^AppID/), { target: { value: 'wxmine' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('数据已被其他用户修改，请刷新后重试')).toBeTruthy();

    version = 4; // what the other user saved
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByText('wxversion4')).toBeTruthy();
    expect(details()).toHaveLength(2);
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
  });

  it('has no Edit button without the platform edit code', async () => {
    answer = (call) =>
      call.url.includes('/platform-setting/detail')
        ? {
            platform: 'message-platform',
            config: {
              enabled: false,
              provider: 'aliyun',
              accessKey: 'LTAI5t',
              secretKey: '',
              signName: '权益平台',
              templateCode: '',
            },
            version: 0,
            updateUser: '',
            updateUserName: '',
            updateTime: '',
          }
        : null;
    // The WeChat edit code does not open the message platform.
    renderSignedIn(<MessagePlatformPage />, {
      permissions: ['message_platform', 'message_platform_view', 'wechat_platform_edit'],
    });
    expect(await screen.findByRole('heading', { name: '短信平台' })).toBeTruthy();
    expect(await screen.findByText('阿里云')).toBeTruthy();
    expect(screen.getByText('尚未保存过配置')).toBeTruthy();
    expect(screen.getByText('未启用')).toBeTruthy();
    expect(screen.getByText('你可以查看该配置，但没有修改权限。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });
});
