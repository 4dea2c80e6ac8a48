import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { NavigationType, UNSAFE_LocationContext, type Location } from 'react-router';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptFetch, signedInStore } from '../../test/signed-in';
import { defineResource } from '../types';
import { PAGE_SIZES } from './resource-table';
import { listQuery, useListView, type ListViewOptions } from './use-list-view';
import { decodeView } from './view-url';

describe('listQuery (the one assembly of a list query)', () => {
  const parts = {
    filters: { name: 'Nut', status: '1' },
    sorting: [
      { id: 'name', desc: false },
      { id: 'sort', desc: false },
      { id: 'createTime', desc: true },
    ],
    pagination: { pageIndex: 2, pageSize: 20 },
    tree: undefined,
    fixedParams: { parentId: '42', status: '9' },
  };

  it('sends filters, sort, page and fixed parameters, the fixed ones last', () => {
    expect(listQuery(parts).list).toEqual({
      name: 'Nut',
      status: '9',
      ascs: 'name,sort',
      descs: 'createTime',
      current: 3,
      size: 20,
      parentId: '42',
    });
  });

  it('exports the same filters, sort and fixed parameters without the page', () => {
    const { list, export: exported } = listQuery(parts);
    const { current: _current, size: _size, ...rest } = list;
    expect(exported).toEqual(rest);
    expect(exported).toMatchObject({ name: 'Nut', ascs: 'name,sort', parentId: '42' });
    expect(exported).not.toHaveProperty('current');
    expect(exported).not.toHaveProperty('size');
  });

  it('asks for a tree whole, and a lazy tree from its top level unless filtered', () => {
    expect(listQuery({ ...parts, tree: {} }).list).not.toHaveProperty('current');
    const lazy = { ...parts, tree: { lazy: true }, fixedParams: {} };
    expect(listQuery({ ...lazy, filters: {} }).list).toEqual({
      ascs: 'name,sort',
      descs: 'createTime',
      parentId: '0',
    });
    expect(listQuery(lazy).list).not.toHaveProperty('parentId');
  });
});

const things = defineResource<Record<string, unknown>>({
  service: 'demo/thing',
  route: '/system/thing',
  title: { zh: '东西', en: 'Thing' },
  permissions: {},
  paging: 'generic',
  columns: [
    { field: 'name', label: { zh: '名称', en: 'Name' }, sortable: true },
    { field: 'remark', label: { zh: '备注', en: 'Remark' } },
  ],
  filters: [{ name: 'name', kind: 'input', label: { zh: '名称', en: 'Name' } }],
  form: [],
  recordLabel: (row) => String(row.name),
});

function renderView(options: Partial<ListViewOptions> = {}) {
  const store = signedInStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(
    () =>
      useListView({
        def: things,
        route: '/system/thing',
        fixedParams: FIXED,
        embedded: false,
        ...options,
      }),
    { wrapper },
  );
}

const FIXED = { tenant: 't1' };
const rules = {
  filters: things.filters ?? [],
  sortable: ['name'],
  pageSizes: PAGE_SIZES.generic.options,
  columns: ['name', 'remark'],
};

