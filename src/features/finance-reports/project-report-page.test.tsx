import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ProjectReportRow,
  ReportAnswer,
  SaleReportRow,
} from '../../contracts/platform-supplier/sup-order-report';
import { langChanged } from '../../state/ui-slice';
import { renderSignedIn, reply, ok, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ORDER_REPORT_TABS } from '../../resources/platform-supplier/sup-order-report';
import ProjectReportPage from './project-report-page';
import { compactAmount, valueAxisWidth } from './report-charts';

beforeAll(() => {
  giveTableAViewport();
  // jsdom lays nothing out, so recharts' ResponsiveContainer would measure 0 x 0 and draw
  // nothing: its box gets the size a browser would give it (the page fixes the height).
  const rect = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container')
      ? DOMRect.fromRect({ width: 600, height: 220 })
      : rect.call(this);
  };
});

const API = '/api/blade-quanyi-platform-supplier/sup-order-report';
const HELD = [
  'project_report',
  'project_report_view',
  'project_report_export',
  'project_report_export_detail',
  'project_report_remark_invoice',
  'project_report_remark_clear',
];

const SUMS = {
  quantity: 7,
  marketAmount: '0.90',
  discountAmount: '0.20',
  actualAmount: '0.70',
  costPrice: '0.30',
  profit: '0.40',
};
const EMPTY_CHART = { unit: 'day' as const, byPeriod: [], bySupplier: [] };

function answerOf<Row>(records: Row[], fields: Partial<ReportAnswer<Row>> = {}): ReportAnswer<Row> {
  return {
    records,
    total: records.length,
    size: 10,
    current: 1,
    pages: 1,
    sums: SUMS,
    chart: EMPTY_CHART,
    range: { start: '2026-10-28', end: '2026-11-26' },
    ...fields,
  };
}

const projectRow = (fields: Partial<ProjectReportRow> = {}): ProjectReportRow => ({
  id: '101_2026-11',
  month: '2026-11',
  supId: '101',
  supName: '星巴克',
  quantity: 2,
  marketAmount: 0.3,
  discountAmount: 0.1,
  actualAmount: 0.2,
  costPrice: 0.1,
  profit: 0.1,
  invoiceRemark: null,
  ...fields,
});

const saleRow: SaleReportRow = {
  id: '2026-11-20_101_201',
  day: '2026-11-20',
  supId: '101',
  supName: '星巴克',
  goodId: '201',
  goodName: '中杯券',
  orderCount: 1,
  quantity: 1,
  marketAmount: 0.1,
  discountAmount: 0,
  actualAmount: 0.1,
  costPrice: 0.1,
  profit: 0,
};

let calls: Call[] = [];
let answer: (call: Call) => unknown;

