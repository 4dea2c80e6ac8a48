import type {
  MRT_PaginationState,
  MRT_SortingState,
  MRT_Updater,
  MRT_VisibilityState,
} from 'mantine-react-table';
import { useContext, useEffect, useMemo, useState } from 'react';
import { UNSAFE_LocationContext } from 'react-router';
import { fetchPublicKey } from '../../api/auth-calls';
import { tableKeyOf } from '../../contracts/table-set';
import { usePageVisible } from '../../lib/page-visibility';
import { encryptPassword } from '../../lib/rsa';
import type { ResourceDef } from '../types';
import {
  initialFilterValues,
  resetFilterValues,
  toQueryParams,
  toQueryParamsAsync,
  type FilterDef,
  type FilterValues,
} from './filters';
import { PAGE_SIZES } from './resource-table';
import { ACTIONS_COLUMN, SELECT_COLUMN, useTableLayout } from './use-table-layout';
import { decodeView, encodeView, type ListView, type ViewRules } from './view-url';

/**
 * A list screen's view (filters as typed and as applied, page, sort, hidden columns) and the
 * list query built from it in one place (`listQuery`). The view is mirrored in the URL's hash
 * (view-url.ts): read once when the screen opens, rewritten as it changes while the page is
 * shown; an embedded list has no mirror.
 */

export type QueryParams = Record<string, string | number>;

export interface ListQueryParts {
  /** The applied filters as BladeX parameters (`toQueryParams`; encrypted ones already sealed). */
  filters: Readonly<Record<string, string>>;
  sorting: MRT_SortingState;
  pagination: MRT_PaginationState;
  /** A tree comes whole (no paging); a lazy tree starts at its top level unless filtered. */
  tree: ResourceDef['tree'];
  /** Added last, so they win (e.g. a dictionary entry's parentId). */
  fixedParams: Readonly<Record<string, string>>;
}

export interface ListQuery {
  /** The list call's parameters: filters, `ascs`/`descs`, `current`/`size`, fixed parameters. */
  list: QueryParams;
  /** The export's: the same list, all of it (no `current`/`size`). */
  export: QueryParams;
}

/** BladeX sorting: `ascs` / `descs`, comma-separated column names. */
function sortParams(sorting: MRT_SortingState): Record<string, string> {
  const ascs = sorting.filter((s) => !s.desc).map((s) => s.id);
  const descs = sorting.filter((s) => s.desc).map((s) => s.id);
  return {
    ...(ascs.length ? { ascs: ascs.join(',') } : {}),
    ...(descs.length ? { descs: descs.join(',') } : {}),
  };
}

/** The one assembly of a list's query; the export's is the list's without the page. */
export function listQuery({
  filters,
  sorting,
  pagination,
  tree,
  fixedParams,
}: ListQueryParts): ListQuery {
  const list: QueryParams = {
    ...filters,
    ...sortParams(sorting),
    ...(tree
      ? tree.lazy === true && Object.keys(filters).length === 0
        ? { parentId: '0' }
        : {}
      : { current: pagination.pageIndex + 1, size: pagination.pageSize }),
    ...fixedParams,
  };
  const { current: _page, size: _size, ...exported } = list;
  return { list, export: exported };
}

const NONE: Record<string, string> = {};
const NO_FILTERS: readonly FilterDef[] = [];

/** The server's public key, asked for once per page load (contract.md decision 2). */
let publicKey: Promise<string> | undefined;
const encrypt = async (plain: string) => {
  publicKey ??= fetchPublicKey().catch((error: unknown) => {
    publicKey = undefined;
    throw error;
  });
  return encryptPassword(await publicKey, plain);
};

/**
 * The applied filters as BladeX list parameters. Encrypted filters (e.g. `couponCode2`) are sent
 * as RSA-OAEP ciphertext, which takes a round trip and Web Crypto: until the parameters of the
 * current values are ready, `ready` is false and the list waits (it never asks with plain text).
 */
