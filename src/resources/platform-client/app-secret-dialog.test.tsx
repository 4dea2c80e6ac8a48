import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { IssuedSecret, PsclientApp } from '../../contracts/platform-client/psclient-app';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import { ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import ResetSecretDialog from './app-secret-dialog';
import PsclientAppFormDialog from './psclient-app-form-dialog';
import psclientApp from './psclient-app';

/**
 * The app secret is shown once (issue 27 item 1): after a create or a reset a dialog shows it
 * with a copy button and says it will not be shown again; closing it forgets it, and no store or
 * cache ever held it.
 */

const C = '/api/blade-quanyi-platform-client';
const SECRET = 'Zq3-VerySecretValue_0123456789abcdefghijklmn';

const app = (over: Partial<PsclientApp> = {}): PsclientApp => ({
  id: 'a1',
  tenantId: '000000',
  clientId: 'c1',
  clientName: '接入方甲',
  appName: '商城',
  appKey: 'qk0123456789abcdef',
  secretHint: '••••abcd',
  secretTime: '2026-11-01 10:00:00',
  callbackUrl: '',
  ipAllowlist: '',
  rateLimit: 600,
  enabled: 1,
  remark: '',
  version: 1,
  createTime: '2026-11-01 10:00:00',
  ...over,
});

const issued: IssuedSecret = {
  id: 'a1',
  appKey: 'qk0123456789abcdef',
  secretHint: '••••klmn',
  secretTime: '2026-11-02 10:00:00',
  appSecret: SECRET,
};

let writeText: Mock;
beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubClipboard() {
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** The headers the console sent with each request (fetch's init). */
const sentHeaders = () =>
  (fetch as unknown as Mock).mock.calls.map(
    ([url, init]) =>
      [url as string, new Headers((init as RequestInit | undefined)?.headers)] as const,
  );

describe('the secret shown once', () => {
  it('resets once, shows the new secret, copies it, and forgets it on close', async () => {
    stubClipboard();
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const calls = scriptFetch(() => pending);
    const onClose = vi.fn();
    const store = renderSignedIn(<ResetSecretDialog rows={[app()]} onClose={onClose} />);
    expect(screen.getByText(/旧密钥立即失效/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: '重置密钥' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    release(reply(ok(issued)));
    expect((await screen.findByTestId('app-secret')).textContent).toBe(SECRET);
    expect(calls).toEqual([
      { method: 'POST', url: `${C}/psclient-app/reset-secret`, body: { id: 'a1' } },
    ]);
    const [, headers] = sentHeaders().find(([url]) => url.endsWith('/reset-secret'))!;
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByText(/密钥只显示这一次/)).toBeTruthy();
    expect(screen.getByText('qk0123456789abcdef')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制密钥' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByRole('button', { name: '已复制' })).toBeTruthy();
    // Never in the store (RTK Query's cache and mutations included).
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
    fireEvent.click(screen.getByRole('button', { name: '我已保存，关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
    await waitFor(() => expect(screen.queryByTestId('app-secret')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
  });

  it('shows a refusal and no secret when the reset is refused', async () => {
    scriptFetch(() =>
      reply({ status: 404, body: { code: 404, success: false, msg: '数据不存在' } }),
    );
    const onClose = vi.fn();
    renderSignedIn(<ResetSecretDialog rows={[app()]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '重置密钥' }));
    expect(await screen.findByText('数据不存在')).toBeTruthy();
    expect(screen.queryByTestId('app-secret')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creates an app and shows its secret once, outside the store', async () => {
    stubClipboard();
    const calls = scriptFetch((call) =>
      call.url.includes('/psclient/listAllClient')
        ? [{ id: 'c1', clientName: '接入方甲', clientCode: 'P1' }]
        : call.url.includes('/psclient-app/submit')
          ? issued
          : null,
    );
    const onClose = vi.fn();
    const store = renderSignedIn(<PsclientAppFormDialog rows={[]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('textbox', { name: /接入方/ }));
    fireEvent.click(await screen.findByRole('option', { name: '接入方甲' }));
    fireEvent.change(screen.getByRole('textbox', { name: /应用名称/ }), {
      target: { value: '商城' },
    });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }));
    expect((await screen.findByTestId('app-secret')).textContent).toBe(SECRET);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`${C}/psclient-app/submit`);
    expect(post.body).toMatchObject({ clientId: 'c1', appName: '商城', rateLimit: '600' });
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '我已保存，关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
    await waitFor(() => expect(document.body.textContent).not.toContain(SECRET));
  });
});

describe('the apps screen', { timeout: 30_000 }, () => {
  it('shows the hint, never a secret, and offers the actions the user holds', async () => {
    scriptFetch((call) =>
      call.url.includes('/psclient-app/list')
        ? { records: [app()], total: 1, size: 20, current: 1, pages: 1 }
        : null,
    );
    window.history.replaceState(null, '', '/access/openplatform/app');
    renderSignedIn(
      <ResourceScreen
        def={psclientApp as unknown as ResourceScreenProps['def']}
        route="/access/openplatform/app"
      />,
      { permissions: ['client_app', 'client_app_auth'] },
    );
    expect(await screen.findByText('qk0123456789abcdef', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('••••abcd')).toBeTruthy();
    // Only 授权配置 of the screen's own actions: no edit, so no 重置密钥; no IP button.
    expect(
      screen.getByRole('button', { name: '授权配置 商城（qk0123456789abcdef）' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重置密钥/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /IP白名单/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});
