import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../machines/auth-machine';
import { lockMachine } from '../../machines/lock-machine';
import { tabsMachine } from '../../machines/tabs-machine';
import type { ButtonNode, RouteNode } from '../contracts/auth';
import { HOME_TAB, ShellContext } from '../state/shell-context';
import { scriptFetch, signedInStore, type Call } from '../test/signed-in';
import { PaletteHost } from './palette-host';
import { openPalette } from './palette-requests';

/*
 * The palette host as the signed-in layout mounts it (issue 16 item 14): what the empty palette
 * offers, what a scope prefix does, and that nothing leads to a screen the user cannot use.
 */

const leaf = (id: string, code: string, name: string, path: string): RouteNode => ({
  id,
  parentId: '1',
  code,
  name,
  nameEn: code,
  path,
  source: '',
  sort: 1,
  isOpen: 1,
  hasChildren: false,
  children: [],
});
const USERS = leaf('11', 'user', '用户管理', '/system/user');
const ROLES = leaf('12', 'role', '角色管理', '/system/role');
const TREE: RouteNode[] = [
  {
    ...leaf('1', 'system', '系统管理', '/system'),
    parentId: '0',
    hasChildren: true,
    children: [USERS, ROLES],
  },
];
const button = (id: string, code: string, alias: string, name: string): ButtonNode => ({
  id,
  parentId: '11',
  code,
  name,
  alias,
  path: '',
  action: 1,
  children: [],
});
const BUTTONS: ButtonNode[] = [
  {
    ...button('11', 'user', 'menu', '用户管理'),
    children: [button('111', 'user_add', 'add', '新增')],
  },
  {
    ...button('12', 'role', 'menu', '角色管理'),
    children: [button('121', 'role_add', 'add', '新增')],
  },
];

