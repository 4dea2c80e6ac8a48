import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app/app-store';
import { langChanged } from '../state/ui-slice';
import { CheckTree, type CheckTreeNode } from './check-tree';
import { checkStates, indexTree, toggleChecked, visibleRows } from './check-tree-model';

/**
 * 系统管理 (sys)
 *   用户管理 (user): 新增 (user_add), 删除 (user_del)
 *   角色管理 (role)
 * 首页 (home)
 *   工作台 (wel)
 */
const TREE: CheckTreeNode[] = [
  {
    id: 'sys',
    title: '系统管理',
    children: [
      {
        id: 'user',
        title: '用户管理',
        children: [
          { id: 'user_add', title: '新增' },
          { id: 'user_del', title: '删除' },
        ],
      },
      { id: 'role', title: '角色管理' },
    ],
  },
  { id: 'home', title: '首页', children: [{ id: 'wel', title: '工作台' }] },
];

const index = indexTree(TREE);
const states = (checked: string[]) => Object.fromEntries(checkStates(index, new Set(checked)));

describe('check tree model', () => {
  it('derives parents from their children; a parent held without its children is partial', () => {
    expect(states(['user_add'])).toMatchObject({
      user_add: 'checked',
      user_del: 'unchecked',
      user: 'mixed',
      sys: 'mixed',
      home: 'unchecked',
    });
    expect(states(['user_add', 'user_del', 'role'])).toMatchObject({
      user: 'checked',
      sys: 'checked',
    });
    // A screen granted without its buttons (e.g. by another console) is shown, not lost.
    expect(states(['user'])).toMatchObject({ user: 'mixed', sys: 'mixed', user_add: 'unchecked' });
  });

  it('plain: the value holds the fully checked nodes', () => {
    let value = toggleChecked(index, [], 'user_add');
    expect(value).toEqual(['user_add']);
    value = toggleChecked(index, value, 'user_del');
    expect(value).toEqual(['user', 'user_add', 'user_del']);
    value = toggleChecked(index, value, 'role');
    expect(value).toEqual(['sys', 'user', 'user_add', 'user_del', 'role']);
    // Clearing a leaf takes its ancestors out.
    expect(toggleChecked(index, value, 'user_add')).toEqual(['user_del', 'role']);
    // A parent toggles its subtree; a partial parent becomes fully checked.
    expect(toggleChecked(index, [], 'sys')).toEqual([
      'sys',
      'user',
      'user_add',
      'user_del',
      'role',
    ]);
    expect(toggleChecked(index, ['user_add'], 'sys')).toEqual([
      'sys',
      'user',
      'user_add',
      'user_del',
      'role',
    ]);
    expect(toggleChecked(index, ['sys', 'user', 'user_add', 'user_del', 'role'], 'sys')).toEqual(
      [],
    );
  });

  it('linkAncestors: checking a button carries its screen and group (half-checked parents)', () => {
    let value = toggleChecked(index, [], 'user_add', true);
    expect(value).toEqual(['sys', 'user', 'user_add']);
    value = toggleChecked(index, value, 'wel', true);
    expect(value).toEqual(['sys', 'user', 'user_add', 'home', 'wel']);
    // Clearing one of two keeps the ancestors while anything below them is checked.
    value = toggleChecked(index, [...value, 'role'], 'user_add', true);
    expect(value).toEqual(['sys', 'role', 'home', 'wel']);
    // Clearing the last thing under a group drops the group.
    expect(toggleChecked(index, value, 'role', true)).toEqual(['home', 'wel']);
  });

  it('keeps ids that are not in the tree', () => {
    expect(toggleChecked(index, ['elsewhere'], 'wel')).toEqual(['home', 'wel', 'elsewhere']);
  });

  it('filters to the matches, their ancestors (opened) and their subtrees', () => {
    const rows = visibleRows(index, new Set(), '删');
    expect(rows.map((r) => [r.title, r.level, r.expanded])).toEqual([
      ['系统管理', 1, true],
      ['用户管理', 2, true],
      ['删除', 3, false],
    ]);
    expect(visibleRows(index, new Set(), '用户').map((r) => r.id)).toEqual(['sys', 'user']);
    expect(visibleRows(index, new Set(['user']), '用户').map((r) => r.id)).toEqual([
      'sys',
      'user',
      'user_add',
      'user_del',
    ]);
  });
});

function Harness({
  nodes = TREE,
  initial = [] as string[],
  linkAncestors = false,
  onChange = (_ids: string[]) => {},
  filterable,
}: {
  nodes?: CheckTreeNode[];
  initial?: string[];
  linkAncestors?: boolean;
  onChange?: (ids: string[]) => void;
  filterable?: boolean;
}) {
  const [checked, setChecked] = useState(initial);
  return (
    <CheckTree
      nodes={nodes}
      checked={checked}
      onChange={(ids) => {
        onChange(ids);
        setChecked(ids);
      }}
      label="菜单"
      linkAncestors={linkAncestors}
      {...(filterable === undefined ? {} : { filterable })}
    />
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <Harness {...props} />
      </MantineProvider>
    </Provider>,
  );
  return store;
}

const item = (name: string) => screen.getByRole('treeitem', { name });
const checkedOf = (name: string) => item(name).getAttribute('aria-checked');
/** A tree item by its text, without computing 300 accessible names. */
const byText = (text: string) => screen.getByText(text).closest<HTMLElement>('[role="treeitem"]')!;
const shown = () => screen.queryAllByRole('treeitem').map((el) => el.textContent);

