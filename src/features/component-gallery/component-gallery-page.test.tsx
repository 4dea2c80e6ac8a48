import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n/console-messages';
import { renderSignedIn } from '../../test/signed-in';
import ComponentGalleryPage from './component-gallery-page';

/** Issue 16 item 11: /test/index is a working component page, not a placeholder. */
describe('component gallery (/test/index)', () => {
  it('shows the shared components and they work', async () => {
    renderSignedIn(<ComponentGalleryPage />);
    expect(screen.getByRole('heading', { level: 1, name: '组件测试页' })).toBeTruthy();

    // Toasts: the newest of a kind replaces the older one.
    const toasts = screen.getByRole('region', { name: '消息提示' });
    fireEvent.click(within(toasts).getByRole('button', { name: '成功提示' }));
    fireEvent.click(within(toasts).getByRole('button', { name: '成功提示' }));
    await waitFor(() => expect(screen.getAllByText('添加成功')).toHaveLength(1));

    // The check tree: a parent checks its children.
    const tree = screen.getByRole('tree', { name: '示例菜单' });
    fireEvent.click(within(tree).getByRole('treeitem', { name: '系统管理' }));
    expect(screen.getByText('已勾选：system,user,dept')).toBeTruthy();

    // The confirmation answers.
    fireEvent.click(screen.getByRole('button', { name: '打开确认对话框' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeTruthy();
  });
});
