import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import PlatformDialog from './platform-dialog';
import {
  calls,
  fail,
  ok,
  posts,
  scriptServer,
  userRow,
  type Answer,
  type Call,
} from './user-dialog-test-harness';

const USER_TYPES = [
  { dictKey: '1', dictValue: 'WEB' },
  { dictKey: '2', dictValue: 'APP' },
  { dictKey: '3', dictValue: 'OTHER' },
];

function server(save: (call: Call) => Answer = () => ok(null), ext = '{"shop":"A12"}') {
  scriptServer((call) => {
    if (call.url.startsWith('/api/blade-user/platform-detail'))
      return ok({ id: '1001', userType: 2, userExt: ext });
    if (call.url.startsWith('/api/blade-system/dict/dictionary')) return ok(USER_TYPES);
    return save(call);
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(onClose = vi.fn()) {
  renderSignedIn(<PlatformDialog rows={[userRow()]} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: '平台配置：王运营' });
  const ext = (await within(dialog).findByRole('textbox', {
    name: '用户拓展（JSON）',
  })) as HTMLTextAreaElement;
  return { dialog, ext, onClose };
}

const platformInput = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: '用户平台' }) as HTMLInputElement;

describe('PlatformDialog', () => {
  it("shows the user's current platform and extension, read fresh from platform-detail", async () => {
    server();
    const { dialog, ext } = await open();
    expect(calls.some((c) => c.url === '/api/blade-user/platform-detail?id=1001')).toBe(true);
    await waitFor(() => expect(platformInput(dialog).value).toBe('APP'));
    expect(ext.value).toBe('{"shop":"A12"}');
  });

  it('saves the platform and the extension as JSON, then closes changed', async () => {
    server();
    const { dialog, ext, onClose } = await open();
    await waitFor(() => expect(platformInput(dialog).value).toBe('APP'));
    fireEvent.click(platformInput(dialog));
    fireEvent.click(await screen.findByRole('option', { name: 'OTHER' }));
    fireEvent.change(ext, { target: { value: '  {"shop":"B7"}  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/blade-user/update-platform',
        body: { id: '1001', userType: 3, userExt: '{"shop":"B7"}' },
      },
    ]);
    expect(await screen.findByText('平台配置已保存')).toBeTruthy();
  });

  it('refuses an extension that is not JSON without sending anything', async () => {
    server();
    const { dialog, ext, onClose } = await open();
    fireEvent.change(ext, { target: { value: '{shop: A12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('扩展信息须为JSON格式')).toBeTruthy();
    expect(posts()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    // An empty extension clears it.
    fireEvent.change(ext, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts()[0]!.body).toEqual({ id: '1001', userType: 2, userExt: '' });
  });

  it("shows the server's message and keeps what was typed", async () => {
    server(() => fail('用户平台不正确'));
    const { dialog, ext, onClose } = await open();
    fireEvent.change(ext, { target: { value: '{"a":1}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('用户平台不正确')).toBeTruthy();
    expect(ext.value).toBe('{"a":1}');
    expect(onClose).not.toHaveBeenCalled();
    expect(
      (within(dialog).getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('says when the settings cannot be loaded and retries', async () => {
    let down = true;
    scriptServer((call) =>
      call.url.startsWith('/api/blade-user/platform-detail')
        ? down
          ? fail('数据不存在', 404)
          : ok({ id: '1001', userType: 1, userExt: '' })
        : ok(USER_TYPES),
    );
    renderSignedIn(<PlatformDialog rows={[userRow()]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '平台配置：王运营' });
    expect(await within(dialog).findByText('平台配置加载失败')).toBeTruthy();
    expect(within(dialog).getByText('数据不存在')).toBeTruthy();
    down = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(platformInput(dialog).value).toBe('WEB'));
  });
});
