import 'mantine-react-table/styles.css';
import './resource-table.css';
import { Group, MantineThemeProvider, Portal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  MantineReactTable,
  MRT_ToolbarInternalButtons,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_DensityState,
  type MRT_ExpandedState,
  type MRT_PaginationState,
  type MRT_RowSelectionState,
  type MRT_RowVirtualizer,
  type MRT_SortingState,
  type MRT_TableInstance,
} from 'mantine-react-table';
import { MRT_Localization_EN } from 'mantine-react-table/locales/en/index.esm.mjs';
import { MRT_Localization_ZH_HANS } from 'mantine-react-table/locales/zh-Hans/index.esm.mjs';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { HoverHints } from '../../components/hover-hints';
import { useLang, useT } from '../../state/hooks';
import type { Lang } from '../../i18n';
import type { ResourceDef, ValueOption } from '../types';
import {
  Cell,
  foldsRowActions,
  RowActionButtons,
  rowActionsWidth,
  SelectCell,
  useCellTexts,
} from './cells';
import { useColumnOptions } from './column-options';
import { ColumnMenu } from './column-menu';
import { HeaderWithHelp } from './header-help';
import { createPreviewStore, ImagePreviewModal } from './image-preview';
import { EditableCell } from './inline-edit-cell';
import { PaginationBar } from './pagination-bar';
import {
  contentWidth,
  DENSITY_SPACING,
  headerWidth,
  isNumeric,
  ROW_CONTENT,
  rowHeights,
  textWidth,
} from './column-widths';
import { SumLines, type SumLine } from './sum-footer';
import { footerSums, SUM_ALL_MESSAGE, SUM_PAGE_MESSAGE } from './sums';
import type { ExtraRowAction, Row } from './table-row';
import { ACTIONS_COLUMN, SELECT_COLUMN, type useTableLayout } from './use-table-layout';
import { InlineEditContext, useInlineEdit, type ReloadList } from './use-inline-edit';

/** The spec's two paging presets. */
export const PAGE_SIZES = {
  resource: { initial: 30, options: [30, 90, 150, 300] },
  // Issue 25 item 12: 20 a page (the spec's 10), so a list fills a 900 px screen's ~15 rows.
  generic: { initial: 20, options: [10, 20, 30, 50, 100, 300, 500] },
} as const;

