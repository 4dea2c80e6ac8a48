import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import menuManagement from './menu';
import roleManagement from './role';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';

/** The role and menu declarations on the resource engine, against scripted server answers. */

beforeAll(() => giveTableAViewport());

let calls: Call[] = [];
let answer: (call: Call) => unknown;

beforeEach(() => {
  calls = scriptFetch((call) =>
    call.url.startsWith('/api/blade-system/table-set') ? null : answer(call),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(def: ResourceScreenProps['def'], route: string, held: string[]) {
  window.history.replaceState(null, '', route);
  renderSignedIn(<ResourceScreen def={def} route={route} />, { permissions: held });
}

const ROLES = [
  {
    id: '5',
    tenantId: '000000',
    parentId: '0',
    parentName: '',
    roleName: '运营',
    roleAlias: 'ops',
    sort: 1,
    version: 1,
    hasChildren: false,
  },
];

const TREES = {
  menu: [{ id: '20', parentId: '0', title: '工作台', key: '20', value: '20', hasChildren: false }],
  dataScope: [],
  apiScope: [],
};

describe('role and menu screens', { timeout: 30_000 }, () => {
  it('lists roles as a tree and grants the selected role through the grant dialog', async () => {
    answer = (call) => {
      if (call.url.startsWith('/api/blade-system/role/list')) return ROLES;
      if (call.url.startsWith('/api/blade-system/menu/grant-tree')) return TREES;
      if (call.url.startsWith('/api/blade-system/menu/role-tree-keys'))
        return { menu: [], dataScope: [], apiScope: [] };
      return null;
    };
    // Rows are selectable for a user who may delete (the engine's rule today).
    setup(roleManagement as unknown as ResourceScreenProps['def'], '/system/role', [
      'role',
      'role_grant',
      'role_delete',
    ]);
    await screen.findByText('ops', {}, { timeout: 8000 });
    const list = calls.find((c) => c.url.startsWith('/api/blade-system/role/list'))!;
    expect(list.url).not.toContain('current=');

    fireEvent.click(screen.getByRole('checkbox', { name: '选择' }));
    fireEvent.click(screen.getByRole('button', { name: '权限设置' }));
    // The dialog loads with its first use (a fallback dialog shows meanwhile).
    const tree = await screen.findByRole('tree', { name: '菜单权限' }, { timeout: 8000 });
    const dialog = screen.getByRole('dialog', { name: '权限设置' });
    fireEvent.click(within(tree).getByRole('treeitem', { name: '工作台' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/blade-system/role/grant')?.body).toEqual({
        roleIds: ['5'],
        menuIds: ['20'],
        dataScopeIds: [],
        apiScopeIds: [],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '权限设置' })).toBeNull());
  });

  it('lists menus one level at a time with their type as a tag', async () => {
    answer = (call) =>
      call.url.startsWith('/api/blade-system/menu/lazy-list')
        ? [
            {
              id: '10',
              parentId: '0',
              code: 'system',
              name: '系统管理',
              nameEn: 'System',
              alias: 'menu',
              path: '/system',
              source: 'IconSettings',
              sort: 1,
              category: 1,
              action: 0,
              isOpen: 1,
              remark: '',
              hasChildren: true,
            },
          ]
        : null;
    setup(menuManagement as unknown as ResourceScreenProps['def'], '/system/menu', ['menu']);
    await screen.findByText('IconSettings', {}, { timeout: 8000 });
    const list = calls.find((c) => c.url.startsWith('/api/blade-system/menu/lazy-list'))!;
    expect(list.url).toContain('parentId=0');
    expect(screen.getByText('菜单', { selector: '.mantine-Badge-label' })).toBeTruthy();
    // Without menu_add the add button is not offered.
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});
