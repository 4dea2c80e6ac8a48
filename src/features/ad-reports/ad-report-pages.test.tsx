import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AD_REPORT,
  type AdDays,
  type AdFigures,
  type AdReportPage,
  type AdTimes,
  type MasterReportRow,
  type PlanReportRow,
  type TransactionRow,
} from '../../contracts/platform-ad/ad-report';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import HistoryReportPage from './history-report-page';
import MasterReportPage from './master-report-page';
import PlanReportPage from './plan-report-page';
import RealtimeReportPage, { REALTIME_REFRESH_MS } from './realtime-report-page';
import TransactionPage from './transaction-page';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
  // jsdom lays nothing out: recharts' container gets the size a browser would give it.
  const rect = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container')
      ? DOMRect.fromRect({ width: 600, height: 200 })
      : rect.call(this);
  };
});
let hidden = false;
Object.defineProperty(document, 'visibilityState', {
  configurable: true,
  get: () => (hidden ? 'hidden' : 'visible'),
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  hidden = false;
});

const API = `/api/${AD_REPORT}`;
const figures = (over: Partial<AdFigures> = {}): AdFigures => ({
  impressions: 12345,
  clicks: 234,
  ctr: 1.9,
  conversions: 12,
  cost: 1234.5,
  share: 370.35,
  ...over,
});
const page = <R,>(records: R[], sums = figures({ impressions: 1234567 })): AdReportPage<R> => ({
  records,
  total: records.length,
  size: 20,
  current: 1,
  pages: 1,
  sums,
  range: { start: '2026-11-22', end: '2026-11-28' },
});
const master: MasterReportRow = {
  id: 'm1',
  flowMasterId: 'm1',
  masterName: '<b>城投停车</b>',
  shareRate: 30,
  ...figures(),
};
const plan: PlanReportRow = {
  id: 'p1',
  planId: 'p1',
  planName: '鲜果超市双十一',
  advertiserId: 'a1',
  advertiserName: '鲜果超市',
  state: 'running',
  dailyBudget: 500,
  totalBudget: 15000,
  spent: 2345.6,
  ...figures(),
};
const days: AdDays = {
  range: { start: '2026-11-22', end: '2026-11-28' },
  days: Array.from({ length: 7 }, (_, i) => ({
    day: `2026-11-${22 + i}`,
    ...figures(
      i === 3 ? { impressions: 0, clicks: 0, ctr: 0, conversions: 0, cost: 0, share: 0 } : {},
    ),
  })),
  sums: figures({ impressions: 74070 }),
};
const times = (n: number): AdTimes => ({
  from: '2026-11-28 09:01',
  to: '2026-11-28 10:00',
  minutes: Array.from({ length: 60 }, (_, i) => {
    const { share: _s, ...counts } = figures({ impressions: i === 59 ? n : 0 });
    return {
      minute: `2026-11-28 ${i < 59 ? '09' : '10'}:${String((i + 1) % 60).padStart(2, '0')}`,
      ...counts,
    };
  }),
  sums: { impressions: n, clicks: 1, ctr: 0.5, conversions: 0, cost: 1.5 },
});
const options = [
  { id: 'p1', name: '鲜果超市双十一' },
  { id: 'm1', name: '城投停车' },
];
const VIEW = (menu: string) => [menu, `${menu}_view`];

function answering(extra: (call: Call) => unknown = () => undefined) {
  return scriptFetch((call) => {
    const found = extra(call);
    if (found !== undefined) return found;
    if (call.url.startsWith(`${API}/options`)) return options;
    if (call.url.startsWith(`${API}/master?`) || call.url === `${API}/master`)
      return page([master]);
    if (call.url.startsWith(`${API}/masterPlan`)) return page([plan]);
    if (call.url.startsWith(`${API}/plan?`)) return page([plan]);
    if (call.url.startsWith(`${API}/transactions`))
      return page<TransactionRow>([
        {
          id: 'p1_2026-11-28',
          statDate: '2026-11-28',
          planId: 'p1',
          planName: '鲜果超市双十一',
          advertiserId: 'a1',
          advertiserName: '鲜果超市',
          ...figures(),
        },
      ]);
    if (call.url.startsWith(`${API}/days`)) return days;
    if (call.url.startsWith(`${API}/times`)) return times(5);
    if (call.url.startsWith(`${API}/export`)) return { id: '9', sourceFileName: 'x.xlsx' };
    return null;
  });
}

