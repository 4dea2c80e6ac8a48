import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../machines/auth-machine';
import { lockMachine } from '../../machines/lock-machine';
import { tabsMachine } from '../../machines/tabs-machine';
import type { ButtonNode, RouteNode } from '../contracts/auth';
import { HOME_TAB, ShellContext } from '../state/shell-context';
import { signedInStore } from '../test/signed-in';
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
afterEach(cleanup);

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