function useFilterParams(
  filters: readonly FilterDef[],
  applied: FilterValues,
): { params: Record<string, string>; ready: boolean } {
  const encrypted = filters.some((f) => f.encrypted);
  const plain = useMemo(
    () => (encrypted ? {} : toQueryParams(filters, applied)),
    [encrypted, filters, applied],
  );
  const [sealed, setSealed] = useState<{ of: FilterValues; params: Record<string, string> }>();
  useEffect(() => {
    if (!encrypted) return;
    let current = true;
    void toQueryParamsAsync(filters, applied, { encrypt }).then(
      (params) => {
        if (current) setSealed({ of: applied, params });
      },
      () => {
        // No key, no list: the API layer has said why; the next search tries again.
      },
    );
    return () => {
      current = false;
    };
  }, [encrypted, filters, applied]);
  const current = !encrypted ? plain : sealed?.of === applied ? sealed.params : undefined;
  // One object per set of parameters, so the list's arguments change only when they do.
  return useMemo(
    () => (current ? { params: current, ready: true } : { params: NONE, ready: false }),
    [current],
  );
}

export interface ListViewOptions {
  def: ResourceDef;
  /** The menu route showing the list: the key its column layout is saved under. */
  route: string;
  fixedParams: Readonly<Record<string, string>>;
  /** Inside a dialog or beside another list: no URL mirror. */
  embedded: boolean;
}

type TableLayoutState = ReturnType<typeof useTableLayout>;

export interface ListViewState {
  /** The filter bar's values as typed. */
  draft: FilterValues;
  /** The values the list shows (the last search). */
  applied: FilterValues;
  pagination: MRT_PaginationState;
  sorting: MRT_SortingState;
  /** The user's saved column layout, with the columns a link hid or showed over it. */
  layout: TableLayoutState;
  /** The list's and the export's parameters; `ready` once the sealed filters are. */
  query: ListQuery & { ready: boolean };
  setDraft(values: FilterValues): void;
  /** Search: the draft becomes the applied filters, back to page 1 (spec section 4). */
  apply(): void;
  /** Reset: the initial values again, the createTime range kept (spec section 5), applied. */
  reset(): void;
  /** A page or page size from the table; a new size is saved with the column layout. */
  setPagination(next: MRT_PaginationState): void;
  /** A new sort, back to page 1. */
  setSorting(next: MRT_SortingState): void;
}

