import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TransferList, type TransferItem } from './transfer-list';

const TEXTS = {
  leftTitle: '可选门店',
  rightTitle: '已选门店',
  filter: '筛选',
  moveRight: '移到右侧',
  moveLeft: '移到左侧',
  count: '已选 {selected} / 共 {total}',
  empty: '暂无数据',
  help: '空格选择，回车移动',
};

const ALL: TransferItem[] = ['朝阳门店', '海淀门店', '浦东门店', '天河门店'].map((label, i) => ({
  id: `s${i + 1}`,
  label,
  description: `S-00${i + 1}`,
}));

/** The list with its state kept the way a dialog keeps it. */
function Harness({ initial = [] as string[] }) {
  const [chosen, setChosen] = useState<string[]>(initial);
  return (
    <MantineProvider>
      <TransferList
        left={ALL.filter((i) => !chosen.includes(i.id))}
        right={ALL.filter((i) => chosen.includes(i.id))}
        texts={TEXTS}
        onMove={(ids, to) =>
          setChosen((c) => (to === 'right' ? [...c, ...ids] : c.filter((id) => !ids.includes(id))))
        }
      />
    </MantineProvider>
  );
}

const list = (name: string) => screen.getByRole('listbox', { name });
const labels = (name: string) =>
  within(list(name))
    .queryAllByRole('option')
    .map((o) => o.textContent);
const key = (el: HTMLElement, k: string, extra: Partial<KeyboardEventInit> = {}) =>
  act(() => {
    fireEvent.keyDown(el, { key: k, ...extra });
  });

afterEach(cleanup);

describe('TransferList (keyboard)', () => {
  it('selects with Space and moves the selection with Enter; focus stays on the list', () => {
    render(<Harness />);
    const left = list('可选门店');
    left.focus();
    key(left, ' '); // 朝阳
    key(left, 'ArrowDown');
    key(left, 'ArrowDown');
    key(left, ' '); // 浦东
    expect(
      within(left)
        .getAllByRole('option')
        .filter((o) => o.getAttribute('aria-selected') === 'true')
        .map((o) => o.textContent),
    ).toEqual(['朝阳门店S-001', '浦东门店S-003']);
    key(left, 'Enter');
    expect(labels('已选门店')).toEqual(['朝阳门店S-001', '浦东门店S-003']);
    expect(labels('可选门店')).toEqual(['海淀门店S-002', '天河门店S-004']);
    expect(document.activeElement).toBe(left);
    // The active item is still a real one (the second place).
    const activeId = left.getAttribute('aria-activedescendant');
    expect(document.getElementById(activeId!)?.textContent).toBe('天河门店S-004');
  });

  it('moves back with Alt+ArrowLeft from the right list, and Alt+ArrowRight only from the left', () => {
    render(<Harness initial={['s1', 's2']} />);
    const right = list('已选门店');
    right.focus();
    key(right, 'ArrowRight', { altKey: true }); // the wrong way: nothing moves
    expect(labels('已选门店')).toHaveLength(2);
    key(right, 'ArrowLeft', { altKey: true }); // the active one (朝阳) goes back
    expect(labels('已选门店')).toEqual(['海淀门店S-002']);
    expect(labels('可选门店')).toContain('朝阳门店S-001');
  });

  it('filters each side by name or code; Ctrl+A selects every shown item', () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole('textbox', { name: '可选门店 筛选' }), {
      target: { value: 's-00' },
    });
    expect(labels('可选门店')).toHaveLength(4);
    fireEvent.change(screen.getByRole('textbox', { name: '可选门店 筛选' }), {
      target: { value: '门店S-002' },
    });
    expect(labels('可选门店')).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: '可选门店 筛选' }), {
      target: { value: '区' },
    });
    expect(labels('可选门店')).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: '可选门店 筛选' }), {
      target: { value: '东' },
    });
    expect(labels('可选门店')).toEqual(['浦东门店S-003']);
    const left = list('可选门店');
    key(left, 'a', { ctrlKey: true });
    key(left, 'Enter');
    expect(labels('已选门店')).toEqual(['浦东门店S-003']);
  });

  it('the move buttons are in the tab order and move the selection', () => {
    render(<Harness />);
    const left = list('可选门店');
    left.focus();
    key(left, 'End');
    key(left, ' ');
    const button = screen.getByRole('button', { name: '移到右侧' });
    expect(button.tabIndex).not.toBe(-1);
    fireEvent.click(button);
    expect(labels('已选门店')).toEqual(['天河门店S-004']);
    expect(screen.getByText('已选 0 / 共 1')).toBeTruthy();
  });
});
