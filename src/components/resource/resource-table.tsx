import 'mantine-react-table/styles.css';
import { Group, px, useMantineTheme } from '@mantine/core';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_DensityState,
  type MRT_PaginationState,
  type MRT_RowSelectionState,
  type MRT_RowVirtualizer,
  type MRT_SortingState,
} from 'mantine-react-table';
import { MRT_Localization_EN } from 'mantine-react-table/locales/en/index.esm.mjs';
import { MRT_Localization_ZH_HANS } from 'mantine-react-table/locales/zh-Hans/index.esm.mjs';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, type KeyboardEvent } from 'react';
import { useLang, useT } from '../../app/hooks';
import type { ResourceDef } from '../../resources/types';
import { Cell, RowActionButtons, SelectCell, useCellTexts } from './cells';
import { sumRows } from './sums';
import { ACTIONS_COLUMN, SELECT_COLUMN, type useTableLayout } from './use-table-layout';

export type Row = Record<string, unknown>;

/** The spec's two paging presets. */
export const PAGE_SIZES = {
  resource: { initial: 30, options: [30, 90, 150, 300] },
  generic: { initial: 10, options: [10, 20, 30, 50, 100, 300, 500] },
} as const;

export interface RowActions {
  view?: (row: Row) => void;
  edit?: (row: Row) => void;
  remove?: (row: Row) => void;
}

interface Props {
  def: ResourceDef;
  rows: readonly Row[];
  total: number;
  loading: boolean;
  fetching: boolean;
  pagination: MRT_PaginationState;
  onPaginationChange(next: MRT_PaginationState): void;
  sorting: MRT_SortingState;
  onSortingChange(next: MRT_SortingState): void;
  selectable: boolean;
  rowSelection: MRT_RowSelectionState;
  onRowSelectionChange(next: MRT_RowSelectionState): void;
  actions: RowActions;
  /** Keyboard row focus (roving tabindex): the row that takes Tab and the list keys. */
  focusedIndex?: number;
  onRowFocus?(index: number): void;
  onRowKeyDown?(event: KeyboardEvent<HTMLTableRowElement>, row: Row, index: number): void;
  /** The user's saved column layout (use-table-layout.ts); the declared one when absent. */
  layout?: TableLayoutProps;
}

export type TableLayoutProps = Pick<
  ReturnType<typeof useTableLayout>,
  | 'layout'
  | 'onColumnOrderChange'
  | 'onColumnVisibilityChange'
  | 'onColumnPinningChange'
  | 'onDensityChange'
>;

const SERIAL = 'serial';

const DENSITIES: readonly MRT_DensityState[] = ['xs', 'md', 'xl'];
/** Rows drawn beyond the visible ones: enough for one keyboard step, few to redraw per scroll. */
const OVERSCAN = 2;

/**
 * One fixed row height per density: the tallest cell content (an action button, 28 px, or an
 * image, 32 px) plus the cell padding and the row border. Cells do not wrap, so every row is
 * exactly this tall and the row virtualiser places rows without measuring them; MRT's default
 * measures each row with getBoundingClientRect on every render, a forced layout per row that
 * cost about 90 ms of main-thread time per scroll frame here.
 */
function rowHeights(spacing: Record<MRT_DensityState, string>, content: number) {
  return Object.fromEntries(
    DENSITIES.map((d) => [d, content + 2 * Number(px(spacing[d])) + 1]),
  ) as Record<MRT_DensityState, number>;
}

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

/**
 * The width a header needs: padding, label (14 px bold: CJK glyphs are square, Latin ones about
 * 8.5 px), drag handle, column menu and, when sortable, the sort button. Row virtualisation
 * lays the table out as a grid, which keeps declared widths where the browser's table layout
 * used to widen a narrow column until its header fitted.
 */
function headerWidth(label: string, sortable: boolean): number {
  let text = 0;
  for (const ch of label) text += ch.charCodeAt(0) >= 0x2e80 ? 14 : 8.5;
  return Math.ceil(32 + text + 2 * 22 + (sortable ? 18 : 0) + 8);
}

/**
 * The spec's reusable data table on mantine-react-table: selection (60), serial number (100)
 * per page or continued across pages, the resource's columns by kind, a sum footer, the
 * operations column pinned right with the row buttons the user may use, server-side paging
 * and sorting. Column definitions are memoised on the declaration and the language only, so
 * a page change re-renders rows, not the column model.
 */
