import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopMenu } from '../../contracts/blade-system/topmenu';
import { fail, ok, renderSignedIn } from '../../test/signed-in';
import { node, posts, stubApi } from './grant-test-support';
import TopMenuGrantDialog from './topmenu-grant-dialog';

const topMenu = (id: string, name: string): TopMenu => ({
  id,
  code: name,
  name,
  nameEn: '',
  source: 'IconHome',
  path: '',
  sort: 1,
  version: 1,
  createTime: '2026-01-01 00:00:00',
});

/** GET menu/grant-top-tree: the caller's screens and groups. */
const TOP_TREE = {
  menu: [
    node('10', '0', '系统管理', [node('11', '10', '用户管理'), node('12', '10', '角色管理')]),
    node('20', '0', '首页', [node('21', '20', '工作台')]),
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (name: string) => screen.getByRole('treeitem', { name });

describe('TopMenuGrantDialog', () => {
  it('pre-checks the menus of one top menu and sends the checked menus', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-top-tree': [ok(TOP_TREE)],
      'blade-system/menu/top-tree-keys': [ok({ menu: ['11'] })],
      'blade-system/topmenu/grant': [ok(null)],
    });
    const onClose = vi.fn();
    renderSignedIn(<TopMenuGrantDialog rows={[topMenu('7', '运营')]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '菜单配置' });
    expect(within(dialog).getByText('顶部菜单：运营')).toBeTruthy();
    await screen.findByRole('tree', { name: '菜单' });
    expect(sent.map((s) => s.url)).toEqual([
      '/api/blade-system/menu/grant-top-tree',
      '/api/blade-system/menu/top-tree-keys?topMenuIds=7',
    ]);
    expect(item('用户管理').getAttribute('aria-checked')).toBe('true');
    expect(item('系统管理').getAttribute('aria-checked')).toBe('mixed');
    expect(item('首页').getAttribute('aria-checked')).toBe('false');

    fireEvent.click(item('首页'));
    expect(item('工作台').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/blade-system/topmenu/grant',
        body: { topMenuIds: ['7'], menuIds: ['11', '20', '21'] },
      },
    ]);
  });

  it('asks for at least one menu before sending', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-top-tree': [ok(TOP_TREE)],
      'blade-system/menu/top-tree-keys': [ok({ menu: ['11'] })],
    });
    const onClose = vi.fn();
    renderSignedIn(<TopMenuGrantDialog rows={[topMenu('7', '运营')]} onClose={onClose} />);
    await screen.findByRole('tree', { name: '菜单' });
    fireEvent.click(item('用户管理'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择菜单')).toBeTruthy();
    expect(posts(sent)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the choice when saving fails; several top menus start empty', async () => {
    const sent = stubApi({
      'blade-system/menu/grant-top-tree': [ok(TOP_TREE)],
      'blade-system/topmenu/grant': [fail(404, '数据不存在'), ok(null)],
    });
    const onClose = vi.fn();
    renderSignedIn(
      <TopMenuGrantDialog rows={[topMenu('7', '运营'), topMenu('8', '财务')]} onClose={onClose} />,
    );
    await screen.findByRole('tree', { name: '菜单' });
    expect(screen.getByText('所选的 2 个顶部菜单将显示相同的菜单，原有配置会被替换')).toBeTruthy();
    expect(screen.queryAllByRole('treeitem', { checked: true })).toHaveLength(0);
    expect(sent.map((s) => s.url)).toEqual(['/api/blade-system/menu/grant-top-tree']);

    fireEvent.click(item('角色管理'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('数据不存在')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(item('角色管理').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const bodies = posts(sent).map((s) => s.body);
    expect(bodies).toEqual([
      { topMenuIds: ['7', '8'], menuIds: ['12'] },
      { topMenuIds: ['7', '8'], menuIds: ['12'] },
    ]);
  });
});