beforeEach(() => {
  calls = scriptFetch((call) => {
    if (call.url.startsWith('/api/blade-system/table-set')) return null;
    if (call.url.includes('/sup-options') || call.url.includes('/good-options')) return [];
    return answer(call);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const listCalls = (call: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith(`${API}/${call}`));

describe('/finance/project-reportList', { timeout: 30_000 }, () => {
  it('declares each report over its call, with the 31-day range on the sale reports and the server sums', () => {
    expect(ORDER_REPORT_TABS.map((tab) => tab.def.paths?.list)).toEqual([
      'list',
      'saleReportPage',
      'saleReturnReportPage',
      'saleDetailReportPage',
      'saleReturnDetailReportPage',
    ]);
    for (const { def, kind } of ORDER_REPORT_TABS) {
      expect(def.sumsFromAnswer).toBe(true);
      expect(def.sums).toEqual([
        'quantity',
        'marketAmount',
        'discountAmount',
        'actualAmount',
        'costPrice',
        'profit',
      ]);
      expect(def.permissions.export).toBe('project_report_export');
      const range = def.filters?.find((f) => f.kind === 'dateRange');
      if (kind === 'project') expect(range).toMatchObject({ name: 'month' });
      else expect(range).toMatchObject({ name: 'createTime', maxDays: 31 });
    }
    expect(ORDER_REPORT_TABS.map((tab) => tab.def.export?.excelType)).toEqual([
      'export-sup-order-report',
      'export-sale-report',
      'export-sale-return-report',
      'export-sale-detail-report',
      'export-sale-return-detail-report',
    ]);
  });

  it('shows the five reports as tabs; a tab loads its list on its first visit; arrow keys move between them', async () => {
    answer = (call) =>
      call.url.startsWith(`${API}/list`) ? answerOf([projectRow()]) : answerOf([saleRow]);
    renderSignedIn(<ProjectReportPage />, { permissions: HELD });
    const tabs = screen.getByRole('tablist', { name: '报表' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['项目报表', '销售汇总', '退货汇总', '销售明细', '退货明细', '项目毛利']);
    await screen.findByText('星巴克', {}, { timeout: 8000 });
    expect(listCalls('list')).toHaveLength(1);
    expect(listCalls('saleReportPage')).toHaveLength(0);

    const first = within(tabs).getByRole('tab', { name: '项目报表' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = within(tabs).getByRole('tab', { name: '销售汇总' });
    await waitFor(() => expect(second.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(second);
    await waitFor(() => expect(listCalls('saleReportPage')).toHaveLength(1));
    expect(await screen.findByText('中杯券', {}, { timeout: 8000 })).toBeTruthy();
    // Back to the first: its list stays mounted and is not asked for again.
    fireEvent.keyDown(second, { key: 'ArrowLeft' });
    await waitFor(() => expect(first.getAttribute('aria-selected')).toBe('true'));
    expect(listCalls('list')).toHaveLength(1);
  });

  it('shows the server totals over every matching row in the footer, not the page’s', async () => {
    // One row of 0.20 received on the page; the server counted 0.70 over all matching rows.
    answer = () => answerOf([projectRow()]);
    renderSignedIn(<ProjectReportPage />, { permissions: HELD });
    await screen.findByText('星巴克', {}, { timeout: 8000 });
    const panel = screen.getByRole('tabpanel');
    // Issue 25 item 9: the footer says which total it is, the quantity is a whole number, and the
    // margin (毛利) is totalled beside revenue and cost.
    const footer = within(panel).getByText('全部合计').closest('tr')!;
    const cells = [...footer.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['7', '0.90', '0.20', '0.70', '0.30', '0.40']));
    expect(cells).not.toContain('7.00');
    expect(cells).not.toContain('2.00');
    expect(within(panel).getByRole('columnheader', { name: /毛利/ })).toBeTruthy();
  });

  it('draws the charts from the answer with a zh/en legend, and says when there is nothing', async () => {
    answer = (call) =>
      call.url.startsWith(`${API}/list`)
        ? answerOf([projectRow()], {
            chart: {
              unit: 'month',
              byPeriod: [
                { period: '2026-10', quantity: 3, actualAmount: 1200000, costPrice: 1180000.5 },
                { period: '2026-11', quantity: 2, actualAmount: 0.2, costPrice: 0.1 },
              ],
              bySupplier: [
                {
                  supId: '101',
                  supName: '星巴克',
                  quantity: 5,
                  actualAmount: 12.7,
                  costPrice: 10.1,
                },
              ],
            },
            range: { start: '2025-12', end: '2026-11' },
          })
        : answerOf([]);
    const store = renderSignedIn(<ProjectReportPage />, { permissions: HELD });
    const perMonth = await screen.findByRole('figure', { name: '每月净销售（销售减退货）' });
    await waitFor(() => expect(perMonth.querySelector('svg.recharts-surface')).toBeTruthy());
    // Issue 25 item 10: both series are drawn as lines (not dots alone), and the value axis reads
    // in 万 with room for its labels.
    const lines = [...perMonth.querySelectorAll('path.recharts-line-curve')];
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    const ticks = [...perMonth.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick')];
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick.textContent).toMatch(/^(0|[\d.]+万)$/);
    expect(await within(perMonth).findByText('实收金额（元）')).toBeTruthy();
    expect(within(perMonth).getByText('成本金额（元）')).toBeTruthy();
    const perSupplier = screen.getByRole('figure', { name: '各供应商净销售' });
    await waitFor(() =>
      expect(perSupplier.querySelectorAll('.recharts-bar-rectangle').length).toBe(2),
    );
    // Every supplier keeps its label (bars across, one row each).
    expect(perSupplier.querySelector('.recharts-yAxis')?.textContent).toContain('星巴克');
    expect(screen.getByText('统计范围：2025-12 至 2026-11')).toBeTruthy();
    act(() => void store.dispatch(langChanged('en')));
    expect(await within(perMonth).findByText('Received (yuan)')).toBeTruthy();
    act(() => void store.dispatch(langChanged('zh')));

    // The sales summary of a range without sales: the empty state in both boxes.
    fireEvent.click(screen.getByRole('tab', { name: '销售汇总' }));
    await waitFor(() => expect(screen.getAllByText('所选范围内暂无数据')).toHaveLength(2), {
      timeout: 8000,
    });
    const perDay = screen.getByRole('figure', { name: '每日销售' });
    expect(within(perDay).getByText('所选范围内暂无数据')).toBeTruthy();
    expect(perDay.querySelector('svg.recharts-surface')).toBeNull();
    const perSupplierDay = screen.getByRole('figure', { name: '各供应商销售' });
    expect(within(perSupplierDay).getByText('所选范围内暂无数据')).toBeTruthy();
  });

  it('sets an invoice remark in its dialog and offers 清除备注 only on a row that has one', async () => {
    let remark: string | null = null;
    answer = (call) => {
      if (call.method === 'POST' && call.url.startsWith(`${API}/remarkInvoice`)) {
        remark = (call.body as { remark: string }).remark;
        return null;
      }
      return answerOf([projectRow({ invoiceRemark: remark })]);
    };
    renderSignedIn(<ProjectReportPage />, { permissions: HELD });
    await screen.findByText('星巴克', {}, { timeout: 8000 });
    expect(screen.queryByLabelText('清除备注 星巴克 2026-11')).toBeNull();
    fireEvent.click(await screen.findByLabelText('开票备注 星巴克 2026-11'));
    const dialog = await screen.findByRole('dialog', { name: '开票备注：星巴克 2026-11' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入开票备注')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/开票备注/), {
      target: { value: ' 已开票 0001 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => [c.url, c.body])).toEqual([
      [`${API}/remarkInvoice`, { id: '101_2026-11', remark: '已开票 0001' }],
    ]);
    expect(await screen.findByText('已开票 0001', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByLabelText('清除备注 星巴克 2026-11')).toBeTruthy();
  });

  it('exports a row’s details once with an Idempotency-Key, however often the button is pressed', async () => {
    answer = () => answerOf([projectRow()]);
    renderSignedIn(<ProjectReportPage />, { permissions: HELD });
    await screen.findByText('星巴克', {}, { timeout: 8000 });
    // Record the export call's headers, and hold its answer until both clicks are in.
    const fetched = vi.mocked(globalThis.fetch);
    const scripted = fetched.getMockImplementation()!;
    const headers: Headers[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fetched.mockImplementation(async (url, init) => {
      if (String(url).includes('export-sup-order-report-details')) {
        headers.push(new Headers(init?.headers));
        await held;
        return reply(ok({ id: '9', sourceFileName: '项目报表明细.xlsx' }));
      }
      return scripted(url, init);
    });
    fireEvent.click(await screen.findByLabelText('导出明细 星巴克 2026-11'));
    const dialog = await screen.findByRole('dialog', { name: '导出明细：星巴克 2026-11' });
    const button = within(dialog).getByRole('button', { name: '导出' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(headers).toHaveLength(1));
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headers).toHaveLength(1);
    expect(headers[0]!.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(
      fetched.mock.calls
        .filter(([url]) => String(url).includes('export-sup-order-report-details'))
        .map(([url]) => String(url)),
    ).toEqual([`${API}/export-sup-order-report-details/101_2026-11`]);
  });
});

describe('report chart axes (issue 25 item 10)', () => {
  it('reads amounts compactly: 万 in zh, K and M in en, separators below the unit', () => {
    expect(compactAmount(1200000, 'zh')).toBe('120万');
    expect(compactAmount(123456789, 'zh')).toBe('1.2亿');
    expect(compactAmount(8000, 'zh')).toBe('8,000');
    expect(compactAmount(1200000, 'en')).toBe('1.2M');
    expect(compactAmount(35000, 'en')).toBe('35K');
  });

  it('makes the value axis as wide as its widest label', () => {
    expect(valueAxisWidth([0.2], 'zh')).toBeLessThan(50);
    // '150万' (the top rounded up) is wider than '0'; recharts' 10 px shift and a margin on top.
    expect(valueAxisWidth([1200000], 'zh')).toBeGreaterThanOrEqual(
      Math.ceil((2 * 9 * 12) / 14 + (14 * 12) / 14 + 18),
    );
    expect(valueAxisWidth([123456789], 'en')).toBeGreaterThan(valueAxisWidth([950], 'en'));
  });
});
