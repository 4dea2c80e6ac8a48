import '../../../src/app/base.css';
import '../../../src/i18n/console-messages';
import type {
  MRT_PaginationState,
  MRT_RowSelectionState,
  MRT_SortingState,
} from 'mantine-react-table';
import { useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { ThemedMantine } from '../../../src/components/mantine-root';
import { createAppStore } from '../../../src/app/app-store';
import type { RowActions } from '../../../src/resources/engine/resource-table';
import type { Row } from '../../../src/resources/engine/table-row';
import { defineResource, type ResourceDef } from '../../../src/resources/types';

/**
 * The real ResourceTable with a typical 12-column resource and a 500-row page, for the
 * mount-to-paint, heap and scroll figures of `npm run bench -- --table`. The page exposes
 * `window.tableBench` once the table's code has loaded; tests/bench/table-paint.ts drives it.
 * The table is imported dynamically, as the console loads its list screens: its code is a chunk
 * of its own, built with the console's compile hint (scripts/compile-hints.ts). That chunk also
 * carries the Mantine components only the table uses here; in the console they are chunks of
 * their own, mostly run already by the shell.
 */
const { ResourceTable } = await import('../../../src/resources/engine/resource-table');

interface BenchRow {
  id: string;
  orderNo: string;
  goodsName: string;
  quantity: number;
  marketAmount: string;
  discountAmount: number;
  actualAmount: string;
  status: number;
  channel: string;
  invoiced: number;
  enabled: number;
  createTime: string;
  detailUrl: string;
}

const COUNT = Number(new URLSearchParams(location.search).get('rows') ?? 500);

const def = defineResource<BenchRow>({
  service: 'bench/order',
  route: '/bench/order',
  title: { zh: '订单', en: 'Orders' },
  permissions: { add: 'a', edit: 'e', remove: 'r', view: 'v' },
  paging: 'generic',
  sums: ['quantity', 'marketAmount', 'actualAmount'],
  columns: [
    { field: 'orderNo', label: { zh: '订单号', en: 'Order no.' }, width: 180, sortable: true },
    { field: 'goodsName', label: { zh: '商品名称', en: 'Goods' }, width: 200 },
    { field: 'quantity', label: { zh: '数量', en: 'Quantity' }, kind: 'number', width: 90 },
    { field: 'marketAmount', label: { zh: '市场价', en: 'Market' }, kind: 'amount', width: 110 },
    {
      field: 'discountAmount',
      label: { zh: '优惠金额', en: 'Discount' },
      kind: 'amount',
      width: 110,
    },
    { field: 'actualAmount', label: { zh: '实付金额', en: 'Paid' }, kind: 'amount', width: 110 },
    {
      field: 'status',
      label: { zh: '状态', en: 'Status' },
      kind: 'status',
      width: 100,
      options: [
        { value: '0', label: { zh: '待支付', en: 'Unpaid' } },
        { value: '1', label: { zh: '已支付', en: 'Paid' } },
        { value: '2', label: { zh: '已退款', en: 'Refunded' } },
      ],
    },
    {
      field: 'channel',
      label: { zh: '渠道', en: 'Channel' },
      kind: 'tag',
      width: 110,
      options: [
        { value: 'app', label: { zh: 'App', en: 'App' }, color: 'blue' },
        { value: 'mini', label: { zh: '小程序', en: 'Mini program' }, color: 'green' },
        { value: 'h5', label: { zh: 'H5', en: 'H5' }, color: 'orange' },
      ],
    },
    { field: 'invoiced', label: { zh: '已开票', en: 'Invoiced' }, kind: 'yesNo', width: 90 },
    { field: 'enabled', label: { zh: '启用', en: 'Enabled' }, kind: 'switch', width: 90 },
    {
      field: 'createTime',
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      width: 170,
      sortable: true,
    },
    { field: 'detailUrl', label: { zh: '详情', en: 'Details' }, kind: 'link', width: 110 },
  ],
  recordLabel: (row) => row.orderNo,
}) as unknown as ResourceDef;

const CHANNELS = ['app', 'mini', 'h5'] as const;
const rows: Row[] = Array.from({ length: COUNT }, (_, i): BenchRow => {
  const market = 10 + ((i * 37) % 990) + (i % 100) / 100;
  return {
    id: String(1_900_000_000_000_000_000n + BigInt(i)),
    orderNo: `SO2026${String(100000 + i)}`,
    goodsName: `权益商品 ${String(i % 97)} 月卡`,
    quantity: 1 + (i % 5),
    marketAmount: market.toFixed(2),
    discountAmount: (i % 7) * 1.5,
    actualAmount: (market - (i % 7) * 1.5).toFixed(2),
    status: i % 3,
    channel: CHANNELS[i % 3] ?? 'app',
    invoiced: i % 2,
    enabled: (i + 1) % 2,
    createTime: `2026-03-${String(1 + (i % 28)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00`,
    detailUrl: `https://example.com/orders/${String(i)}`,
  };
}) as unknown as Row[];

const ACTIONS: RowActions = { view: () => {}, edit: () => {}, remove: () => {} };

/** The screen's state around the table, as ResourceScreen holds it. */
function Harness({ onCommitted }: { onCommitted: () => void }) {
  const [pagination, setPagination] = useState<MRT_PaginationState>({
    pageIndex: 0,
    pageSize: 500,
  });
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  // Runs after every child's layout effects: the table's DOM is in place.
  useLayoutEffect(onCommitted, [onCommitted]);
  return (
    <ResourceTable
      def={def}
      rows={rows}
      total={COUNT * 4}
      loading={false}
      fetching={false}
      pagination={pagination}
      onPaginationChange={setPagination}
      sorting={sorting}
      onSortingChange={setSorting}
      selectable
      rowSelection={rowSelection}
      onRowSelectionChange={setRowSelection}
      actions={ACTIONS}
    />
  );
}

const store = createAppStore();
const root = createRoot(document.getElementById('root')!);
const twoFrames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

let mounts = 0;

/** Mount to paint: from render() to the second animation frame after the table's commit. */
function mount(): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let done = false;
    const onCommitted = () => {
      if (done) return;
      done = true;
      void twoFrames().then(() => resolve(performance.now() - t0));
    };
    mounts += 1;
    root.render(
      <Provider store={store}>
        <ThemedMantine>
          <Harness key={mounts} onCommitted={onCommitted} />
        </ThemedMantine>
      </Provider>,
    );
  });
}

