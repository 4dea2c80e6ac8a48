import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installApi } from '../../app/install-api';
import { createAppStore } from '../../app/app-store';
import { FilterBar } from './filter-bar';
import { toQueryParams, type FilterDef, type FilterValues } from './filters';

const DEPTS = [
  { id: '1', title: '总部', children: [{ id: '11', title: '运营部', children: [] }] },
  { id: '2', title: '分部' },
];

const filters: FilterDef[] = [
  {
    name: 'city',
    kind: 'autocomplete',
    label: { zh: '城市', en: 'City' },
    options: [
      { value: 'sh', label: { zh: '上海', en: 'Shanghai' } },
      { value: 'sz', label: { zh: '深圳', en: 'Shenzhen' } },
    ],
  },
  { name: 'amount', kind: 'numberRange', label: { zh: '金额', en: 'Amount' } },
  {
    name: 'deptId',
    kind: 'cascader',
    label: { zh: '部门', en: 'Department' },
    source: { path: 'blade-system/dept/tree' },
  },
];

/** The bar with its values held as the screen holds them; Search reports the list parameters. */
function Bar({ onSearch }: { onSearch(params: Record<string, string>): void }) {
  const [values, setValues] = useState<FilterValues>({ city: '', amount: ['', ''], deptId: [] });
  return (
    <FilterBar
      filters={filters}
      values={values}
      onChange={setValues}
      onSearch={() => onSearch(toQueryParams(filters, values))}
      onReset={() => undefined}
    />
  );
}

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      return new Response(JSON.stringify({ code: 200, success: true, data: DEPTS, msg: '' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const store = createAppStore();
  installApi(store);
  const onSearch = vi.fn();
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <Bar onSearch={onSearch} />
      </MantineProvider>
    </Provider>,
  );
  return onSearch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FilterBar kinds', () => {
  it('sends an autocomplete as typed and a number range as its two ends', async () => {
    const onSearch = setup();
    fireEvent.change(screen.getByRole('textbox', { name: '城市' }), { target: { value: '上' } });
    expect(await screen.findByRole('option', { name: '上海' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '深圳' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: '金额 最小' }), {
      target: { value: '10' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '金额 最大' }), {
      target: { value: '99' },
    });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(onSearch).toHaveBeenLastCalledWith({ city: '上', amount_ge: '10', amount_le: '99' });
  });

  it('walks a cascader level by level and filters by the last node chosen', async () => {
    const onSearch = setup();
    const first = await screen.findByRole('textbox', { name: '部门 1' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '部门 2' })).toBeNull());
    fireEvent.click(first);
    fireEvent.click(await screen.findByRole('option', { name: '总部' }));
    const second = await screen.findByRole('textbox', { name: '部门 2' });
    fireEvent.click(second);
    fireEvent.click(await screen.findByRole('option', { name: '运营部' }));
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(onSearch).toHaveBeenLastCalledWith({ deptId: '11' });
  });
});
