import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { langChanged } from '../../state/ui-slice';
import type { Role } from '../../contracts/blade-system/role';
import { fail, ok, renderSignedIn } from '../../test/signed-in';
import { node, posts, stubApi } from './grant-test-support';
import RoleGrantDialog from './role-grant-dialog';

const role = (id: string, roleName: string): Role => ({
  id,
  tenantId: '000000',
  parentId: '0',
  parentName: '',
  roleName,
  roleAlias: roleName,
  sort: 1,
  version: 1,
});

/** GET menu/grant-tree as the server answers it (TreeNode trees; scopes under their menus). */
const TREES = {
  menu: [
    node('10', '0', '系统管理', [
      node('11', '10', '用户管理', [node('111', '11', '新增'), node('112', '11', '删除')]),
      node('12', '10', '角色管理'),
    ]),
    node('20', '0', '工作台'),
  ],
  dataScope: [
    node('10', '0', '系统管理', [
      node('11', '10', '用户管理', [node('d1', '11', '本部门'), node('d2', '11', '本人')]),
    ]),
  ],
  apiScope: [],
};

/** What role 5 holds; '99' is a menu the caller does not hold (not in the tree). */
const KEYS = { menu: ['10', '11', '111', '99'], dataScope: ['d2'], apiScope: [] };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const panel = (name: string) => screen.getByRole('tabpanel', { name });
const itemIn = (tree: HTMLElement, name: string) => within(tree).getByRole('treeitem', { name });

async function menuTree() {
  return screen.findByRole('tree', { name: '菜单权限' });
}