async function unmount(): Promise<void> {
  root.render(null);
  await twoFrames();
}

function scroller(): HTMLElement {
  const el = document.querySelector<HTMLElement>('.mrt-table-container');
  if (!el) throw new Error('no table container');
  return el;
}

/**
 * Scrolls the table container from top to bottom by `step` pixels per animation frame and
 * returns the frame times (deltas between animation frames) while it scrolls, and the serial
 * number of the last body row in the DOM at the end (the last row of the page was rendered).
 * Nothing in the loop hit-tests (elementFromPoint costs a paint-tree update every frame).
 */
async function scroll(step: number): Promise<{ frames: number[]; lastSerial: string }> {
  const el = scroller();
  el.scrollTop = 0;
  await twoFrames();
  const frames: number[] = await new Promise((resolve) => {
    const out: number[] = [];
    let last = -1;
    const tick = (ts: number) => {
      if (last >= 0) out.push(ts - last);
      last = ts;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) {
        resolve(out);
        return;
      }
      el.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await twoFrames();
  const body = [...el.querySelectorAll('tbody tr')];
  const lastSerial = body.at(-1)?.querySelector('td:nth-child(2)')?.textContent ?? '';
  return { frames, lastSerial };
}

/** Rows in the DOM and whether the footer shows the sums. */
function inspect() {
  const table = document.querySelector('table');
  return {
    label: table?.getAttribute('aria-label') ?? '',
    bodyRows: table?.querySelectorAll('tbody tr').length ?? 0,
    footer: table?.querySelector('tfoot')?.textContent ?? '',
    scrollHeight: scroller().scrollHeight,
    clientHeight: scroller().clientHeight,
  };
}

(window as unknown as { tableBench: unknown }).tableBench = { mount, unmount, scroll, inspect };
