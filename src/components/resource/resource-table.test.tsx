import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { MRT_RowSelectionState } from 'mantine-react-table';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { defineResource, type ResourceDef } from '../../resources/types';
import { ResourceTable, type Row, type TableLayoutProps } from './resource-table';
import { ACTIONS_COLUMN, SELECT_COLUMN } from './use-table-layout';

interface Order {
  id: string;
  orderNo: string;
  quantity: number;
  actualAmount: string;
}

const def = defineResource<Order>({
  service: 'test/order',
  route: '/test/order',
  title: { zh: '订单', en: 'Orders' },
  permissions: {},
  sums: ['quantity'],
  columns: [
    { field: 'orderNo', label: { zh: '订单号', en: 'Order no.' }, width: 180 },
    { field: 'quantity', label: { zh: '数量', en: 'Quantity' }, kind: 'number', width: 90 },
    { field: 'actualAmount', label: { zh: '实付金额', en: 'Paid' }, kind: 'amount' },
  ],
  recordLabel: (o) => o.orderNo,
}) as unknown as ResourceDef;

const page = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    orderNo: `SO${String(1000 + i)}`,
    quantity: 1,
    actualAmount: '9.90',
  }));

const COLUMN_IDS = [SELECT_COLUMN, 'serial', 'orderNo', 'quantity', 'actualAmount', ACTIONS_COLUMN];
const layoutOf = (left: string[]): TableLayoutProps => ({
  layout: {
    columnOrder: COLUMN_IDS,
    columnVisibility: {},
    columnPinning: { left: [SELECT_COLUMN, ...left], right: [ACTIONS_COLUMN] },
    density: 'md',
  },
  onColumnOrderChange: () => undefined,
  onColumnVisibilityChange: () => undefined,
  onColumnPinningChange: () => undefined,
  onDensityChange: () => undefined,
});

function Table({
  rows,
  focusedIndex,
  layout,
  onSelect,
}: {
  rows: Row[];
  focusedIndex?: number;
  layout?: TableLayoutProps;
  onSelect?: (s: MRT_RowSelectionState) => void;
}) {
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  return (
    <ResourceTable
      def={def}
      rows={rows}
      total={rows.length}
      loading={false}
      fetching={false}
      pagination={{ pageIndex: 0, pageSize: 500 }}
      onPaginationChange={() => undefined}
      sorting={[]}
      onSortingChange={() => undefined}
      selectable
      rowSelection={rowSelection}
      onRowSelectionChange={(next) => {
        setRowSelection(next);
        onSelect?.(next);
      }}
      actions={{ view: () => undefined, remove: () => undefined }}
      {...(focusedIndex === undefined ? {} : { focusedIndex })}
      {...(layout ? { layout } : {})}
    />
  );
}

function renderTable(props: Parameters<typeof Table>[0]) {
  const store = createStore();
  const view = render(
    <Provider store={store}>
      <MantineProvider env="test">
        <Table {...props} />
      </MantineProvider>
    </Provider>,
  );
  return {
    table: () => screen.getByRole('table', { name: '订单' }),
    bodyRows: () => [...document.querySelectorAll<HTMLElement>('tbody tr')],
    rerender: (next: Parameters<typeof Table>[0]) =>
      view.rerender(
        <Provider store={store}>
          <MantineProvider env="test">
            <Table {...next} />
          </MantineProvider>
        </Provider>,
      ),
  };
}

// jsdom has no layout: the table container gets a browser's size (the virtualiser draws the
// rows that fit in it) and is scrolled through scrollTo as in a browser.
beforeAll(() => {
  const rect = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement) {
    return this.classList.contains('mrt-table-container')
      ? DOMRect.fromRect({ width: 1000, height: 600 })
      : rect.call(this);
  };
  const container = (el: HTMLElement) => el.classList.contains('mrt-table-container');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return container(this) ? 600 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return container(this) ? 500 * 61 + 120 : 0;
    },
  });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: unknown) {
    const top = (options as ScrollToOptions | undefined)?.top ?? 0;
    Object.defineProperty(this, 'scrollTop', { value: top, configurable: true });
    this.dispatchEvent(new Event('scroll'));
  } as typeof HTMLElement.prototype.scrollTo;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('ResourceTable on a large page', () => {
  it('puts only the rows in view in the DOM, each with its place in the page', () => {
    const { table, bodyRows } = renderTable({ rows: page(500) });
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(20);
    // Header row 1, 500 body rows, the sum footer.
    expect(table().getAttribute('aria-rowcount')).toBe('502');
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(within(rows[0]!).getByRole('button', { name: '查看 SO1000' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: '删除 SO1000' })).toBeTruthy();
    expect(table().querySelector('tfoot')?.textContent).toContain('500');
  });

  it('gives every row the fixed height of its density, so rows are placed without measuring', () => {
    const { bodyRows } = renderTable({ rows: page(50) });
    expect(bodyRows().length).toBeGreaterThan(0);
    // Default density md: 28 px button + 2 x 16 px padding + 1 px border.
    for (const tr of bodyRows()) expect(tr.style.height).toBe('61px');
  });

  it('widens a narrow column until its header (label, handle, menu) fits', () => {
    const { table } = renderTable({ rows: page(3) });
    const size = Number(table().style.getPropertyValue('--col-quantity-size'));
    expect(size).toBeGreaterThan(90);
    expect(Number(table().style.getPropertyValue('--col-orderNo-size'))).toBe(180);
  });

  it('still selects a row from its (memoised) checkbox', () => {
    const onSelect = vi.fn();
    const { bodyRows } = renderTable({ rows: page(500), onSelect });
    const box = within(bodyRows()[1]!).getByRole('checkbox', { name: '选择' });
    act(() => void fireEvent.click(box));
    expect(onSelect).toHaveBeenLastCalledWith({ '2': true });
    expect((within(bodyRows()[1]!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('scrolls a focused row that is out of view into the DOM and focuses it', async () => {
    const { rerender, bodyRows } = renderTable({ rows: page(500), focusedIndex: 0 });
    expect(document.querySelector('tr[data-row-index="300"]')).toBeNull();
    rerender({ rows: page(500), focusedIndex: 300 });
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('data-row-index')).toBe('300'),
    );
    expect(bodyRows().some((tr) => tr.getAttribute('data-row-index') === '300')).toBe(true);
  });

  it('still pins a column on screen with memoised body cells', () => {
    const { rerender } = renderTable({ rows: page(5), layout: layoutOf([]) });
    const cell = () => document.querySelector('tbody tr td[data-index="3"]');
    expect(cell()?.hasAttribute('data-column-pinned')).toBe(false);
    rerender({ rows: page(5), layout: layoutOf(['quantity']) });
    const pinned = [...document.querySelectorAll('tbody tr:first-child td')].filter((td) =>
      td.hasAttribute('data-column-pinned'),
    );
    // Selection, the newly pinned quantity, and the actions on the right.
    expect(pinned.map((td) => td.getAttribute('data-column-pinned'))).toEqual([
      'left',
      'left',
      'right',
    ]);
  });
});
