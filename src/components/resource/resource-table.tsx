import 'mantine-react-table/styles.css';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_PaginationState,
  type MRT_RowSelectionState,
  type MRT_SortingState,
} from 'mantine-react-table';
import { MRT_Localization_EN } from 'mantine-react-table/locales/en/index.esm.mjs';
import { MRT_Localization_ZH_HANS } from 'mantine-react-table/locales/zh-Hans/index.esm.mjs';
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { useLang, useT } from '../../app/hooks';
import type { ResourceDef } from '../../resources/types';
import { Cell, type CellTexts } from './cells';
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
  const texts: CellTexts = useMemo(
    () => ({ lang, yes: t('common.yes'), no: t('common.no'), viewDetails: t('table.viewDetails') }),
    [lang, t],
  );
  const sums = useMemo(
    () => (def.sums?.length ? sumRows(rows, def.sums) : undefined),
    [rows, def.sums],
  );
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
        size: column.width ?? 160,
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
      'mrt-row-select': { size: 60 },
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
    renderRowActions: ({ row }) => {
      const name = def.recordLabel(row.original);
      return (
        <Group gap={4} wrap="nowrap" aria-label={t('table.rowActions', { name })} role="group">
          {actions.view && (
            <Tooltip label={t('table.view')} withinPortal>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('table.view')} ${name}`}
                onClick={() => actions.view?.(row.original)}
              >
                <IconEye size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.edit && (
            <Tooltip label={t('table.edit')} withinPortal>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('table.edit')} ${name}`}
                onClick={() => actions.edit?.(row.original)}
              >
                <IconEdit size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.remove && (
            <Tooltip label={t('table.remove')} withinPortal>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('table.remove')} ${name}`}
                onClick={() => actions.remove?.(row.original)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      );
    },
    mantineTableBodyRowProps: ({ row }) => ({
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
    mantineTableProps: { striped: true, highlightOnHover: true, 'aria-label': def.title[lang] },
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

  // Moving the row focus from the keyboard moves the browser's focus with it.
  useEffect(() => {
    if (focusedIndex < 0) return;
    const tr = table.refs.tableContainerRef.current?.querySelector<HTMLElement>(
      `tbody tr[data-row-index="${String(focusedIndex)}"]`,
    );
    if (tr && tr !== document.activeElement) {
      tr.focus();
      tr.scrollIntoView?.({ block: 'nearest' });
    }
  }, [focusedIndex, table]);

  return <MantineReactTable table={table} />;
}