export interface RowActions {
  view?: (row: Row) => void;
  edit?: (row: Row) => void;
  remove?: (row: Row) => void;
  editable?: (row: Row) => boolean;
  removable?: (row: Row) => boolean;
  extra?: readonly ExtraRowAction[];
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
  /** The server's totals over every matching row (`sumsFromAnswer`): the footer shows these. */
  answerSums?: Readonly<Record<string, unknown>> | undefined;
  /** A click on a row (not on one of its buttons or inputs). */
  onRowClick?(row: Row): void;
  /** The user's saved column layout (use-table-layout.ts); the declared one when absent. */
  layout?: TableLayoutProps;
  /**
   * The table is the page's one scroll area (a list screen that is the whole page): it fills
   * the height the page leaves it, header, footer and pagination always in view.
   */
  fill?: boolean;
  /**
   * Inline editing of the columns that declare `edit` (give it only to users with the edit
   * permission): `reload` is the list's refetch, called after a save and on 'Reload'.
   */
  inlineEdit?: { reload: ReloadList } | undefined;
  /**
   * A tree list: rows carry `children` (or `hasChildren` until a lazy tree loads them); no
   * paging. `expanded` is the open rows by id.
   */
  tree?: {
    expanded: Record<string, boolean>;
    onExpandedChange(next: Record<string, boolean>): void;
  };
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

/** Rows drawn beyond the visible ones: enough for one keyboard step, few to redraw per scroll. */
const OVERSCAN = 2;
/** A text column without a declared width is at most this wide (longer text ends in '…'). */
const TEXT_CAP = 160;

/*
 * One fixed row height per density (column-widths.ts `rowHeights`): the tallest cell content
 * (a row button or a line of text, 22 px, or an image, 28 px) plus the cell padding and the row
 * border. Cells do not wrap, so every row is exactly this tall and the row virtualiser places
 * rows without measuring them; MRT's default measures each row with getBoundingClientRect on
 * every render, a forced layout per row that cost about 90 ms of main-thread time per scroll
 * frame here.
 */

/** Each row model's positions by row id, computed once per model (trees: children included). */
const positionsByModel = new WeakMap<readonly { id: string }[], Map<string, number>>();

function shownPosition(rows: readonly { id: string }[], id: string): number {
  let positions = positionsByModel.get(rows);
  if (!positions) {
    positions = new Map(rows.map((r, i) => [r.id, i]));
    positionsByModel.set(rows, positions);
  }
  return positions.get(id) ?? 0;
}

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;
/** Amount and number columns: right-aligned cells and totals, so digits line up. */
const NUMERIC_CELLS = {
  mantineTableBodyCellProps: {
    className: 'numeric-cell',
    style: { whiteSpace: 'nowrap', justifyContent: 'flex-end', textAlign: 'right' },
  },
  mantineTableFooterCellProps: { className: 'numeric-cell' },
} as const;

/**
 * Inside the table, portals share one node in the body. Every Mantine Tooltip (MRT puts one on
 * each header button and toolbar button) and Menu mounts a Portal even while closed, and each
 * Portal otherwise appends a node of its own to the body, on which React registers its event
 * listeners (about 80 addEventListener calls a node): some 95 nodes on mount.
 */
const TABLE_THEME = {
  components: { Portal: Portal.extend({ defaultProps: { reuseTargetNode: true } }) },
};

/** A ref that never holds its node (the element still renders; MRT cannot measure it). */
const UNMEASURED: { current: null } = {
  get current() {
    return null;
  },
  set current(_node) {},
};

/**
 * Hides from MRT the elements whose heights it reads from the DOM for things this table does not
 * use, each read a forced style and layout pass over the whole table ahead of the browser's own:
 * the table container reads both toolbars' in a layout effect on every commit (for a full-screen
 * table's height; outside full screen the container's height is ours, mantineTableContainerProps),
 * and its answer rendered the table once more on mount; the body and every row read the header's
 * and footer's while rendering (for pinned rows: rows are never pinned here). MRT builds
 * `table.refs` anew on every render, before its components read it.
 */
function skipUnusedMeasurements(table: MRT_TableInstance<Row>) {
  table.refs = {
    ...table.refs,
    tableHeadRef: UNMEASURED,
    tableFooterRef: UNMEASURED,
    ...(table.getState().isFullScreen
      ? {}
      : { topToolbarRef: UNMEASURED, bottomToolbarRef: UNMEASURED }),
  };
}

/**
 * Below this width nothing is pinned: a pinned selection and operations column would leave
 * the data a sliver of a phone's screen (390 px). The row buttons then scroll with the row.
 */
export const NARROW_TABLE = '(max-width: 47.99em)';
const NO_PINS = { left: [], right: [] };

function sameWidths(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/*
 * Row virtualisation lays the table out as a grid, which keeps the given widths where the
 * browser's table layout used to widen a narrow column until its header fitted: every width is
 * at least its header's (column-widths.ts `headerWidth`).
 */

/**
 * The width a tag or status column needs for its longest label in `lang`, so no tag is cut
 * (issue 25 item 15: 'COUPO…' in English): a tag is Mantine's badge (11 px bold capitals, about
 * 8.5 px a Latin letter, 10 px padding each side), a status plain 14 px text; plus the cell's
 * padding. A dictionary's options arrive later and widen the column then.
 */
function labelsWidth(
  column: { kind?: string; options?: readonly ValueOption[] },
  lang: Lang,
  padX = 16,
) {
  if ((column.kind !== 'tag' && column.kind !== 'status') || !column.options) return 0;
  const badge = column.kind === 'tag';
  let widest = 0;
  for (const option of column.options) {
    let text = 0;
    for (const ch of option.label[lang])
      text += ch.charCodeAt(0) >= 0x2e80 ? (badge ? 11 : 14) : 8.5;
    widest = Math.max(widest, text);
  }
  return Math.ceil(2 * padX + widest + (badge ? 24 : 4));
}

/**
 * The spec's reusable data table on mantine-react-table: selection (60), serial number
 * per page or continued across pages, the resource's columns by kind, a sum footer, the
 * operations column pinned right with the row buttons the user may use, server-side paging
 * and sorting. Column definitions are memoised on the declaration, the language and the column
 * widths (which follow the content), so a page change whose values fit re-renders rows only.
 */
export function ResourceTable(props: Props) {
  const { def, rows, pagination, actions, focusedIndex = -1 } = props;
  const t = useT();
  const lang = useLang();
  const texts = useCellTexts();
  // The footer (issue 25 item 9): the page's totals (本页合计), the server's over every matching
  // row (全部合计), or both when the rows span more than this page; quantities as whole numbers.
  const sumLines = useMemo((): SumLine[] | undefined => {
    if (!def.sums?.length) return undefined;
    const integers = new Set<string>(
      def.columns.filter((c) => c.kind === 'number').map((c) => c.field),
    );
    const page: SumLine = { label: SUM_PAGE_MESSAGE, sums: footerSums(rows, def.sums, integers) };
    if (!props.answerSums) return [page];
    const all: SumLine = {
      label: SUM_ALL_MESSAGE,
      sums: footerSums([props.answerSums], def.sums, integers),
    };
    return props.total > rows.length ? [page, all] : [all];
  }, [rows, def.sums, def.columns, props.answerSums, props.total]);
  const hasImages = def.columns.some((c) => c.kind === 'image');
  const heights = useMemo(() => rowHeights(hasImages ? 28 : ROW_CONTENT), [hasImages]);
  const sizing = useMemo(() => {
    const of = (d: MRT_DensityState) => {
      const size = () => heights[d];
      return { estimateSize: size, measureElement: size, overscan: OVERSCAN };
    };
    return { xs: of('xs'), md: of('md'), xl: of('xl') };
  }, [heights]);
  const virtualizer = useRef<MRT_RowVirtualizer>(null);
  // The selection as the last change left it: Shift+click toggles each row of a range in turn,
  // before the parent's new state comes back down as props.
  const selection = useRef(props.rowSelection);
  useLayoutEffect(() => {
    selection.current = props.rowSelection;
  }, [props.rowSelection]);
  // MRT's row virtualiser looks for the scroll container in a layout effect that runs before
  // the container's ref is set, so the first commit draws no rows and only a second render picks
  // the container up. MRT's toolbar measurement used to cause one; it measures nothing now
  // (skipUnusedMeasurements), so this is the one.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => redraw(), []);
  // One edit machine per table (inline-edit cells read it through context); one image preview.
  const inlineEdit = useInlineEdit(def, props.inlineEdit?.reload, actions.editable);
  const canEditCells = Boolean(props.inlineEdit);
  const [preview] = useState(createPreviewStore);
  const declared = useColumnOptions(def.columns);
  const narrow = useMediaQuery(NARROW_TABLE, false, { getInitialValueInEffect: false }) ?? false;
  const density = props.layout?.layout.density ?? 'md';
  const foldActions = foldsRowActions(actions);
  const continuous = def.index === 'continuous';
  const offset = continuous ? pagination.pageIndex * pagination.pageSize : 0;
  const padX = DENSITY_SPACING[density].x;
  const actionsSize = rowActionsWidth(
    actions,
    t('table.more'),
    padX,
    headerWidth(t('table.actions'), false, false, padX),
  );
  // Columns as wide as what they show (issue 25 item 12): amounts, numbers and text by the
  // widest value on the page (text at most its declared width), date-times by their format,
  // tags by their longest label; never narrower than the header. Before the first rows arrive,
  // the declared widths.
  const measuredWidths = useMemo(() => {
    const out: Record<string, number> = {};
    for (const column of declared) {
      const cap = column.width ?? TEXT_CAP;
      const footer = sumLines?.map((line) => line.sums[column.field] ?? '') ?? [];
      const content =
        rows.length === 0 && !isNumeric(column.kind) && column.kind !== 'dateTime'
          ? cap
          : contentWidth(column, rows, footer, padX, cap);
      const labels = labelsWidth(column, lang, padX);
      out[column.field] = Math.max(
        content || labels || cap,
        labels,
        headerWidth(
          column.label[lang],
          props.sorting.some((s) => s.id === column.field),
          Boolean(column.help),
          padX,
        ),
      );
    }
    return out;
  }, [declared, rows, sumLines, padX, lang, props.sorting]);
  // The same widths as before keep the same object, so a new page whose values fit the columns
  // as they are does not rebuild the column model (and remount every cell).
  const [widths, setWidths] = useState(measuredWidths);
  if (!sameWidths(widths, measuredWidths)) setWidths(measuredWidths);
  // The serial column: its header and the row numbers (the footer's label may run on into the
  // next column's footer: resource-table.css).
  const serialWidth = Math.max(
    headerWidth(t('table.serial'), false, false, padX),
    Math.ceil(2 * padX + textWidth(String(offset + rows.length)) + 2),
  );

  const columns = useMemo<MRT_ColumnDef<Row>[]>(
    () => [
      {
        id: SERIAL,
        header: t('table.serial'),
        size: serialWidth,
        enableSorting: false,
        enableColumnActions: false,
        enableHiding: false,
        Cell: ({ row }) => row.index + 1 + offset,
        Footer: sumLines
          ? () => <SumLines lines={sumLines.map((line) => t(line.label))} label />
          : undefined,
      },
      ...declared.map((column): MRT_ColumnDef<Row> => ({
        id: column.field,
        accessorKey: column.field,
        header: column.label[lang],
        size: widths[column.field]!,
        enableSorting: column.sortable ?? false,
        ...(isNumeric(column.kind) ? NUMERIC_CELLS : {}),
        Cell:
          column.edit && canEditCells
            ? ({ cell, row }) => (
                <EditableCell
                  column={column}
                  row={row.original}
                  rowId={row.id}
                  value={cell.getValue()}
                  texts={texts}
                  editLabel={t('inlineEdit.editCellOf', {
                    label: column.label[lang],
                    name: def.recordLabel(row.original),
                  })}
                  onPreview={preview.open}
                />
              )
            : column.cell
              ? ({ row }) => {
                  const Own = column.cell!;
                  return <Own row={row.original} />;
                }
              : ({ cell }) => (
                  <Cell
                    column={column}
                    value={cell.getValue()}
                    texts={texts}
                    onPreview={preview.open}
                  />
                ),
        Footer:
          sumLines && column.field in sumLines[0]!.sums
            ? () => <SumLines lines={sumLines.map((line) => line.sums[column.field] ?? '')} />
            : undefined,
        Header: ({ header, table }) => (
          <>
            {column.help ? (
              <HeaderWithHelp
                label={column.label[lang]}
                help={column.help[lang]}
                buttonLabel={t('table.help', { label: column.label[lang] })}
              />
            ) : (
              column.label[lang]
            )}
            <ColumnMenu header={header} table={table} />
          </>
        ),
      })),
    ],
    [declared, def, lang, t, texts, sumLines, offset, canEditCells, preview, widths, serialWidth],
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
  const hasActions = Boolean(
    actions.view || actions.edit || actions.remove || actions.extra?.length,
  );
  const { tree } = props;
  const treeOptions = tree
    ? {
        enableExpanding: true,
        enablePagination: false,
        // (Not paginateExpandedRows: false: with manual pagination TanStack would then expand
        // nothing, as it expands only while paginating.)
        getSubRows: (row: Row) =>
          Array.isArray(row.children) ? (row.children as Row[]) : undefined,
        // A lazy tree's node says it has children before they are loaded.
        getRowCanExpand: (row: { original: Row; subRows?: unknown[] }) =>
          row.original.hasChildren === true || Boolean(row.subRows?.length),
        onExpandedChange: (
          updater: MRT_ExpandedState | ((old: MRT_ExpandedState) => MRT_ExpandedState),
        ) => {
          const next = typeof updater === 'function' ? updater(tree.expanded) : updater;
          tree.onExpandedChange(next === true ? {} : next);
        },
      }
    : {};
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
    // Columns are reordered in the show/hide columns menu; headers carry no drag handle, and
    // their column menu is ours until first used (column-menu.tsx).
    enableColumnOrdering: true,
    enableColumnDragging: false,
    enableColumnActions: false,
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
      'mrt-row-actions': {
        header: t('table.actions'),
        // As wide as the buttons a row may show (declared actions beyond them fold into a menu).
        size: actionsSize,
      },
    },
    // The spec's bar (total, sizes, pager, jumper) replaces MRT's sizes-and-pager; the table's
    // own buttons (columns, density, full screen) sit at its right end instead of a toolbar row
    // of their own above the table (issue 25 item 12: rows, not toolbars, get the height).
    positionPagination: 'none',
    enableTopToolbar: false,
    mantineBottomToolbarProps: { className: 'resource-table-bottom' },
    renderBottomToolbarCustomActions: ({ table }) => (
      <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
        {table.options.enablePagination === false ? (
          <span />
        ) : (
          <PaginationBar
            total={props.total}
            pageIndex={pagination.pageIndex}
            pageSize={pagination.pageSize}
            sizes={pageSizes.options}
            onPageChange={table.setPageIndex}
            onPageSizeChange={table.setPageSize}
          />
        )}
        <MRT_ToolbarInternalButtons table={table} />
      </Group>
    ),
    ...treeOptions,
    state: {
      ...(tree ? { expanded: tree.expanded } : {}),
      pagination,
      sorting: props.sorting,
      rowSelection: props.rowSelection,
      isLoading: props.loading,
      showProgressBars: props.fetching && !props.loading,
      ...(props.layout
        ? props.layout.layout
        : { columnPinning: { left: [SELECT_COLUMN], right: [ACTIONS_COLUMN] } }),
      // Shown unpinned on a narrow screen; the saved layout keeps its pins.
      ...(narrow ? { columnPinning: NO_PINS } : {}),
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
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(selection.current) : updater;
      selection.current = next;
      props.onRowSelectionChange(next);
    },
    renderRowActions: ({ row }) => (
      <RowActionButtons
        row={row.original}
        name={def.recordLabel(row.original)}
        actions={actions}
        fold={foldActions}
      />
    ),
    mantineTableBodyRowProps: ({ row, table }) => {
      const position = tree ? shownPosition(table.getRowModel().rows, row.id) : row.index;
      return {
        style: { height: heights[table.getState().density] },
        // Only the rows in view are in the DOM: their place in the whole page, for screen readers
        // (the header row is row 1). In a tree, the place among the rows shown, children included.
        'aria-rowindex': position + 2,
        tabIndex: position === Math.max(0, focusedIndex) ? 0 : -1,
        'data-row-index': position,
        'aria-selected': props.selectable ? row.getIsSelected() : undefined,
        onFocus: (e) => {
          if (e.target === e.currentTarget) props.onRowFocus?.(position);
        },
        onKeyDown: (e) => {
          if (e.target !== e.currentTarget) return;
          // F2 edits the row's first inline-editable cell (Enter stays 'open the details').
          const visibility = table.getState().columnVisibility;
          if (
            e.key === 'F2' &&
            canEditCells &&
            inlineEdit.startFirst(row.original, row.id, (field) => visibility[field] !== false)
          ) {
            e.preventDefault();
            return;
          }
          props.onRowKeyDown?.(e, row.original, position);
        },
        ...(props.onRowClick
          ? {
              onClick: (e: { target: EventTarget }) => {
                const target = e.target as HTMLElement;
                if (!target.closest('button, input, a, label')) props.onRowClick?.(row.original);
              },
              style: { height: heights[table.getState().density], cursor: 'pointer' },
            }
          : {}),
      };
    },
    mantineTableProps: ({ table }) => ({
      striped: true,
      highlightOnHover: true,
      // The cell padding of the density (column-widths.ts), tighter than Mantine's spacing.
      verticalSpacing: DENSITY_SPACING[table.getState().density].y,
      horizontalSpacing: DENSITY_SPACING[table.getState().density].x,
      'aria-label': def.title[lang],
      'aria-rowcount': rows.length + (sumLines ? 2 : 1),
    }),
    mantineTableHeadRowProps: { 'aria-rowindex': 1 },
    mantineTableFooterRowProps: { 'aria-rowindex': rows.length + 2 },
    // resource-table.css: opaque pinned columns with a visible edge; the container's height
    // (the page's height left to it when `fill`, else at most the viewport less 300 px).
    mantinePaperProps: {
      withBorder: true,
      shadow: 'none',
      className: props.fill ? 'resource-table resource-table-fill' : 'resource-table',
    },
    enableStickyHeader: true,
    enableStickyFooter: true,
    renderEmptyRowsFallback: () => (
      <Group justify="center" p="xl" c="dimmed">
        {t('table.empty')}
      </Group>
    ),
  });

  skipUnusedMeasurements(table);

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

  return (
    <InlineEditContext value={canEditCells ? inlineEdit : null}>
      <MantineThemeProvider theme={TABLE_THEME}>
        <HoverHints>
          <MantineReactTable table={table} />
        </HoverHints>
      </MantineThemeProvider>
      <ImagePreviewModal store={preview} />
    </InlineEditContext>
  );
}