export function ResourceTable(props: Props) {
  const { def, rows, pagination, actions, focusedIndex = -1 } = props;
  const t = useT();
  const lang = useLang();
  const texts = useCellTexts();
  const sums = useMemo(
    () => (def.sums?.length ? sumRows(rows, def.sums) : undefined),
    [rows, def.sums],
  );
  const theme = useMantineTheme();
  const hasImages = def.columns.some((c) => c.kind === 'image');
  const heights = useMemo(
    () => rowHeights(theme.spacing as Record<MRT_DensityState, string>, hasImages ? 32 : 28),
    [theme.spacing, hasImages],
  );
  const sizing = useMemo(() => {
    const of = (d: MRT_DensityState) => {
      const size = () => heights[d];
      return { estimateSize: size, measureElement: size, overscan: OVERSCAN };
    };
    return { xs: of('xs'), md: of('md'), xl: of('xl') };
  }, [heights]);
  const virtualizer = useRef<MRT_RowVirtualizer>(null);
  // MRT's row virtualiser looks for the scroll container in a layout effect that runs before
  // the container's ref is set, so the first commit draws no rows and only a second render picks
  // the container up. MRT's toolbar measurement usually causes one; this one does not depend on
  // it (it is batched with it, so it costs no extra render).
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => redraw(), []);
  const continuous = def.index === 'continuous';
  const offset = continuous ? pagination.pageIndex * pagination.pageSize : 0;

  const columns = useMemo<MRT_ColumnDef<Row>[]>(
    () => [
      {
        id: SERIAL,
        header: t('table.serial'),
        size: 100,
        enableSorting: false,
        enableColumnActions: false,
        enableHiding: false,
        Cell: ({ row }) => row.index + 1 + offset,
        Footer: sums ? () => t('resource.sum.total') : undefined,
      },
      ...def.columns.map((column): MRT_ColumnDef<Row> => ({
        id: column.field,
        accessorKey: column.field,
        header: column.label[lang],
        size: Math.max(
          column.width ?? 160,
          headerWidth(column.label[lang], column.sortable ?? false),
        ),
        enableSorting: column.sortable ?? false,
        Cell: ({ cell }) => <Cell column={column} value={cell.getValue()} texts={texts} />,
        Footer: sums && column.field in sums ? () => sums[column.field] : undefined,
        ...(column.help ? { mantineTableHeadCellProps: { title: column.help[lang] } } : {}),
      })),
    ],
    [def.columns, lang, t, texts, sums, offset],
  );

  const localization = useMemo(
    () => ({
      ...(lang === 'en' ? MRT_Localization_EN : MRT_Localization_ZH_HANS),
      toggleSelectAll: t('table.selectAll'),
      toggleSelectRow: t('table.select'),
      actions: t('table.actions'),
      noRecordsToDisplay: t('table.empty'),
    }),
    [lang, t],
  );
  const pageSizes = PAGE_SIZES[def.paging ?? 'resource'];
  const hasActions = Boolean(actions.view || actions.edit || actions.remove);
  const table = useMantineReactTable<Row>({
    columns,
    data: rows as Row[],
    getRowId: (row) => String(row.id),
    localization,
    // A 500-row page drew 7,500 cells (5 to 10 s to the first paint on the 2-core CI machine,
    // 170 MB of heap); only the rows in view are drawn now, and data cells that did not change are not redrawn when their row
    // is (each scroll step redraws every visible row). Pinning a column still redraws its cells:
    // TanStack makes new cell objects for pinned cells whenever pinning or visibility changes.
    enableRowVirtualization: true,
    rowVirtualizerOptions: ({ table }) => sizing[table.getState().density],
    rowVirtualizerInstanceRef: virtualizer,
    memoMode: 'cells',
    mantineTableBodyCellProps: NO_WRAP,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableGlobalFilter: false,
    enableColumnFilters: false,
    enableFilters: false,
    rowCount: props.total,
    enableRowSelection: props.selectable,
    enableColumnOrdering: true,
    enableColumnPinning: true,
    enableRowActions: hasActions,
    positionActionsColumn: 'last',
    displayColumnDefOptions: {
      'mrt-row-select': {
        size: 60,
        Cell: ({ row, table, renderedRowIndex }) => (
          <SelectCell
            row={row}
            table={table}
            renderedRowIndex={renderedRowIndex}
            selected={row.getIsSelected()}
            selectable={row.getCanSelect()}
            density={table.getState().density}
            loading={table.getState().isLoading}
            label={table.options.localization.toggleSelectRow}
          />
        ),
      },
      'mrt-row-actions': { header: t('table.actions'), size: 140 },
    },
    paginationDisplayMode: 'pages',
    mantinePaginationProps: {
      rowsPerPageOptions: pageSizes.options.map(String),
      withEdges: true,
    },
    state: {
      pagination,
      sorting: props.sorting,
      rowSelection: props.rowSelection,
      isLoading: props.loading,
      showProgressBars: props.fetching && !props.loading,
      ...(props.layout
        ? props.layout.layout
        : { columnPinning: { left: [SELECT_COLUMN], right: [ACTIONS_COLUMN] } }),
    },
    ...(props.layout
      ? {
          onColumnOrderChange: props.layout.onColumnOrderChange,
          onColumnVisibilityChange: props.layout.onColumnVisibilityChange,
          onColumnPinningChange: props.layout.onColumnPinningChange,
          onDensityChange: props.layout.onDensityChange,
        }
      : {}),
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      // A new page size starts again at page 1 (spec section 4).
      props.onPaginationChange(
        next.pageSize !== pagination.pageSize ? { ...next, pageIndex: 0 } : next,
      );
    },
    onSortingChange: (updater) =>
      props.onSortingChange(typeof updater === 'function' ? updater(props.sorting) : updater),
    onRowSelectionChange: (updater) =>
      props.onRowSelectionChange(
        typeof updater === 'function' ? updater(props.rowSelection) : updater,
      ),
    renderRowActions: ({ row }) => (
      <RowActionButtons row={row.original} name={def.recordLabel(row.original)} actions={actions} />
    ),
    mantineTableBodyRowProps: ({ row, table }) => ({
      style: { height: heights[table.getState().density] },
      // Only the rows in view are in the DOM: their place in the whole page, for screen readers
      // (the header row is row 1).
      'aria-rowindex': row.index + 2,
      tabIndex: row.index === Math.max(0, focusedIndex) ? 0 : -1,
      'data-row-index': row.index,
      'aria-selected': props.selectable ? row.getIsSelected() : undefined,
      onFocus: (e) => {
        if (e.target === e.currentTarget) props.onRowFocus?.(row.index);
      },
      onKeyDown: (e) => {
        if (e.target === e.currentTarget) props.onRowKeyDown?.(e, row.original, row.index);
      },
    }),
    mantineTableProps: {
      striped: true,
      highlightOnHover: true,
      'aria-label': def.title[lang],
      'aria-rowcount': rows.length + (sums ? 2 : 1),
    },
    mantineTableHeadRowProps: { 'aria-rowindex': 1 },
    mantineTableFooterRowProps: { 'aria-rowindex': rows.length + 2 },
    mantinePaperProps: { withBorder: true, shadow: 'none' },
    mantineTableContainerProps: { style: { maxHeight: 'calc(100vh - 300px)' } },
    enableStickyHeader: true,
    enableStickyFooter: true,
    renderEmptyRowsFallback: () => (
      <Group justify="center" p="xl" c="dimmed">
        {t('table.empty')}
      </Group>
    ),
  });

  // Moving the row focus from the keyboard moves the browser's focus with it. A row scrolled far
  // out of view is not in the DOM (row virtualisation): scroll to it first, focus it once drawn.
  useEffect(() => {
    if (focusedIndex < 0) return;
    const focusRow = () => {
      const tr = table.refs.tableContainerRef.current?.querySelector<HTMLElement>(
        `tbody tr[data-row-index="${String(focusedIndex)}"]`,
      );
      if (tr && tr !== document.activeElement) {
        tr.focus();
        tr.scrollIntoView?.({ block: 'nearest' });
      }
      return Boolean(tr);
    };
    if (focusRow()) return;
    virtualizer.current?.scrollToIndex(focusedIndex);
    const frame = requestAnimationFrame(focusRow);
    return () => cancelAnimationFrame(frame);
  }, [focusedIndex, table]);

  return <MantineReactTable table={table} />;
}
