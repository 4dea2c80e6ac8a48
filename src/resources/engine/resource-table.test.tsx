import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MRT_RowSelectionState } from 'mantine-react-table';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installApi } from '../../app/install-api';
import { createAppStore } from '../../app/app-store';
import { defineResource, type ResourceDef } from '../types';
import { ResourceTable, type TableLayoutProps } from './resource-table';
import type { Row } from './table-row';
import { giveTableAViewport } from '../../test/table-viewport';
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
    { field: 'quantity', label: { zh: '数量', en: 'Quantity' }, kind: 'number', width: 60 },
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
  const store = createAppStore();
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

beforeAll(() => giveTableAViewport());

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('ResourceTable on a large page', () => {
  it('puts only the rows in view in the DOM, each with its place in the page', () => {
    const { table, bodyRows } = renderTable({ rows: page(500) });
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
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
    // Default density md: 22 px button or line + 2 x 3 px padding + 1 px border (issue 25 item
    // 12: some 15 rows at 900 px, where 61 px rows showed 7).
    for (const tr of bodyRows()) expect(tr.style.height).toBe('29px');
  });

  it('sizes columns to their content and header, not to a roomy declared width', () => {
    const { table } = renderTable({ rows: page(3) });
    const size = (id: string) => Number(table().style.getPropertyValue(`--col-${id}-size`));
    // Declared 60: padding 16 + two bold CJK glyphs 29.4 + 4 (the menu and the sort button
    // show over the header's end on hover).
    expect(size('quantity')).toBe(50);
    // Declared 180: 'SO1000' is six 9 px characters + padding 16 + 2.
    expect(size('orderNo')).toBe(72);
    // Amounts: as wide as '9.90' or the header, whichever is wider.
    expect(size('actualAmount')).toBe(Math.ceil(16 + 4 * 14 * 1.05 + 4));
  });

  it('still selects a row from its (memoised) checkbox', () => {
    const onSelect = vi.fn();
    const { bodyRows } = renderTable({ rows: page(500), onSelect });
    const box = within(bodyRows()[1]!).getByRole('checkbox', { name: '选择' });
    act(() => void fireEvent.click(box));
    expect(onSelect).toHaveBeenLastCalledWith({ '2': true });
    expect((within(bodyRows()[1]!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('Shift+click on a row checkbox selects the range from the last one clicked', () => {
    const onSelect = vi.fn();
    const { bodyRows } = renderTable({ rows: page(500), onSelect });
    const box = (i: number) => within(bodyRows()[i]!).getByRole('checkbox', { name: '选择' });
    act(() => void fireEvent.click(box(1)));
    act(() => void fireEvent.click(box(4), { shiftKey: true }));
    expect(onSelect).toHaveBeenLastCalledWith({ '2': true, '3': true, '4': true, '5': true });
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

interface Import {
  id: string;
  batchNo: string;
  channel: string;
  cover: string;
  resultFile: string;
}

const imports = defineResource<Import>({
  service: 'test/import',
  route: '/test/import',
  title: { zh: '导入记录', en: 'Imports' },
  permissions: {},
  paging: 'generic',
  columns: [
    {
      field: 'batchNo',
      label: { zh: '批次号', en: 'Batch' },
      help: { zh: '导入时生成的批次编号', en: 'Made when the file is imported' },
      sortable: true,
    },
    {
      field: 'channel',
      label: { zh: '渠道', en: 'Channel' },
      kind: 'tag',
      options: [{ value: 'app', label: { zh: '应用', en: 'App' }, color: 'blue' }],
    },
    { field: 'cover', label: { zh: '封面', en: 'Cover' }, kind: 'image' },
    { field: 'resultFile', label: { zh: '导入结果', en: 'Result' }, kind: 'file' },
  ],
  recordLabel: (r) => r.batchNo,
}) as unknown as ResourceDef;

const importRows: Row[] = [
  {
    id: '1',
    batchNo: 'B001',
    channel: 'app',
    cover: 'https://cdn.example.com/c1.png',
    resultFile: 'https://files.example.com/import/%E5%AF%BC%E5%85%A5%E7%BB%93%E6%9E%9C.xlsx',
  },
  {
    id: '2',
    batchNo: 'B002',
    channel: 'h5',
    cover: '',
    resultFile: 'javascript:alert(document.cookie)',
  },
];

function renderImports({
  total = 95,
  pageIndex = 0,
  onPaginationChange = vi.fn(),
  onSortingChange = vi.fn(),
}: {
  total?: number;
  pageIndex?: number;
  onPaginationChange?: (p: { pageIndex: number; pageSize: number }) => void;
  onSortingChange?: () => void;
} = {}) {
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <ResourceTable
          def={imports}
          rows={importRows}
          total={total}
          loading={false}
          fetching={false}
          pagination={{ pageIndex, pageSize: 10 }}
          onPaginationChange={onPaginationChange}
          sorting={[]}
          onSortingChange={onSortingChange}
          selectable={false}
          rowSelection={{}}
          onRowSelectionChange={() => undefined}
          actions={{}}
        />
      </MantineProvider>
    </Provider>,
  );
  return { onPaginationChange, onSortingChange };
}

describe('ResourceTable pagination bar (total, sizes, pager, jumper)', () => {
  const jumper = () => screen.getByRole('textbox', { name: '跳转到的页码' });
  const jump = (text: string) => {
    fireEvent.change(jumper(), { target: { value: text } });
    fireEvent.keyDown(jumper(), { key: 'Enter' });
  };

  it('says the total and the current page, and goes to another page from the pager', () => {
    const { onPaginationChange } = renderImports({ pageIndex: 1 });
    const bar = screen.getByRole('navigation', { name: '分页' });
    expect(within(bar).getByText('共 95 条')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(bar).getByRole('button', { name: '第 10 页' })).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: '下一页' }));
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 10 });
    expect(within(bar).getByText('前往')).toBeTruthy();
    expect(within(bar).getByText('页')).toBeTruthy();
  });

  it('Enter in the jumper goes to that page, clamped to the pages there are', () => {
    const { onPaginationChange } = renderImports();
    jump('5');
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 4, pageSize: 10 });
    jump('99');
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 9, pageSize: 10 });
    expect((jumper() as HTMLInputElement).value).toBe('10');
    jump('0');
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10 });
  });

  it('ignores a jumper text that is not a page number', () => {
    const { onPaginationChange } = renderImports();
    jump('abc');
    jump('2.5');
    jump('');
    expect(onPaginationChange).not.toHaveBeenCalled();
  });

  it('a new page size starts again at page 1', async () => {
    // Mantine's option list scrolls the chosen option into view; jsdom has no scrolling.
    Element.prototype.scrollIntoView = () => undefined;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const { onPaginationChange } = renderImports({ pageIndex: 3 });
    fireEvent.click(screen.getByRole('textbox', { name: '每页条数' }));
    fireEvent.click(await screen.findByRole('option', { name: '20条/页' }));
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 20 });
  });
});