describe('RoleGrantDialog', () => {
  it('pre-checks what one role holds and sends the choice with half-checked menu parents', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-tree': [ok(TREES)],
      'blade-system/menu/role-tree-keys': [ok(KEYS)],
      'blade-system/role/grant': [ok(null)],
    });
    const onClose = vi.fn();
    renderSignedIn(<RoleGrantDialog rows={[role('5', '运营')]} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: '权限设置' });
    expect(within(dialog).getByText('角色：运营')).toBeTruthy();
    const tree = await menuTree();
    expect(sent.map((s) => s.url)).toEqual([
      '/api/blade-system/menu/grant-tree',
      '/api/blade-system/menu/role-tree-keys?roleIds=5',
    ]);
    expect(itemIn(tree, '系统管理').getAttribute('aria-checked')).toBe('mixed');
    // The tree is the dialog's first field.
    await waitFor(() => expect(document.activeElement).toBe(itemIn(tree, '系统管理')));
    expect(itemIn(tree, '用户管理').getAttribute('aria-checked')).toBe('mixed');
    expect(itemIn(tree, '角色管理').getAttribute('aria-checked')).toBe('false');
    expect(itemIn(tree, '工作台').getAttribute('aria-checked')).toBe('false');

    // Grant the second button and the dashboard.
    fireEvent.click(within(panel('菜单权限')).getByRole('button', { name: '展开全部' }));
    expect(itemIn(tree, '新增').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(itemIn(tree, '删除'));
    expect(itemIn(tree, '用户管理').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(itemIn(tree, '工作台'));

    // Data scopes: checking the menu node checks its scopes; only the scopes are sent.
    fireEvent.click(screen.getByRole('tab', { name: '数据权限' }));
    const dataTree = screen.getByRole('tree', { name: '数据权限' });
    expect(itemIn(dataTree, '用户管理').getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(itemIn(dataTree, '用户管理'));
    expect(within(panel('数据权限')).getByText('已选 2 项')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/blade-system/role/grant',
        body: {
          roleIds: ['5'],
          menuIds: ['10', '11', '111', '112', '20'],
          dataScopeIds: ['d1', 'd2'],
          apiScopeIds: [],
        },
      },
    ]);
  });

  it('keeps the choice and shows the server message when saving fails, then saves', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-tree': [ok(TREES)],
      'blade-system/menu/role-tree-keys': [ok(KEYS)],
      'blade-system/role/grant': [fail(403, '不能授予自己没有的权限'), ok(null)],
    });
    const onClose = vi.fn();
    renderSignedIn(<RoleGrantDialog rows={[role('5', '运营')]} onClose={onClose} />);
    const tree = await menuTree();
    fireEvent.click(itemIn(tree, '角色管理'));

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('不能授予自己没有的权限')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(itemIn(tree, '角色管理').getAttribute('aria-checked')).toBe('true');
    expect(itemIn(tree, '系统管理').getAttribute('aria-checked')).toBe('mixed');

    // Enter on a tree item saves.
    fireEvent.keyDown(itemIn(tree, '角色管理'), { key: 'Enter' });
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const bodies = posts(sent).map((s) => s.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ menuIds: ['10', '11', '111', '12'], dataScopeIds: ['d2'] });
    expect(screen.queryByText('不能授予自己没有的权限')).toBeNull();
  });

  it('gives several roles one choice, starting empty, and warns that it replaces theirs', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-tree': [ok(TREES)],
      'blade-system/role/grant': [ok(null)],
    });
    const onClose = vi.fn();
    renderSignedIn(
      <RoleGrantDialog rows={[role('5', '运营'), role('6', '财务')]} onClose={onClose} />,
    );
    const tree = await menuTree();
    expect(screen.getByText('角色：运营、财务')).toBeTruthy();
    expect(screen.getByText('所选的 2 个角色将获得相同的权限，原有权限会被替换')).toBeTruthy();
    expect(within(tree).queryAllByRole('treeitem', { checked: true })).toHaveLength(0);
    expect(sent.map((s) => s.url)).toEqual(['/api/blade-system/menu/grant-tree']);

    // One button: its screen and group are sent with it (the sidebar needs the screen).
    fireEvent.keyDown(itemIn(tree, '用户管理'), { key: 'ArrowRight' });
    fireEvent.click(itemIn(tree, '新增'));
    expect(itemIn(tree, '用户管理').getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(itemIn(tree, '工作台'));
    expect(screen.getByText('已选 4 项')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts(sent)[0]!.body).toEqual({
      roleIds: ['5', '6'],
      menuIds: ['10', '11', '111', '20'],
      dataScopeIds: [],
      apiScopeIds: [],
    });
  });

  it('warns a user granting a role they hold that they will sign in again', async () => {
    stubApi({
      'blade-system/menu/grant-tree': [ok(TREES)],
      'blade-system/menu/role-tree-keys': [ok(KEYS)],
    });
    renderSignedIn(<RoleGrantDialog rows={[role('5', '运营')]} onClose={() => {}} />, {
      session: { role_id: '3,5' },
    });
    await menuTree();
    expect(screen.getByText('你拥有所选角色，保存后需要重新登录')).toBeTruthy();
  });

  it('shows a load failure with a retry, and cannot save meanwhile', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-tree': [fail(500, '服务器异常'), ok(TREES)],
      'blade-system/menu/role-tree-keys': [ok(KEYS)],
    });
    renderSignedIn(<RoleGrantDialog rows={[role('5', '运营')]} onClose={() => {}} />);
    expect(await screen.findByText('权限数据加载失败')).toBeTruthy();
    expect(screen.getByText('服务器异常')).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    const tree = await menuTree();
    expect(itemIn(tree, '用户管理').getAttribute('aria-checked')).toBe('mixed');
    expect(posts(sent)).toEqual([]);
  });

  it('closes on Esc without saving, in English too', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-tree': [ok(TREES)],
      'blade-system/menu/role-tree-keys': [ok(KEYS)],
    });
    const onClose = vi.fn();
    const store = renderSignedIn(<RoleGrantDialog rows={[role('5', '运营')]} onClose={onClose} />);
    await menuTree();
    act(() => {
      store.dispatch(langChanged('en'));
    });
    const dialog = screen.getByRole('dialog', { name: 'Permissions' });
    expect(screen.getByRole('tab', { name: 'API permissions' })).toBeTruthy();
    expect(screen.getByRole('tree', { name: 'Menu permissions' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(false);
    expect(posts(sent)).toEqual([]);
  });
});
