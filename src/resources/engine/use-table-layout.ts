import type {
  MRT_ColumnOrderState,
  MRT_ColumnPinningState,
  MRT_DensityState,
  MRT_Updater,
  MRT_VisibilityState,
} from 'mantine-react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSaveTableSetMutation, useTableSetQuery } from '../../api/table-set';
import type { TableSettings } from '../../contracts/table-set';

/** Columns the engine always places: selection first, actions last. */
export const SELECT_COLUMN = 'mrt-row-select';
export const ACTIONS_COLUMN = 'mrt-row-actions';
const SAVE_DELAY_MS = 800;

export interface TableLayout {
  columnOrder: MRT_ColumnOrderState;
  columnVisibility: MRT_VisibilityState;
  columnPinning: MRT_ColumnPinningState;
  density: MRT_DensityState;
}

const isFixed = (id: string) => id === SELECT_COLUMN || id === ACTIONS_COLUMN;

/** Selection stays pinned first and the actions last, whatever the column menu did. */
export function withFixedPins(pinning: MRT_ColumnPinningState): MRT_ColumnPinningState {
  return {
    left: [SELECT_COLUMN, ...(pinning.left ?? []).filter((id) => !isFixed(id))],
    right: [...(pinning.right ?? []).filter((id) => !isFixed(id)), ACTIONS_COLUMN],
  };
}

const apply = <T>(updater: MRT_Updater<T>, previous: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;

/** The saved settings as table state over the current columns (unknown ids are dropped). */
export function layoutFrom(
  settings: TableSettings | undefined,
  columnIds: readonly string[],
  hiddenByDefault: readonly string[],
): TableLayout {
  const known = new Set(columnIds);
  const saved = (settings?.columnOrder ?? []).filter((id) => known.has(id));
  const order = [...saved, ...columnIds.filter((id) => !saved.includes(id))];
  const hidden = new Set(settings?.hidden ?? hiddenByDefault);
  const user = (list: readonly string[] | undefined) => (list ?? []).filter((id) => known.has(id));
  return {
    columnOrder: order,
    columnVisibility: Object.fromEntries(columnIds.map((id) => [id, !hidden.has(id)])),
    columnPinning: withFixedPins({
      left: user(settings?.pinnedLeft),
      right: user(settings?.pinnedRight),
    }),
    density: settings?.density ?? 'md',
  };
}

/** The table state as settings to save (the engine's fixed pins are not saved). */
export function settingsFrom(layout: TableLayout, pageSize: number | undefined): TableSettings {
  const fixed = (id: string) => !isFixed(id);
  return {
    columnOrder: layout.columnOrder.filter(fixed),
    hidden: Object.entries(layout.columnVisibility)
      .filter(([, visible]) => !visible)
      .map(([id]) => id),
    pinnedLeft: (layout.columnPinning.left ?? []).filter(fixed),
    pinnedRight: (layout.columnPinning.right ?? []).filter(fixed),
    density: layout.density,
    ...(pageSize ? { pageSize: pageSize as TableSettings['pageSize'] } : {}),
  };
}

/** What a layout saves as, over the known columns only (MRT adds its own: spacer, expand). */
function savedForm(
  layout: TableLayout,
  pageSize: number | undefined,
  known: ReadonlySet<string>,
): string {
  const only = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => known.has(id));
  const settings = settingsFrom(
    {
      ...layout,
      columnOrder: only(layout.columnOrder),
      columnVisibility: Object.fromEntries(
        Object.entries(layout.columnVisibility).filter(([id]) => known.has(id)),
      ),
      columnPinning: {
        left: only(layout.columnPinning.left),
        right: only(layout.columnPinning.right),
      },
    },
    pageSize,
  );
  return JSON.stringify(settings);
}

/**
 * The user's column layout of the table `tableKey`: loaded from blade-system/table-set, changed
 * at once on screen, saved (debounced) only when it differs from what the server holds: the
 * table's own calls on mount (MRT sets the column order when it starts) and a change undone
 * within the delay post nothing. A pending save is sent when the table unmounts. A failed save
 * keeps the layout for this visit. `pageSize` is saved with it when the screen reports one.
 */
export function useTableLayout(
  tableKey: string,
  columnIds: readonly string[],
  hiddenByDefault: readonly string[],
) {
  const saved = useTableSetQuery(tableKey);
  const [save] = useSaveTableSetMutation();
  const [local, setLocal] = useState<{ layout: TableLayout; pageSize?: number }>();
  const serverLayout = useMemo(
    () => layoutFrom(saved.data?.settings, columnIds, hiddenByDefault),
    [saved.data, columnIds, hiddenByDefault],
  );
  const layout = local?.layout ?? serverLayout;
  const known = useMemo(() => new Set(columnIds), [columnIds]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The settings last saved (the loaded ones until the first save), as `savedForm` text. */
  const stored = useRef<string>(undefined);
  /** The save waiting for the delay to pass. */
  const pending = useRef<(() => void) | undefined>(undefined);
  // Reads refs only, so the one made on the first render serves the unmount too.
  const [flush] = useState(() => () => {
    clearTimeout(timer.current);
    const send = pending.current;
    pending.current = undefined;
    send?.();
  });
  // Nothing the user changed is lost when the screen closes before the delay has passed.
  useEffect(() => flush, [flush]);

  const change = (
    next: TableLayout,
    pageSize = local?.pageSize ?? saved.data?.settings.pageSize,
  ) => {
    setLocal({ layout: next, ...(pageSize ? { pageSize } : {}) });
    clearTimeout(timer.current);
    pending.current = undefined;
    const form = savedForm(next, pageSize, known);
    const before = stored.current ?? savedForm(serverLayout, saved.data?.settings.pageSize, known);
    if (form === before) return;
    pending.current = () => {
      stored.current = form;
      void save({ tableKey, settings: JSON.parse(form) as TableSettings });
    };
    timer.current = setTimeout(flush, SAVE_DELAY_MS);
  };

  return {
    /** Until the saved layout has arrived the table shows the declared one. */
    ready: !saved.isLoading,
    layout,
    savedPageSize: local?.pageSize ?? saved.data?.settings.pageSize,
    onColumnOrderChange: (u: MRT_Updater<MRT_ColumnOrderState>) =>
      change({ ...layout, columnOrder: apply(u, layout.columnOrder) }),
    onColumnVisibilityChange: (u: MRT_Updater<MRT_VisibilityState>) =>
      change({ ...layout, columnVisibility: apply(u, layout.columnVisibility) }),
    onColumnPinningChange: (u: MRT_Updater<MRT_ColumnPinningState>) =>
      change({ ...layout, columnPinning: withFixedPins(apply(u, layout.columnPinning)) }),
    onDensityChange: (u: MRT_Updater<MRT_DensityState>) =>
      change({ ...layout, density: apply(u, layout.density) }),
    savePageSize: (pageSize: number) => change(layout, pageSize),
  };
}
