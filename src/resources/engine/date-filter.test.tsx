import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemedMantine } from '../../components/mantine-root';
import { createAppStore } from '../../app/app-store';
import { installApi } from '../../app/install-api';
import { langChanged } from '../../state/ui-slice';
import { FilterBar } from './filter-bar';
import { formatDay, toQueryParams, type FilterDef, type FilterValues } from './filters';

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
  const [values, setValues] = useState<FilterValues>({});
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
  fireEvent.click(screen.getByRole('button', { name: label }));
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