describe('ad report pages', { timeout: 60_000 }, () => {
  it('webmasterReport: rows and cards from the answer, text as text, a master opens its plans, export', async () => {
    const calls = answering();
    window.history.replaceState(null, '', '/ad/advertisingStatus/webmasterReport');
    renderSignedIn(<MasterReportPage />, {
      permissions: [...VIEW('flow_master_report'), 'flow_master_report_export'],
    });
    const cell = await screen.findByText('<b>城投停车</b>', {}, { timeout: 8000 });
    const list = new URL(calls.find((c) => c.url.startsWith(`${API}/master?`))!.url, 'http://x');
    expect(list.searchParams.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    const cards = screen.getByRole('group', { name: '汇总' });
    expect(within(cards).getByText('1,234,567')).toBeTruthy();
    expect(within(cards).getByText('1,234.50')).toBeTruthy();
    expect(within(cards).getByText('1.90%')).toBeTruthy();
    expect(screen.getAllByText('12,345').length).toBeGreaterThan(0);
    fireEvent.click(cell.closest('tr')!);
    const plans = await screen.findByRole(
      'region',
      { name: '<b>城投停车</b> 的计划' },
      { timeout: 8000 },
    );
    expect(await within(plans).findByText('鲜果超市双十一')).toBeTruthy();
    const asked = new URL(
      calls.find((c) => c.url.startsWith(`${API}/masterPlan`))!.url,
      'http://x',
    );
    expect([asked.searchParams.get('flowMasterId'), asked.searchParams.get('startDate')]).toEqual([
      'm1',
      '2026-11-22',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith(`${API}/exportMaster`))).toBe(true),
    );
    const sent = new URL(
      calls.find((c) => c.url.startsWith(`${API}/exportMaster`))!.url,
      'http://x',
    );
    expect(sent.searchParams.get('excelType')).toBe('ad-master-report');
  });

  it('planReport: plan rows, a chosen plan drawn per day; no export button without the code', async () => {
    const calls = answering();
    window.history.replaceState(null, '', '/ad/advertisingStatus/planReport');
    renderSignedIn(<PlanReportPage />, { permissions: VIEW('ad_plan_report') });
    const cell = (await screen.findAllByText('鲜果超市双十一', {}, { timeout: 8000 })).find((el) =>
      el.closest('tbody tr'),
    )!;
    expect(screen.getByText('2,345.60')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith(`${API}/days`))).toBe(false);
    fireEvent.click(cell.closest('tr')!);
    const figure = await screen.findByRole(
      'figure',
      { name: '鲜果超市双十一 每日趋势' },
      { timeout: 8000 },
    );
    await waitFor(() => expect(figure.querySelectorAll('svg.recharts-surface')).toHaveLength(2));
    const asked = calls.find((c) => c.url.startsWith(`${API}/days`))!;
    expect([asked.method, asked.body]).toEqual([
      'POST',
      { planId: 'p1', startDate: '2026-11-22', endDate: '2026-11-28' },
    ]);
  });

  it('adTransactionResults: plan-day rows from the answer and the export behind its code', async () => {
    answering();
    window.history.replaceState(null, '', '/ad/adDropReport/adTransactionResults');
    renderSignedIn(<TransactionPage />, {
      permissions: [...VIEW('ad_transaction'), 'ad_transaction_export'],
    });
    expect(await screen.findByText('2026-11-28', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getAllByText('鲜果超市双十一').some((el) => el.closest('tbody tr'))).toBe(true);
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('historyReport: days of the last 7 by default as cards, chart and table (zeros kept), export', async () => {
    const calls = answering();
    window.history.replaceState(null, '', '/ad/adDropReport/historyReport');
    renderSignedIn(<HistoryReportPage />, {
      permissions: [...VIEW('ad_history_report'), 'ad_history_report_export'],
    });
    const table = await screen.findByRole('table', { name: '历史报表' }, { timeout: 8000 });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByText('2026-11-25').closest('tr')!.textContent).toContain('0.00%');
    expect(within(screen.getByRole('group', { name: '汇总' })).getByText('74,070')).toBeTruthy();
    const body = calls.find((c) => c.url.startsWith(`${API}/days`))!.body as Record<string, string>;
    const span =
      (Date.parse(body.endDate!.slice(0, 10)) - Date.parse(body.startDate!.slice(0, 10))) /
      86_400_000;
    expect(span).toBe(6);
    await screen.findByRole('figure', { name: '每日趋势' }, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith(`${API}/exportDays`))).toBe(true),
    );
  });

  it('historyReport: no export button without the export code', async () => {
    answering();
    renderSignedIn(<HistoryReportPage />, { permissions: VIEW('ad_history_report') });
    await screen.findByRole('table', { name: '历史报表' }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('realTimeReport: asks every 10 s while visible, stops while hidden, refreshes on demand', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    const calls = answering((call) =>
      call.url.startsWith(`${API}/times`) ? times(++n) : undefined,
    );
    const asked = () => calls.filter((c) => c.url.startsWith(`${API}/times`)).length;
    renderSignedIn(<RealtimeReportPage />, { permissions: VIEW('ad_realtime_report') });
    const table = await screen.findByRole('table', { name: '实时报表' }, { timeout: 8000 });
    expect(within(table).getAllByRole('row')).toHaveLength(61);
    expect(screen.getByRole('status').textContent).toMatch(/^更新于 \d{2}:\d{2}:\d{2}$/);
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(asked()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REFRESH_MS));
    await waitFor(() => expect(asked()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REFRESH_MS));
    await waitFor(() => expect(asked()).toBe(3));

    hidden = true;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('页面不可见，已暂停自动刷新')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REFRESH_MS * 5));
    expect(asked()).toBe(3);

    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(asked()).toBe(4));
    const refresh = screen.getByRole('button', { name: '刷新' });
    refresh.focus();
    expect(document.activeElement).toBe(refresh);
    fireEvent.click(refresh);
    await waitFor(() => expect(asked()).toBe(5));
    await waitFor(() => expect(within(table).getAllByText('5').length).toBeGreaterThan(0));
  });
});