describe('ResourceTable cells and headers', () => {
  it('names a row button in one tooltip on hover and on keyboard focus, hidden on leaving', async () => {
    renderTable({ rows: page(20) });
    const view = screen.getByRole('button', { name: '查看 SO1000' });
    const remove = screen.getByRole('button', { name: '删除 SO1000' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOver(view);
    expect((await screen.findByRole('tooltip')).textContent).toBe('查看');
    // Moving to the next button moves the one tooltip there.
    fireEvent.pointerOut(view, { relatedTarget: remove });
    fireEvent.pointerOver(remove);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('删除'));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    fireEvent.pointerOut(remove, { relatedTarget: document.body });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // A click's focus adds nothing to the hover tooltip.
    fireEvent.pointerDown(view);
    act(() => view.focus());
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => view.blur());
    // Tab onto a button: its name shows until it loses focus or Escape is pressed.
    act(() => view.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('查看');
    fireEvent.keyDown(view, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    act(() => remove.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('删除');
    act(() => remove.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it("a header's column menu opens on its first click, takes the focus, and does not sort", async () => {
    const { onSortingChange } = renderImports();
    const header = screen.getByRole('columnheader', { name: /批次号/ });
    fireEvent.click(within(header).getByRole('button', { name: '列操作' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '按 批次号 升序排序' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: '隐藏 批次号 列' })).toBeTruthy();
    expect(onSortingChange).not.toHaveBeenCalled();
    // MRT's own menu button has replaced the light one, and holds the focus the menu returns.
    expect(within(header).getAllByRole('button', { name: '列操作' })).toHaveLength(1);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '按 批次号 升序排序' }));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'batchNo', desc: false }]);
  });

  it('header help: a "?" button named after the column shows the help on focus', async () => {
    const { onSortingChange } = renderImports();
    const help = screen.getByRole('button', { name: '批次号说明' });
    expect(screen.queryByText('导入时生成的批次编号')).toBeNull();
    fireEvent.focus(help);
    expect((await screen.findByRole('tooltip')).textContent).toBe('导入时生成的批次编号');
    fireEvent.blur(help);
    await waitFor(() => expect(screen.queryByText('导入时生成的批次编号')).toBeNull());
    // Its click opens the help and does not sort the column.
    fireEvent.click(help);
    expect(await screen.findByText('导入时生成的批次编号')).toBeTruthy();
    expect(onSortingChange).not.toHaveBeenCalled();
  });

  it('file cells open http(s) addresses in a new window and show anything else as text', () => {
    renderImports();
    const link = screen.getByRole('link', { name: '导入结果.xlsx' });
    expect(link.getAttribute('href')).toBe(importRows[0]!.resultFile);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('javascript:alert(document.cookie)').closest('a')).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('image cells open a preview from a named button; an empty one shows a dash', async () => {
    renderImports();
    fireEvent.click(screen.getByRole('button', { name: '预览图片 封面' }));
    const dialog = await screen.findByRole('dialog', { name: '封面' });
    expect(within(dialog).getByRole('img', { name: '封面' }).getAttribute('src')).toBe(
      'https://cdn.example.com/c1.png',
    );
    const cells = [...document.querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelectorAll('td')[3]?.textContent,
    );
    expect(cells[1]).toBe('-');
  });

  it('tag cells show the option label in its colour, an unknown value as is', () => {
    renderImports();
    const tag = screen.getByText('应用').closest('.mantine-Badge-root') as HTMLElement;
    expect(tag.style.getPropertyValue('--badge-color')).toContain('blue');
    expect(screen.getByText('h5')).toBeTruthy();
  });
});

describe('ResourceTable status and tag columns from a dictionary', () => {
  it('maps values to the dictionary labels once it has loaded (one request per code)', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        const data = [
          { dictKey: '1', dictValue: '高层' },
          { dictKey: '2', dictValue: '中层' },
        ];
        return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    onTestFinished(() => void vi.unstubAllGlobals());
    const posts = defineResource<{ id: string; category: string; level: string }>({
      service: 'test/post',
      route: '/test/post',
      title: { zh: '岗位', en: 'Posts' },
      permissions: {},
      columns: [
        {
          field: 'category',
          label: { zh: '类型', en: 'Type' },
          kind: 'status',
          dict: 'post_category',
        },
        { field: 'level', label: { zh: '级别', en: 'Level' }, kind: 'tag', dict: 'post_category' },
      ],
      recordLabel: (r) => r.id,
    }) as unknown as ResourceDef;
    const store = createAppStore();
    installApi(store);
    // The API slice's state appears with the next action, as it has in the signed-in console.
    store.dispatch({ type: 'test/started' });
    render(
      <Provider store={store}>
        <MantineProvider env="test">
          <ResourceTable
            def={posts}
            rows={[{ id: 'p1', category: '2', level: '1' }]}
            total={1}
            loading={false}
            fetching={false}
            pagination={{ pageIndex: 0, pageSize: 10 }}
            onPaginationChange={() => undefined}
            sorting={[]}
            onSortingChange={() => undefined}
            selectable={false}
            rowSelection={{}}
            onRowSelectionChange={() => undefined}
            actions={{}}
          />
        </MantineProvider>
      </Provider>,
    );
    expect(await screen.findByText('中层')).toBeTruthy();
    expect(screen.getByText('高层').closest('.mantine-Badge-root')).not.toBeNull();
    expect(requested).toEqual(['/api/blade-system/dict/dictionary?code=post_category']);
  });
});

