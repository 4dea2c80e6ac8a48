import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemedMantine } from '../../components/mantine-root';
import { createAppStore } from '../../app/app-store';
import { installApi } from '../../app/install-api';
import { langChanged } from '../../state/ui-slice';
import { FilterBar } from './filter-bar';
import {
  formatDay,
  initialFilterValues,
  monthOf,
  toQueryParams,
  type FilterDef,
  type FilterValues,
} from './filters';
import {
  projectReport,
  saleDetailReport,
  saleReport,
  saleReturnDetailReport,
  saleReturnReport,
} from '../platform-supplier/sup-order-report';
import {
  REPORT_DEFAULT_DAYS,
  REPORT_DEFAULT_MONTHS,
} from '../../contracts/platform-supplier/sup-order-report';

/**
 * Issue 16 item 7: date pickers speak the console's language (and follow a switch at once),
 * and a date range offers the spec's shortcut ranges as buttons in the tab order.
 */

const created: FilterDef = {
  name: 'createTime',
  kind: 'dateRange',
  label: { zh: '创建时间', en: 'Created' },
};
const shortSpan: FilterDef = {
  name: 'payTime',
  kind: 'dateRange',
  label: { zh: '支付时间', en: 'Paid' },
  maxDays: 5,
};

let searched: Record<string, string> = {};

function Bar({ filters }: { filters: FilterDef[] }) {
  const [values, setValues] = useState<FilterValues>(() =>
    initialFilterValues(filters, new Date()),
  );
  return (
    <FilterBar
      filters={filters}
      values={values}
      onChange={setValues}
      onSearch={() => (searched = toQueryParams(filters, values))}
      onReset={() => undefined}
    />
  );
}

function setup(filters: FilterDef[] = [created]) {
  const store = createAppStore();
  installApi(store);
  render(
    <Provider store={store}>
      <ThemedMantine>
        <Bar filters={filters} />
      </ThemedMantine>
    </Provider>,
  );
  return store;
}

/** The calendar's header button (month and year) once the picker is open. */
async function openCalendar(label: RegExp) {
  // The pickers load with the first list that has a date filter (lazy-date-inputs.tsx).
  fireEvent.click(await screen.findByRole('button', { name: label }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog');
  return dialog;
}

const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return formatDay(d);
};

beforeEach(() => {
  localStorage.clear();
  searched = {};
});
afterEach(cleanup);

describe('date range filter', () => {
  it('shows the calendar in Chinese, weeks from Monday, and in English after a switch', async () => {
    const store = setup();
    const now = new Date();
    let calendar = await openCalendar(/^创建时间$/);
    within(calendar).getByText(`${String(now.getFullYear())}年${String(now.getMonth() + 1)}月`);
    const weekdays = within(calendar)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    fireEvent.keyDown(calendar, { key: 'Escape' });

    act(() => {
      store.dispatch(langChanged('en'));
    });
    calendar = await openCalendar(/^Created$/);
    const month = now.toLocaleString('en-US', { month: 'long' });
    within(calendar).getByText(`${month} ${String(now.getFullYear())}`);
    expect(
      within(calendar)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  });

  it('fills today, the last 7 days and the last 30 days from its shortcut buttons', () => {
    setup();
    const search = () => fireEvent.click(screen.getByRole('button', { name: '搜索' }));

    fireEvent.click(screen.getByRole('button', { name: '创建时间 今天' }));
    search();
    expect(searched).toEqual({
      createTime_dategt: `${daysAgo(0)} 00:00:00`,
      createTime_datelt: `${daysAgo(0)} 23:59:59`,
    });

    fireEvent.click(screen.getByRole('button', { name: '创建时间 最近一周' }));
    search();
    expect(searched).toEqual({
      createTime_dategt: `${daysAgo(6)} 00:00:00`,
      createTime_datelt: `${daysAgo(0)} 23:59:59`,
    });

    fireEvent.click(screen.getByRole('button', { name: '创建时间 最近一个月' }));
    search();
    expect(searched).toEqual({
      createTime_dategt: `${daysAgo(29)} 00:00:00`,
      createTime_datelt: `${daysAgo(0)} 23:59:59`,
    });
  });

  it('keeps the span limit for shortcuts too, and says so', () => {
    setup([shortSpan]);
    fireEvent.click(screen.getByRole('button', { name: '支付时间 最近一周' }));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(searched).toEqual({
      payTime_dategt: `${daysAgo(4)} 00:00:00`,
      payTime_datelt: `${daysAgo(0)} 23:59:59`,
    });
    expect(screen.getByRole('status').textContent).toBe('查询时间跨度不能超过5天，已自动调整');
  });
});

const months: FilterDef = {
  name: 'month',
  kind: 'dateRange',
  unit: 'month',
  label: { zh: '月份', en: 'Month' },
};
const lastDays = (n: number): FilterDef => ({ ...created, defaultLast: n });

/** 'YYYY-MM-DD' of the last day of the month `by` months from this one. */
const lastDayOf = (by: number) => {
  const now = new Date();
  return formatDay(new Date(now.getFullYear(), now.getMonth() + by + 1, 0));
};

describe('month and default ranges (issue 25 item 19)', () => {
  it('a month filter offers month presets only and sends whole months', () => {
    setup([months]);
    const shortcuts = within(screen.getByRole('group', { name: '月份快捷范围' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(shortcuts).toEqual(['本月', '上月', '近3个月', '近6个月', '近12个月']);
    expect(screen.queryByRole('button', { name: /今天|最近一周|最近一个月/ })).toBeNull();
    const search = () => fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    fireEvent.click(screen.getByRole('button', { name: '月份 近3个月' }));
    search();
    expect(searched).toEqual({
      month_dategt: `${monthOf(new Date(), -2)}-01 00:00:00`,
      month_datelt: `${lastDayOf(0)} 23:59:59`,
    });
    fireEvent.click(screen.getByRole('button', { name: '月份 上月' }));
    search();
    expect(searched).toEqual({
      month_dategt: `${monthOf(new Date(), -1)}-01 00:00:00`,
      month_datelt: `${lastDayOf(-1)} 23:59:59`,
    });
  });

  it('a range the server applies by default is in the field from the start, and sent', async () => {
    setup([lastDays(30)]);
    const field = await screen.findByRole('button', { name: /^创建时间$/ }, { timeout: 10_000 });
    expect(field.textContent).toContain(daysAgo(29));
    expect(field.textContent).toContain(daysAgo(0));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(searched).toEqual({
      createTime_dategt: `${daysAgo(29)} 00:00:00`,
      createTime_datelt: `${daysAgo(0)} 23:59:59`,
    });
  });

  it('every report tab starts from the range its server applies without one', () => {
    const today = new Date();
    const filterOf = (filters: readonly FilterDef[] | undefined, name: string) =>
      filters?.find((f) => f.name === name);
    const project = filterOf(projectReport.filters, 'month')!;
    expect(project).toMatchObject({ unit: 'month', defaultLast: REPORT_DEFAULT_MONTHS });
    expect(initialFilterValues([project], today).month).toEqual([
      monthOf(today, -(REPORT_DEFAULT_MONTHS - 1)),
      monthOf(today),
    ]);
    for (const report of [saleReport, saleReturnReport, saleDetailReport, saleReturnDetailReport]) {
      const range = filterOf(report.filters, 'createTime');
      expect(range?.defaultLast, report.service).toBe(REPORT_DEFAULT_DAYS);
    }
  });
});