export function useListView({ def, route, fixedParams, embedded }: ListViewOptions): ListViewState {
  const filters = def.filters ?? NO_FILTERS;
  const pageSizes = PAGE_SIZES[def.paging ?? 'resource'];
  const viewRules = useMemo<ViewRules>(
    () => ({
      filters,
      sortable: def.columns.filter((c) => c.sortable).map((c) => c.field),
      pageSizes: pageSizes.options,
      columns: def.columns.map((c) => c.field),
    }),
    [filters, def.columns, pageSizes],
  );
  const [defaultView] = useState<ListView>(() => ({
    filters: initialFilterValues(filters, new Date()),
    sorting: [],
    pageIndex: 0,
    pageSize: pageSizes.initial,
    hidden: def.columns.filter((c) => c.hiddenByDefault).map((c) => c.field),
  }));
  const [urlView] = useState(() => (embedded ? {} : decodeView(window.location.hash, viewRules)));
  const [draft, setDraft] = useState<FilterValues>(() => ({
    ...defaultView.filters,
    ...urlView.filters,
  }));
  const [applied, setApplied] = useState(draft);
  const [pagination, setPagination] = useState<MRT_PaginationState>({
    pageIndex: urlView.pageIndex ?? 0,
    pageSize: urlView.pageSize ?? pageSizes.initial,
  });
  const [sorting, setSorting] = useState<MRT_SortingState>(urlView.sorting ?? []);
  const [urlHidden, setUrlHidden] = useState(urlView.hidden);

  // The user's column layout, saved per table; the page size they chose comes back with it.
  const columnIds = useMemo(
    () => [SELECT_COLUMN, 'serial', ...def.columns.map((c) => c.field), ACTIONS_COLUMN],
    [def.columns],
  );
  const hiddenByDefault = useMemo(
    () => def.columns.filter((c) => c.hiddenByDefault).map((c) => c.field),
    [def.columns],
  );
  const layout = useTableLayout(tableKeyOf(route), columnIds, hiddenByDefault);
  // A link's page size wins over the saved one.
  const [adoptedPageSize, setAdoptedPageSize] = useState(urlView.pageSize !== undefined);
  if (!adoptedPageSize && layout.ready) {
    setAdoptedPageSize(true);
    if (layout.savedPageSize && layout.savedPageSize !== pagination.pageSize)
      setPagination({ pageIndex: 0, pageSize: layout.savedPageSize });
  }
  // Columns a link hid or showed, until the user changes the columns themselves.
  const columnVisibility = useMemo(
    () =>
      urlHidden
        ? Object.fromEntries(columnIds.map((id) => [id, !urlHidden.includes(id)]))
        : layout.layout.columnVisibility,
    [urlHidden, columnIds, layout.layout.columnVisibility],
  );
  const tableLayout: TableLayoutState = {
    ...layout,
    layout: { ...layout.layout, columnVisibility },
    onColumnVisibilityChange: (u: MRT_Updater<MRT_VisibilityState>) => {
      setUrlHidden(undefined);
      layout.onColumnVisibilityChange(typeof u === 'function' ? u(columnVisibility) : u);
    },
  };

  const filterParams = useFilterParams(filters, applied);
  const query = useMemo(
    () =>
      listQuery({ filters: filterParams.params, sorting, pagination, tree: def.tree, fixedParams }),
    [filterParams, sorting, pagination, def.tree, fixedParams],
  );

  // The view in the URL's hash, rewritten as it changes while the page is shown.
  const visible = usePageVisible();
  const hash = embedded
    ? ''
    : encodeView(
        {
          filters: applied,
          sorting,
          pageIndex: pagination.pageIndex,
          pageSize: pagination.pageSize,
          hidden: columnIds.filter((id) => columnVisibility[id] === false),
        },
        defaultView,
        viewRules,
      );
  // A navigation to this kept list with a view of its own (a palette hit opening the list
  // filtered to a code) replaces the list's view; returning through the tab (no hash) keeps it.
  // Read through the context, not useLocation(): the hook also runs outside a router (tests).
  const navigation = useContext(UNSAFE_LocationContext)?.location;
  const [seenNavigation, setSeenNavigation] = useState(navigation?.key);
  if (visible && !embedded && navigation && navigation.key !== seenNavigation) {
    setSeenNavigation(navigation.key);
    if (navigation.hash && navigation.hash !== (hash ? `#${hash}` : '')) {
      const linked = decodeView(navigation.hash, viewRules);
      const values = { ...defaultView.filters, ...linked.filters };
      setDraft(values);
      setApplied(values);
      setSorting(linked.sorting ?? []);
      setPagination((p) => ({
        pageIndex: linked.pageIndex ?? 0,
        pageSize: linked.pageSize ?? p.pageSize,
      }));
      if (linked.hidden) setUrlHidden(linked.hidden);
    }
  }
  useEffect(() => {
    if (!visible || embedded) return;
    const want = hash ? `#${hash}` : '';
    if (window.location.hash === want) return;
    // Past the router on purpose: the view is the screen's state, not a navigation.
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${want}`);
    // After any navigation to the list too (it may have dropped the hash).
  }, [visible, embedded, hash, navigation?.key]);

  const applyValues = (values: FilterValues) => {
    setApplied(values);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };
  return {
    draft,
    applied,
    pagination,
    sorting,
    layout: tableLayout,
    // The list does not wait for the saved layout (one round trip less on a screen's first
    // visit); a saved page size other than the default then asks for its page again.
    query: { ...query, ready: filterParams.ready },
    setDraft,
    apply: () => applyValues(draft),
    reset: () => {
      const values = resetFilterValues(filters, draft, new Date());
      setDraft(values);
      applyValues(values);
    },
    setPagination: (next) => {
      if (next.pageSize !== pagination.pageSize) layout.savePageSize(next.pageSize);
      setPagination(next);
    },
    setSorting: (next) => {
      setSorting(next);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
  };
}