afterEach(cleanup);

describe('CheckTree', () => {
  it('shows a tree with the roots open and every box in its state', () => {
    setup({ initial: ['user_add'] });
    const tree = screen.getByRole('tree', { name: '菜单' });
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((el) => el.textContent),
    ).toEqual(['系统管理', '用户管理', '角色管理', '首页', '工作台']);
    expect(checkedOf('系统管理')).toBe('mixed');
    expect(checkedOf('用户管理')).toBe('mixed');
    expect(checkedOf('角色管理')).toBe('false');
    expect(item('系统管理').getAttribute('aria-expanded')).toBe('true');
    expect(item('用户管理').getAttribute('aria-expanded')).toBe('false');
    expect(item('角色管理').hasAttribute('aria-expanded')).toBe(false);
    expect(item('用户管理').getAttribute('aria-level')).toBe('2');
  });

  it('checks a whole subtree with a click and reports the new value', () => {
    const onChange = vi.fn();
    setup({ onChange });
    fireEvent.click(item('系统管理'));
    expect(onChange).toHaveBeenLastCalledWith(['sys', 'user', 'user_add', 'user_del', 'role']);
    expect(checkedOf('系统管理')).toBe('true');
    expect(checkedOf('角色管理')).toBe('true');
    fireEvent.click(item('角色管理'));
    expect(checkedOf('系统管理')).toBe('mixed');
    expect(onChange).toHaveBeenLastCalledWith(['user', 'user_add', 'user_del']);
  });

  it('opens and closes with the arrow beside a parent, not the box', () => {
    const onChange = vi.fn();
    setup({ onChange });
    const twisty = item('用户管理').querySelector('[data-part="twisty"]')!;
    fireEvent.click(twisty);
    expect(shown()).toContain('新增');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(item('用户管理').querySelector('[data-part="twisty"]')!);
    expect(shown()).not.toContain('新增');
  });

  it('is keyboard usable: arrows move, open and close, Space toggles, one tab stop', () => {
    const onChange = vi.fn();
    setup({ onChange, linkAncestors: true });
    const tabStops = () =>
      screen.getAllByRole('treeitem').filter((el) => el.getAttribute('tabindex') === '0');
    expect(tabStops().map((el) => el.textContent)).toEqual(['系统管理']);

    item('系统管理').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('用户管理'));
    // Right opens a closed parent, then goes to its first child.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(item('用户管理').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(item('用户管理'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(item('新增'));
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith(['sys', 'user', 'user_add']);
    expect(checkedOf('新增')).toBe('true');
    expect(checkedOf('用户管理')).toBe('mixed');
    // Left on a leaf goes to the parent; on an open parent it closes it.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(item('用户管理'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(item('用户管理').getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(item('工作台'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(item('系统管理'));
    expect(tabStops().map((el) => el.textContent)).toEqual(['系统管理']);
  });

  it('filters long trees and says when nothing matches', () => {
    setup({ filterable: true });
    const filter = screen.getByRole('textbox', { name: '菜单: 输入关键字筛选' });
    fireEvent.change(filter, { target: { value: '删除' } });
    expect(shown()).toEqual(['系统管理', '用户管理', '删除']);
    // Enter in the filter box goes to the first match (not its ancestors shown above it)
    // instead of submitting a dialog.
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(document.activeElement).toBe(item('删除'));
    fireEvent.change(filter, { target: { value: 'zzz' } });
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByText('没有匹配的节点')).toBeTruthy();
  });

  it('shows the filter box by itself only for long trees', () => {
    setup();
    expect(screen.queryByRole('textbox')).toBeNull();
    cleanup();
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `n${i}`, title: `节点${i}` }));
    setup({ nodes: many });
    expect(screen.getByRole('textbox')).toBeTruthy();
  });

  it('expands and collapses everything, in both languages', () => {
    const store = setup();
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    expect(shown()).toEqual(['系统管理', '用户管理', '新增', '删除', '角色管理', '首页', '工作台']);
    fireEvent.click(screen.getByRole('button', { name: '折叠全部' }));
    expect(shown()).toEqual(['系统管理', '首页']);
    act(() => {
      store.dispatch(langChanged('en'));
    });
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeTruthy();
    act(() => {
      store.dispatch(langChanged('zh'));
    });
  });

  it('handles a 300-node tree: every node shown, one toggle changes only its subtree', () => {
    const nodes: CheckTreeNode[] = Array.from({ length: 20 }, (_, g) => ({
      id: `g${g}`,
      title: `分组${g}`,
      children: Array.from({ length: 14 }, (_, s) => ({
        id: `g${g}s${s}`,
        title: `页面${g}-${s}`,
      })),
    }));
    const onChange = vi.fn();
    setup({ nodes, onChange });
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(300);
    fireEvent.click(byText('分组7'));
    const ids = onChange.mock.calls[0]![0] as string[];
    expect(ids).toHaveLength(15);
    expect(byText('页面7-13').getAttribute('aria-checked')).toBe('true');
    expect(byText('页面8-0').getAttribute('aria-checked')).toBe('false');
    expect(byText('分组7').getAttribute('aria-checked')).toBe('true');
  });
});