describe('ResourceTable sum footer and money (issue 25 items 9 and 11)', () => {
  const money = defineResource<Order>({
    ...(def as unknown as Parameters<typeof defineResource<Order>>[0]),
    sums: ['quantity', 'actualAmount'],
  }) as unknown as ResourceDef;
  const rows = (n: number): Row[] =>
    Array.from({ length: n }, (_, i) => ({
      id: String(i + 1),
      orderNo: `SO${String(1000 + i)}`,
      quantity: 7,
      actualAmount: '1234567.5',
    }));

  function renderFooter(props: { total: number; answerSums?: Record<string, unknown> }) {
    render(
      <Provider store={createAppStore()}>
        <MantineProvider env="test">
          <ResourceTable
            def={money}
            rows={rows(2)}
            total={props.total}
            loading={false}
            fetching={false}
            pagination={{ pageIndex: 0, pageSize: 20 }}
            onPaginationChange={() => undefined}
            sorting={[]}
            onSortingChange={() => undefined}
            selectable={false}
            rowSelection={{}}
            onRowSelectionChange={() => undefined}
            actions={{}}
            answerSums={props.answerSums}
          />
        </MantineProvider>
      </Provider>,
    );
    const footer = document.querySelector('tfoot tr')!;
    return [...footer.querySelectorAll('th')].map((cell) =>
      [...cell.querySelectorAll('.sum-line')].map((line) => line.textContent),
    );
  }

  it('shows money with thousands separators and two decimals in cells', () => {
    renderFooter({ total: 2 });
    const cells = [...document.querySelectorAll('tbody tr:first-child td')].map(
      (td) => td.textContent,
    );
    expect(cells).toContain('1,234,567.50');
    expect(cells).not.toContain('1234567.50');
  });

  it("labels the page's totals 本页合计, quantities as whole numbers", () => {
    const footer = renderFooter({ total: 2 });
    expect(footer).toEqual([['本页合计'], [], ['14'], ['2,469,135.00']]);
  });

  it("labels the server's totals 全部合计, and shows the page's beside them when there are more pages", () => {
    const all = { quantity: 2160, actualAmount: '2361473.90' };
    expect(renderFooter({ total: 2, answerSums: all })).toEqual([
      ['全部合计'],
      [],
      ['2,160'],
      ['2,361,473.90'],
    ]);
    cleanup();
    expect(renderFooter({ total: 300, answerSums: all })).toEqual([
      ['本页合计', '全部合计'],
      [],
      ['14', '2,160'],
      ['2,469,135.00', '2,361,473.90'],
    ]);
  });
});
