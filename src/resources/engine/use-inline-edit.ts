import { useActorRef } from '@xstate/react';
import { createContext, useLayoutEffect, useMemo, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  inlineEditMachine,
  type CellValue,
  type EditCell,
  type RangeFields,
  type ReloadOutput,
  type RowId,
  type SaveCellInput,
} from '../../../machines/inline-edit-machine';
import { api } from '../../api/api';
import type { CallMethod } from '../../contracts/resource-contract';
import { useAppDispatch } from '../../state/hooks';
import type { AppDispatch } from '../../state/store';
import type { ColumnDef, ResourceDef } from '../types';
import { callOf } from './calls';

type Row = Record<string, unknown>;
type Column = ColumnDef<Row>;

/**
 * The save of one edited cell: POST (or the update call's declared method) under the resource's
 * service, silent (the cell shows why a save failed, so the API layer's toast would say it
 * twice). A save that went through
 * invalidates the service's lists like any write; the table's reload then waits for that
 * refetch instead of sending a second request.
 */
const cellSaveApi = api.injectEndpoints({
  endpoints: (build) => ({
    resourceCellSave: build.mutation<
      unknown,
      { service: string; url: string; method?: CallMethod | undefined; body: Row }
    >({
      query: ({ url, method, body }) => ({ url, method: method ?? 'POST', body, silent: true }),
      // Only a save that went through changes the list (a failed one keeps the edit open).
      invalidatesTags: (_result, error, { service }) =>
        error ? [] : [{ type: 'Resource', id: service }],
    }),
  }),
});

export type InlineEditActor = ActorRefFrom<typeof inlineEditMachine>;

/** What the table hands its editable cells (one per table, stable). */
export interface InlineEditController {
  actor: InlineEditActor;
  /** Opens a cell. `from`: what gets the focus back when it closes (its edit button, or the row). */
  start(column: Column, row: Row, rowId: RowId, from: 'button' | 'row'): void;
  /** F2 on a row: opens its first editable cell among `visible` columns; false if none. */
  startFirst(row: Row, rowId: RowId, visible: (field: string) => boolean): boolean;
  /** Whether the row may be edited at all (the screen's `editable` rule, e.g. `editableWhen`). */
  rowEditable(row: Row): boolean;
  /** Where the focus goes when a closing editor leaves it nowhere. */
  returnsFocusTo(): 'button' | 'row';
}

export const InlineEditContext = createContext<InlineEditController | null>(null);

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** A date column's value as the date input holds it (the date part of 'YYYY-MM-DD HH:mm:ss'). */
const dateText = (v: unknown) => (isBlank(v) ? '' : String(v).slice(0, 10));

/** The two ends of a range column, from its row fields or from a pair under its own field. */
export function rangeOf(column: Column, row: Row): [string, string] {
  const ends = column.edit?.rangeFields;
  if (ends) return [dateText(row[ends[0]]), dateText(row[ends[1]])];
  const pair = row[column.field];
  return Array.isArray(pair) ? [dateText(pair[0]), dateText(pair[1])] : ['', ''];
}

/** The value an editable cell starts editing with. */
export function editValueOf(column: Column, row: Row): CellValue {
  const kind = column.edit?.kind ?? 'text';
  if (kind === 'dateRange') return rangeOf(column, row);
  const value = row[column.field];
  if (kind === 'date') return dateText(value);
  return isBlank(value) ? '' : String(value);
}

/** Whether a cell shows its edit button: not for the values the column lists in `hiddenFor`. */
export function editableValue(column: Column, value: unknown): boolean {
  const hidden = column.edit?.hiddenFor;
  return !hidden || !hidden.includes(isBlank(value) ? '' : String(value));
}

/**
 * What the save call sends for a column: its own extra row fields (the machine picks the union
 * of every column's) and the edited field or range ends. Extra fields the row holds as null are
 * left out: BladeX's submit validates a missing optional field but rejects a null one.
 */
export function saveBody(column: Column | undefined, input: SaveCellInput): Row {
  const edited = new Set<string>(column?.edit?.rangeFields ?? [input.field]);
  const extra = new Set(column?.edit?.extraFields ?? []);
  const body: Row = {};
  for (const [name, value] of Object.entries(input.body)) {
    if (edited.has(name)) body[name] = value;
    else if (extra.has(name) && value !== null && value !== undefined) body[name] = value;
  }
  return body;
}