beforeAll(() => {
  // jsdom lays nothing out: give the palette's list a viewport so its rows are drawn.
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('cmdk-list') ? 2000 : (height?.get?.call(this) ?? 0);
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHost(permissions: string[], tree = TREE) {
  const store = signedInStore();
  const shell = {
    auth: createActor(authMachine, { input: { captchaMode: false, switchMode: false } }),
    lock: createActor(lockMachine, { input: { locked: false } }),
    tabs: createActor(tabsMachine, { input: { home: HOME_TAB } }).start(),
  };
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/wel/index']}>
          <ShellContext.Provider value={shell}>
            <PaletteHost
              permissions={new Set(permissions)}
              tree={tree}
              leaves={tree.flatMap((n) => n.children ?? [])}
              buttons={BUTTONS}
            />
          </ShellContext.Provider>
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
  act(() => openPalette());
  return screen.getByRole('combobox');
}

const options = () => screen.queryAllByRole('option').map((o) => o.textContent ?? '');

describe('palette host', () => {
  it('the empty palette lists its search scopes; Enter types the prefix and keeps it open', () => {
    const input = renderHost(['user', 'user_add', 'role', 'role_add']);
    const scopes = screen.getByText('搜索范围（回车输入前缀）');
    expect(scopes).toBeTruthy();
    const listed = options().filter((t) => /搜索用户|只搜索命令|搜索已打开的标签页/.test(t));
    expect(listed).toEqual(['搜索用户u:', '只搜索命令>', '搜索已打开的标签页t:']);

    // The first result is selected; move to "只搜索命令" and choose it.
    fireEvent.keyDown(input, { key: 'Home' });
    while (!/^只搜索命令/.test(selected())) fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('>');
    expect(screen.getByRole('combobox')).toBe(input);
    // `>` lists commands only: the buttons and the shell's, no screens, no scopes.
    const commands = options();
    expect(commands).toContain('新增 用户管理用户管理');
    expect(commands.some((t) => t.startsWith('用户管理'))).toBe(false);
    expect(commands.some((t) => t.startsWith('搜索用户'))).toBe(false);

    // `> xinz` ranks within the commands.
    fireEvent.change(input, { target: { value: '> xinz' } });
    expect(options()[0]).toMatch(/^新增/);
    // `t:` lists the open tabs only (home is always open).
    fireEvent.change(input, { target: { value: 't:' } });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    expect(options()[0]).toMatch(/^首页/);
  });

  it("a restricted user's palette lists only screens, buttons and scopes they hold", () => {
    // The role screen is in the tree (a stale or foreign menu) but not granted; no users list.
    const input = renderHost(['role']);
    fireEvent.change(input, { target: { value: '角色' } });
    expect(options()[0]).toMatch(/^角色管理/);
    fireEvent.change(input, { target: { value: 'yhgl' } });
    expect(options().some((t) => t.startsWith('用户管理'))).toBe(false);
    fireEvent.change(input, { target: { value: '新增' } });
    expect(options().some((t) => t.startsWith('新增'))).toBe(false);
    // Without the users list there is no u: scope, and "u:" is searched as text.
    fireEvent.change(input, { target: { value: '' } });
    expect(options().some((t) => t.startsWith('搜索用户'))).toBe(false);
    expect(options()).toContain('只搜索命令>');
  });
});

function selected(): string {
  return screen.getByRole('option', { selected: true }).textContent ?? '';
}

describe('plain text searches the look-ups too (issue 25 item 13)', () => {
  const S = '/api/blade-quanyi-platform-supplier';
  const page = (records: object[]) => ({ records, total: records.length, size: 10, current: 1 });
  /** A server with one supplier, one user named 用户甲, one order and its client number. */
  function server(): Call[] {
    return scriptFetch((call) => {
      if (call.url.startsWith(`${S}/sup/list-not-page`))
        return [{ id: '3', supCode: 'MTWM', supName: '美团外卖红包' }];
      if (call.url.startsWith('/api/blade-user/page'))
        return page(
          decodeURIComponent(call.url).includes('realName=用户')
            ? [{ id: '7', account: 'jia', realName: '用户甲', deptName: '', phone: '' }]
            : [],
        );
      if (call.url.startsWith(`${S}/sup-order/list`))
        return page(
          // The server's prefix LIKE ignores case.
          call.url.toLowerCase().includes('clientorderid_likeright=co2026')
            ? [
                {
                  id: '9',
                  orderNo: 'SO2026112600009',
                  clientOrderId: 'CO2026112600009',
                  goodName: '中杯券',
                  supName: '星巴克',
                  state: 'success',
                },
              ]
            : [],
        );
      return page([]);
    });
  }
  /** Each call's path and its parameters but the page's. */
  const lookups = (calls: Call[]) =>
    calls.map((c) => {
      const url = new URL(c.url, 'http://x');
      url.searchParams.delete('current');
      url.searchParams.delete('size');
      return decodeURIComponent(`${url.pathname.slice(5)}${url.search}`);
    });

  it('a bare 美团 finds the supplier, one request per look-up the user holds, after the commands', async () => {
    const calls = server();
    const input = renderHost(['user', 'supplier', 'supplier_order']);
    // Typed fast: only the last text is asked.
    fireEvent.change(input, { target: { value: '美团外' } });
    fireEvent.change(input, { target: { value: '美团' } });
    await waitFor(() => expect(options()).toContain('美团外卖红包MTWM'));
    expect(screen.getByText('供应商')).toBeTruthy();
    expect(lookups(calls).sort()).toEqual([
      'blade-quanyi-platform-supplier/sup/list-not-page',
      'blade-user/page?realName=美团',
    ]);
    // The arrow keys reach it like any result.
    while (!/^美团外卖红包/.test(selected())) fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe('美团外卖红包MTWM');
  });

  it('lists records after screens and actions, each look-up under its own heading', async () => {
    server();
    const input = renderHost(['user', 'user_add', 'supplier']);
    fireEvent.change(input, { target: { value: '用户' } });
    await waitFor(() => expect(options()).toContain('jia · 用户甲'));
    const all = options();
    expect(all[0]).toMatch(/^用户管理/);
    expect(all.indexOf('jia · 用户甲')).toBe(all.length - 1);
    const headings = screen.getAllByRole('presentation').map((h) => h.textContent);
    expect(headings.at(-1)).toBe('用户');
    expect(headings.indexOf('页面')).toBeLessThan(headings.indexOf('用户'));
  });

  it('an order number asks the orders (the client number too), never a word; o: finds CO numbers', async () => {
    const calls = server();
    const input = renderHost(['supplier_order']);
    fireEvent.change(input, { target: { value: 'CO2026' } });
    await waitFor(() =>
      expect(options()).toContain('SO2026112600009CO2026112600009 · 中杯券 · 星巴克 · 成功'),
    );
    expect(lookups(calls)).toEqual([
      'blade-quanyi-platform-supplier/sup-order/list?clientOrderId_likeright=CO2026',
      'blade-quanyi-platform-client/client-product-order/list?orderNo_likeright=CO2026',
    ]);
    fireEvent.change(input, { target: { value: 'yhgl' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toHaveLength(2);
    fireEvent.change(input, { target: { value: 'o:co2026' } });
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(lookups(calls).slice(2)).toEqual([
      'blade-quanyi-platform-supplier/sup-order/list?orderNo_likeright=co2026',
      'blade-quanyi-platform-supplier/sup-order/list?clientOrderId_likeright=co2026',
      'blade-quanyi-platform-client/client-product-order/list?orderNo_likeright=co2026',
      'blade-quanyi-platform-client/client-product-order/list?outOrderNo_likeright=co2026',
    ]);
  });
});
