import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import {
  foldsRowActions,
  RowActionButtons,
  rowActionsWidth,
  type RowActionHandlers,
} from './cells';

/**
 * Issue 16 item 1: the operations column is as wide as the buttons a row may show; beyond
 * three buttons the declared actions fold into a "more" menu reachable from the keyboard.
 */

afterEach(cleanup);

const row = { id: '7', name: '小明', status: 1 };
const icons = { view: vi.fn(), edit: vi.fn(), remove: vi.fn() };
const disable = { id: 'disable', label: '禁用', run: vi.fn(), when: () => true };
const platform = { id: 'platform', label: '平台配置', run: vi.fn() };
const approve = { id: 'approve', label: '审核通过', run: vi.fn(), when: () => false };

function show(actions: RowActionHandlers) {
  renderSignedIn(
    <RowActionButtons row={row} name="小明" actions={actions} fold={foldsRowActions(actions)} />,
    { notifications: false },
  );
}

describe('row action buttons', () => {
  it('folds two or more declared actions beside the icons into a keyboard menu', async () => {
    show({ ...icons, extra: [disable, approve, platform] });
    expect(screen.queryByRole('button', { name: '禁用 小明' })).toBeNull();
    const more = screen.getByRole('button', { name: '小明 的更多操作' });
    more.focus();
    // Enter or Space on a focused button clicks it.
    fireEvent.click(more);
    // Only the actions whose condition holds for the row; arrow keys move between them.
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['禁用 小明', '平台配置 小明']);
    items[0]!.focus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.click(items[1]!);
    expect(platform.run).toHaveBeenCalledWith(row);
  });

  it('keeps one declared action, or a few buttons, inline', () => {
    show({ ...icons, extra: [platform] });
    screen.getByRole('button', { name: '平台配置 小明' });
    expect(screen.queryByRole('button', { name: '小明 的更多操作' })).toBeNull();
    cleanup();
    show({ view: icons.view, extra: [disable, platform] });
    screen.getByRole('button', { name: '禁用 小明' });
    screen.getByRole('button', { name: '平台配置 小明' });
  });

  it('sizes the column to its buttons: folded, it no longer grows with each action', () => {
    const inline = rowActionsWidth({ ...icons, extra: [platform] }, '更多', 16, 60);
    // 16 px padding each side, three 22 px icons, one 4-character button, gaps, slack.
    expect(inline).toBe(16 * 2 + 3 * 22 + (4 * 12 + 14) + 3 * 4 + 8);
    const folded = rowActionsWidth(
      { ...icons, extra: [disable, approve, platform] },
      '更多',
      16,
      60,
    );
    const moreFolded = rowActionsWidth(
      {
        ...icons,
        extra: [disable, approve, platform, { ...platform, id: 'x', label: '数据源配置' }],
      },
      '更多',
      16,
      60,
    );
    expect(folded).toBe(moreFolded);
    expect(folded).toBeLessThan(200);
    // English labels are wider than Chinese ones.
    expect(rowActionsWidth({ view: icons.view, extra: [platform] }, 'More', 16, 60)).toBeLessThan(
      rowActionsWidth(
        { view: icons.view, extra: [{ ...platform, label: 'Platform' }] },
        'More',
        16,
        60,
      ),
    );
  });
});
