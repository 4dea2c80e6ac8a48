import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoBlock } from '../../app/layout/logo-block';
import { useWindowTitle } from '../../app/layout/use-location-tab';
import { fail, renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import PersonalisePage from './personalise-page';
import { usePersonalisationSync } from './use-personalisation-sync';

// The window title follows the active tab of the tabs machine: one home tab, without the shell.
const tabs = vi.hoisted(() => {
  const snapshot = {
    context: {
      tabs: [{ key: '/wel/index', label: '首页', path: '/wel/index', meta: { i18n: 'wel' } }],
      activeKey: '/wel/index',
    },
  };
  return {
    getSnapshot: () => snapshot,
    subscribe: () => ({ unsubscribe: () => {} }),
  };
});
vi.mock('../../state/shell-context', () => ({ useShell: () => ({ tabs }) }));

const BLANK = { systemColor: '', sideName: '', smallWindowLogoUrl: '', navigationBarLogoUrl: '' };
const NAV_LOGO = `/api/blade-resource/oss/endpoint/avatar/000000/${'a'.repeat(32)}.png`;
const SMALL_LOGO = `/api/blade-resource/oss/endpoint/avatar/000000/${'b'.repeat(32)}.png`;

/** What the signed-in layout adds around a screen: the synced personalisation and the title. */
function Shell() {
  usePersonalisationSync();
  useWindowTitle();
  return <LogoBlock collapsed={false} />;
}

let calls: Call[] = [];
let answer: (call: Call) => unknown;
let uploads: string[] = [];

beforeEach(() => {
  uploads = [NAV_LOGO, SMALL_LOGO];
  calls = scriptFetch((call) => {
    if (call.url.includes('put-file-avatar'))
      return {
        link: uploads.shift(),
        domain: '',
        name: 'x',
        originalName: 'logo.png',
        attachId: '1',
      };
    return answer(call);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.head.querySelectorAll('link[rel="icon"]').forEach((l) => l.remove());
});

function setup(held: string[]) {
  return renderSignedIn(
    <MemoryRouter>
      <Shell />
      <PersonalisePage />
    </MemoryRouter>,
    { permissions: held },
  );
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const fileInputs = () => document.querySelectorAll<HTMLInputElement>('input[type="file"]');
const submits = () => calls.filter((c) => c.url.startsWith('/api/blade-system/personalise/submit'));

describe('personalisation page', { timeout: 30_000 }, () => {
  it('saves: the logo block, the window title, the favicon and the stored colour change at once', async () => {
    answer = (call) => {
      // The version the page loaded goes back with the save (issue 15 item 10: 409 when stale).
      if (call.url.startsWith('/api/blade-system/personalise/detail'))
        return { ...BLANK, version: 3 };
      if (call.url.startsWith('/api/blade-system/personalise/submit'))
        return { ...(call.body as object), version: 4 };
      return null;
    };
    const store = setup(['personalise', 'personalise_edit']);
    expect(await screen.findByRole('heading', { name: '个性化设置' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 数字权益平台运营后台'));
    expect(screen.getByRole('link', { name: '数字权益平台运营后台，返回首页' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /系统名称/ }), {
      target: { value: '演示权益平台' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /主题色/ }), {
      target: { value: '#1677ff' },
    });
    fireEvent.change(fileInputs()[0]!, { target: { files: [png('nav.png')] } });
    expect(await screen.findByRole('img', { name: '导航栏图标预览' })).toBeTruthy();
    fireEvent.change(fileInputs()[1]!, { target: { files: [png('fav.png')] } });
    expect(await screen.findByRole('img', { name: '小窗口图标预览' })).toBeTruthy();
    // The preview shows the draft; nothing is applied before saving.
    expect(within(screen.getByTestId('preview-header')).getByText('演示权益平台')).toBeTruthy();
    expect(document.title).toBe('首页 - 数字权益平台运营后台');
    expect(screen.getByRole('status').textContent).toBe('有未保存的修改');

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('修改成功');
    expect(submits()).toHaveLength(1);
    expect(submits()[0]!.body).toEqual({
      systemColor: '#1677ff',
      sideName: '演示权益平台',
      smallWindowLogoUrl: SMALL_LOGO,
      navigationBarLogoUrl: NAV_LOGO,
      version: 3,
    });

    const block = await screen.findByRole('link', { name: '演示权益平台，返回首页' });
    expect(block.querySelector('img')?.getAttribute('src')).toBe(NAV_LOGO);
    await waitFor(() => expect(document.title).toBe('首页 - 演示权益平台'));
    const icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    expect(icon?.getAttribute('href')).toBe(SMALL_LOGO);
    expect(store.getState().ui.personalisation).toEqual({
      systemColor: '#1677ff',
      sideName: '演示权益平台',
      smallWindowLogoUrl: SMALL_LOGO,
      navigationBarLogoUrl: NAV_LOGO,
    });
    expect(JSON.parse(localStorage.getItem('quanyi.personalisation') ?? '{}').sideName).toBe(
      '演示权益平台',
    );
    expect(screen.queryByText('有未保存的修改')).toBeNull();
  });

  it("takes the tenant's personalisation after sign-in and stores it; Reset puts the defaults in the form", async () => {
    answer = (call) =>
      call.url.startsWith('/api/blade-system/personalise/detail')
        ? { ...BLANK, sideName: '租户平台', systemColor: '#722ed1', navigationBarLogoUrl: NAV_LOGO }
        : null;
    const store = setup(['personalise', 'personalise_edit']);
    await screen.findByRole('link', { name: '租户平台，返回首页' });
    expect(store.getState().ui.personalisation.systemColor).toBe('#722ed1');
    await waitFor(() => expect(document.title).toBe('首页 - 租户平台'));
    const name = await screen.findByRole('textbox', { name: /系统名称/ });
    expect((name as HTMLInputElement).value).toBe('租户平台');

    fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
    expect((name as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: /主题色/ }) as HTMLInputElement).value).toBe(
      '#12a182',
    );
    expect(screen.queryByRole('img', { name: '导航栏图标预览' })).toBeNull();
    // Not saved yet: the console still shows the tenant's.
    expect(screen.getByRole('link', { name: '租户平台，返回首页' })).toBeTruthy();
    expect(submits()).toHaveLength(0);
  });

  it('checks before sending and shows a refused save beside its field', async () => {
    answer = (call) => {
      if (call.url.startsWith('/api/blade-system/personalise/detail')) return BLANK;
      if (call.url.startsWith('/api/blade-system/personalise/submit'))
        return new Response(
          JSON.stringify(
            fail(400, 'navigationBarLogoUrl:导航栏图标必须是上传的图片或 http(s) 地址').body,
          ),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        );
      return null;
    };
    setup(['personalise', 'personalise_edit']);
    const name = await screen.findByRole('textbox', { name: /系统名称/ });
    fireEvent.change(name, { target: { value: '名'.repeat(33) } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('系统名称长度不能超过32个字符')).toBeTruthy();
    expect(submits()).toHaveLength(0);

    fireEvent.change(name, { target: { value: '短名称' } });
    fireEvent.change(fileInputs()[0]!, { target: { files: [png('nav.png')] } });
    await screen.findByRole('img', { name: '导航栏图标预览' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('导航栏图标必须是上传的图片或 http(s) 地址')).toBeTruthy();
    expect(submits()).toHaveLength(1);
  });

  it('refuses a logo that is not a jpg/png before uploading it', async () => {
    answer = (call) => (call.url.startsWith('/api/blade-system/personalise/detail') ? BLANK : null);
    setup(['personalise', 'personalise_edit']);
    await screen.findByRole('heading', { name: '个性化设置' });
    fireEvent.change(fileInputs()[0]!, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByText('图标只能是 JPG/PNG 格式')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('put-file-avatar'))).toBe(false);
  });

  it('is read-only without personalise_edit: no Save, no Reset, no uploads', async () => {
    answer = (call) =>
      call.url.startsWith('/api/blade-system/personalise/detail')
        ? { ...BLANK, sideName: '租户平台' }
        : null;
    setup(['personalise']);
    await screen.findByText('你可以查看个性化设置，但没有修改权限。');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '恢复默认' })).toBeNull();
    const name = screen.getByRole('textbox', { name: /系统名称/ }) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: /上传图片/ })).toBeNull();
    expect(fileInputs()).toHaveLength(0);
  });
});