describe('useListView', () => {
  beforeEach(() => {
    scriptFetch(() => null);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('builds the list and export queries from a linked view at once, not after the layout', () => {
    window.history.replaceState(null, '', '/system/thing#f.name=Nut&sort=name.desc&page=3&size=20');
    const { result } = renderView();
    expect(result.current.query.ready).toBe(true);
    expect(result.current.draft).toEqual({ name: 'Nut' });
    expect(result.current.query.list).toEqual({
      name: 'Nut',
      descs: 'name',
      current: 3,
      size: 20,
      tenant: 't1',
    });
    expect(result.current.query.export).toEqual({ name: 'Nut', descs: 'name', tenant: 't1' });
  });

  it('applies the draft at page 1, sorts at page 1 and writes every change to the hash', async () => {
    window.history.replaceState(null, '', '/system/thing#page=3');
    const { result } = renderView();
    await waitFor(() => expect(result.current.query.ready).toBe(true));

    act(() => result.current.setDraft({ name: 'Bolt' }));
    // Typing alone does not change the list.
    expect(result.current.query.list).not.toHaveProperty('name');
    act(() => result.current.apply());
    expect(result.current.query.list).toMatchObject({ name: 'Bolt', current: 1 });
    expect(result.current.query.export).toMatchObject({ name: 'Bolt', tenant: 't1' });

    act(() => result.current.setPagination({ pageIndex: 1, pageSize: 50 }));
    act(() => result.current.setSorting([{ id: 'name', desc: false }]));
    expect(result.current.query.list).toMatchObject({ ascs: 'name', current: 1, size: 50 });
    act(() => result.current.setPagination({ pageIndex: 4, pageSize: 50 }));
    act(() => result.current.layout.onColumnVisibilityChange({ remark: false }));

    await waitFor(() => expect(window.location.hash).toContain('page=5'));
    expect(window.location.pathname).toBe('/system/thing');
    expect(decodeView(window.location.hash, rules)).toEqual({
      filters: { name: 'Bolt' },
      sorting: [{ id: 'name', desc: false }],
      pageIndex: 4,
      pageSize: 50,
      hidden: ['remark'],
    });

    // The hash round-trips: a screen opened on it asks for the same list.
    const list = result.current.query.list;
    cleanup();
    const reopened = renderView().result;
    await waitFor(() => expect(reopened.current.query.ready).toBe(true));
    expect(reopened.current.query.list).toEqual(list);
    expect(reopened.current.layout.layout.columnVisibility).toMatchObject({
      name: true,
      remark: false,
    });
  });

  it('resets to the initial filters at page 1', async () => {
    window.history.replaceState(null, '', '/system/thing#f.name=Nut&page=2');
    const { result } = renderView();
    await waitFor(() => expect(result.current.query.ready).toBe(true));
    act(() => result.current.reset());
    expect(result.current.draft).toEqual({ name: '' });
    expect(result.current.query.list).toEqual({ current: 1, size: 20, tenant: 't1' });
    await waitFor(() => expect(window.location.hash).toBe(''));
  });

  it('neither reads nor writes the hash when embedded', async () => {
    window.history.replaceState(null, '', '/system/thing#f.name=Nut');
    const { result } = renderView({ embedded: true });
    await waitFor(() => expect(result.current.query.ready).toBe(true));
    expect(result.current.query.list).toEqual({ current: 1, size: 20, tenant: 't1' });
    act(() => result.current.setDraft({ name: 'Bolt' }));
    act(() => result.current.apply());
    expect(result.current.query.list).toMatchObject({ name: 'Bolt' });
    expect(window.location.hash).toBe('#f.name=Nut');
  });

  it('takes the view of a navigation to the kept list, and keeps its own on a plain return', async () => {
    window.history.replaceState(null, '', '/system/thing#page=3');
    const store = signedInStore();
    let location: Location = {
      pathname: '/system/thing',
      search: '',
      hash: '#page=3',
      state: null,
      key: 'first',
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>
        <UNSAFE_LocationContext value={{ location, navigationType: NavigationType.Push }}>
          {children}
        </UNSAFE_LocationContext>
      </Provider>
    );
    const { result, rerender } = renderHook(
      () =>
        useListView({ def: things, route: '/system/thing', fixedParams: FIXED, embedded: false }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.query.ready).toBe(true));
    expect(result.current.pagination.pageIndex).toBe(2);

    // The palette opens the list filtered to a name: that view replaces the kept one.
    window.history.pushState(null, '', '/system/thing#f.name=Bolt');
    location = { ...location, hash: '#f.name=Bolt', key: 'palette' };
    rerender();
    expect(result.current.applied).toEqual({ name: 'Bolt' });
    expect(result.current.draft).toEqual({ name: 'Bolt' });
    expect(result.current.pagination.pageIndex).toBe(0);
    expect(result.current.query.list).toMatchObject({ name: 'Bolt', current: 1 });

    // Back through the tab (no hash): the list keeps what it shows.
    window.history.pushState(null, '', '/system/thing');
    location = { ...location, hash: '', key: 'tab' };
    rerender();
    expect(result.current.applied).toEqual({ name: 'Bolt' });
    await waitFor(() => expect(window.location.hash).toBe('#f.name=Bolt'));
  });
});
