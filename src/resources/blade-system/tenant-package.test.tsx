import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import tenantPackage from './tenant-package';

beforeAll(() => giveTableAViewport());

/** menu/list as the super administrator gets it: groups, screens and their buttons. */
const MENUS = [
  {
    id: '1',
    name: '首页',
    children: [{ id: '11', name: '工作台' }],
  },
  {
    id: '2',
    name: '系统管理',
    children: [
      {
        id: '21',
        name: '用户管理',
        children: [
          { id: '211', name: '新增' },
          { id: '212', name: '编辑' },
        ],
      },
      { id: '22', name: '部门管理', children: [{ id: '221', name: '新增' }] },
    ],
  },
];

let calls: Call[] = [];

beforeEach(() => {
  window.history.replaceState(null, '', '/system/tenant-package');
  calls = scriptFetch((call) => {
    if (call.url.startsWith('/api/blade-system/menu/list')) return MENUS;
    if (call.url.startsWith('/api/blade-system/tenant-package/list'))
      return { records: [], total: 0, current: 1, size: 10 };
    if (call.url.startsWith('/api/blade-user/info')) return { is_super_admin: true };
    return null;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HELD = ['tenant_pkg', 'tenant_pkg_add', 'tenant_pkg_edit', 'tenant_pkg_delete'];

async function openCreateForm() {
  renderSignedIn(<ResourceScreen def={tenantPackage as unknown as ResourceScreenProps['def']} />, {
    permissions: HELD,
    notifications: false,
  });
  fireEvent.click(await screen.findByRole('button', { name: /新增/ }, { timeout: 8000 }));
  const dialog = await screen.findByRole('dialog');
  const tree = await within(dialog).findByRole('tree', { name: '菜单' });
  return { dialog, tree };
}

const item = (tree: HTMLElement, name: string) =>
  within(tree)
    .getAllByRole('treeitem')
    .find((el) => el.textContent === name)!;

describe('tenant package form (issue 16 item 4)', { timeout: 30_000 }, () => {
  it('picks menus in the check tree: a parent brings its subtree, the save sends parents too', async () => {
    const { dialog, tree } = await openCreateForm();
    // Not a flat select of every menu: a tree whose groups open.
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    fireEvent.click(item(tree, '系统管理'));
    expect(item(tree, '系统管理').getAttribute('aria-checked')).toBe('true');
    expect(item(tree, '用户管理').getAttribute('aria-checked')).toBe('true');
    expect(item(tree, '部门管理').getAttribute('aria-checked')).toBe('true');
    // The roots start open; the one screen of the other group checks its parent too.
    fireEvent.click(item(tree, '工作台'));
    expect(item(tree, '首页').getAttribute('aria-checked')).toBe('true');

    fireEvent.change(within(dialog).getByRole('textbox', { name: /产品包名称/ }), {
      target: { value: '标准版' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.url.includes('tenant-package')),
      ).toHaveLength(1),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url.includes('tenant-package'))!;
    expect(post.url).toMatch(/^\/api\/blade-system\/tenant-package\/submit/);
    expect(post.body).toMatchObject({
      packageName: '标准版',
      menuId: '1,11,2,21,211,212,22,221',
    });
  });

  it('keeps the half-checked parent of a lone button and refuses an empty choice', async () => {
    const { dialog, tree } = await openCreateForm();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /产品包名称/ }), {
      target: { value: '最小' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择菜单')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.includes('tenant-package'))).toBe(false);

    fireEvent.click(item(tree, '部门管理').querySelector('[data-part="twisty"]')!);
    fireEvent.click(item(tree, '新增'));
    expect(item(tree, '系统管理').getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.includes('tenant-package'))).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url.includes('tenant-package'))!;
    expect(post.body).toMatchObject({ packageName: '最小', menuId: '2,22,221' });
  });
});