/** Whether the machine's snapshot is editing (or saving) this cell. */
export function isCell(cell: EditCell | undefined, rowId: RowId, field: string): boolean {
  return cell !== undefined && String(cell.rowId) === String(rowId) && cell.field === field;
}

/** The list's refetch: RTK Query's answer, a page (`records`) or a tree's top-level nodes. */
export type ReloadList = () => PromiseLike<{ data?: unknown } | undefined>;
type Reload = ReloadList | undefined;

/** The rows a reload brought back, so a cell queued during the save opens on fresh data. */
export function reloadedRows(answer: { data?: unknown } | undefined): readonly Row[] | undefined {
  const data = answer?.data;
  if (Array.isArray(data)) return data as Row[];
  const records = (data as { records?: unknown } | undefined)?.records;
  return Array.isArray(records) ? (records as Row[]) : undefined;
}

/**
 * The machine with its real services, and the controller over its actor. The services outlive
 * renders, so they read the latest declaration and reload from here (`update`).
 */
type RowRule = ((row: Row) => boolean) | undefined;

function createSession(
  dispatch: AppDispatch,
  initialDef: ResourceDef,
  initialReload: Reload,
  initialRule: RowRule,
) {
  let def = initialDef;
  let reload = initialReload;
  let rule = initialRule;
  const rowEditable = (row: Row) => rule?.(row) !== false;
  let focus: 'button' | 'row' = 'button';
  const logic = inlineEditMachine.provide({
    actors: {
      saveCell: fromPromise<unknown, SaveCellInput>(async ({ input }) => {
        const column = def.columns.find((c) => c.field === input.field) as Column | undefined;
        // A column's own save call is POSTed; else the resource's update call as declared.
        const update = callOf(def.paths, 'update');
        const own = column?.edit?.path;
        const call = dispatch(
          cellSaveApi.endpoints.resourceCellSave.initiate({
            service: def.service,
            url: `${def.service}/${own ?? update.path ?? 'submit'}`,
            method: own ? undefined : update.method,
            body: saveBody(column, input),
          }),
        );
        try {
          return await call.unwrap();
        } finally {
          call.reset();
        }
      }),
      reloadList: fromPromise<ReloadOutput>(async () => reloadedRows(await reload?.())),
    },
  });
  const input = {
    extraFields: [
      ...new Set(def.columns.flatMap((c) => (c.edit ? (c.edit.extraFields ?? []) : []))),
    ],
    rangeFields: Object.fromEntries(
      def.columns.flatMap((c): [string, RangeFields][] =>
        c.edit?.kind === 'dateRange' && c.edit.rangeFields ? [[c.field, c.edit.rangeFields]] : [],
      ),
    ),
  };
  const controller = (actor: InlineEditActor): InlineEditController => {
    const start: InlineEditController['start'] = (column, row, rowId, from) => {
      focus = from;
      actor.send({
        type: 'edit.start',
        rowId,
        field: column.field,
        value: editValueOf(column, row),
        row,
      });
    };
    return {
      actor,
      start,
      startFirst(row, rowId, visible) {
        if (!rowEditable(row)) return false;
        const column = (def.columns as readonly Column[]).find(
          (c) => c.edit && visible(c.field) && editableValue(c, row[c.field]),
        );
        if (!column) return false;
        start(column, row, rowId, 'row');
        return true;
      },
      rowEditable,
      returnsFocusTo: () => focus,
    };
  };
  const update = (nextDef: ResourceDef, nextReload: Reload, nextRule: RowRule) => {
    def = nextDef;
    reload = nextReload;
    rule = nextRule;
  };
  return { logic, input, controller, update };
}

/**
 * One inline-edit machine per table (spec section 4: one cell edits at a time), with the real
 * save (the resource's update call) and reload (the list's refetch, which resolves with the
 * reloaded rows). The machine's state is read by the editable cells themselves, each with a
 * selector on its own row and field, so an edit redraws that one cell and not the table.
 */
export function useInlineEdit(
  def: ResourceDef,
  reload: Reload,
  rowEditable?: RowRule,
): InlineEditController {
  const dispatch = useAppDispatch();
  const [session] = useState(() => createSession(dispatch, def, reload, rowEditable));
  useLayoutEffect(() => session.update(def, reload, rowEditable));
  const actor = useActorRef(session.logic, { input: session.input });
  return useMemo(() => session.controller(actor), [session, actor]);
}
