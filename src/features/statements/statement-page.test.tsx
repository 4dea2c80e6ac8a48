import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  StatementDaily,
  StatementFigures,
  StatementPage,
  StatementRow,
} from '../../contracts/platform-client/statement';
import { langChanged } from '../../state/ui-slice';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import StatementPageScreen from './statement-page';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
  // jsdom lays nothing out: recharts' container gets the size a browser would give it.
  const rect = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container')
      ? DOMRect.fromRect({ width: 600, height: 220 })
      : rect.call(this);
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const API = '/api/blade-quanyi-platform-client/statement';
const figures = (over: Partial<StatementFigures> = {}): StatementFigures => ({
  orderCount: 3,
  orderQuantity: 6,
  orderAmount: 75,
  successCount: 2,
  successQuantity: 5,
  successAmount: 62.5,
  failCount: 1,
  failAmount: 12.5,
  returnCount: 1,
  returnQuantity: 2,
  returnAmount: 25,
  netAmount: 37.5,
  ...over,
});
const row: StatementRow = {
  id: 'a1_2026-11',
  month: '2026-11',
  clientId: 'c1',
  clientName: '星河商城',
  appId: 'a1',
  appName: '商城应用',
  ...figures(),
};
const answer: StatementPage = {
  records: [row],
  total: 1,
  size: 10,
  current: 1,
  pages: 1,
  sums: figures({ orderCount: 30, netAmount: 1234.5 }),
  range: { start: '2025-12', end: '2026-11' },
};
const daily: StatementDaily = {
  appId: 'a1',
  month: '2026-11',
  days: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    ...figures(i === 0 ? {} : { orderCount: 0, orderAmount: 0, successAmount: 0, netAmount: 0 }),
  })),
};

describe('/access/statements', { timeout: 60_000 }, () => {
  it('lists the rows with the sums, draws the chosen row per day and exports through the centre', async () => {
    let calls: Call[] = [];
    calls = scriptFetch((call) => {
      if (call.url.startsWith(`${API}/list`)) return answer;
      if (call.url.startsWith(`${API}/daily`)) return daily;
      if (call.url.startsWith(`${API}/export`)) return { id: '9', sourceFileName: '对账单.xlsx' };
      return null;
    });
    window.history.replaceState(null, '', '/access/statements');
    const store = renderSignedIn(<StatementPageScreen />, {
      permissions: ['statement', 'statement_view', 'statement_export'],
    });
    const cell = await screen.findByText('商城应用', {}, { timeout: 8000 });
    // The months filter is sent as whole months (the last 12 by default); the footer is the server's.
    const list = calls.find((c) => c.url.startsWith(`${API}/list`))!;
    const query = new URL(list.url, 'http://x').searchParams;
    expect(query.get('month_dategt')).toMatch(/^\d{4}-\d{2}-01 00:00:00$/);
    expect(screen.getByText('1,234.50')).toBeTruthy();
    expect(screen.getByText(/点击一行/)).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith(`${API}/daily`))).toBe(false);

    fireEvent.click(cell.closest('tr')!);
    const figure = await screen.findByRole(
      'figure',
      { name: '商城应用 2026-11 每日明细' },
      {
        timeout: 8000,
      },
    );
    expect(calls.find((c) => c.url.startsWith(`${API}/daily`))!.url).toBe(
      `${API}/daily?appId=a1&month=2026-11`,
    );
    await waitFor(() => expect(figure.querySelectorAll('svg.recharts-surface')).toHaveLength(2));
    expect(within(figure).getAllByText('下单金额').length).toBeGreaterThan(0);
    act(() => void store.dispatch(langChanged('en')));
    expect(await screen.findByRole('figure', { name: '商城应用 2026-11 per day' })).toBeTruthy();
    act(() => void store.dispatch(langChanged('zh')));

    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith(`${API}/export`))).toBe(true));
    const sent = calls.find((c) => c.url.startsWith(`${API}/export`))!;
    expect(sent.method).toBe('POST');
    const params = new URL(sent.url, 'http://x').searchParams;
    expect(params.get('excelType')).toBe('statement');
    expect(params.get('month_datelt')).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    expect(await screen.findByText(/新建导出任务成功/)).toBeTruthy();
  });
});
