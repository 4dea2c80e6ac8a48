import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** A row's id as the table knows it (BladeX ids are long numbers sent as strings). */
export type RowId = string | number;

/** A table row as it came from the list call, wire field names kept. */
export type Row = Readonly<Record<string, unknown>>;

/** Start and end of an inline-editable date range column. */
export type DateRange = readonly [start: string, end: string];

/** What an inline-editable cell holds: plain text, or a date range. */
export type CellValue = string | DateRange;

/** The two wire fields a range column is saved to, e.g. `['startTime', 'endTime']`. */
export type RangeFields = readonly [startField: string, endField: string];

/** The cell being edited and the row it belongs to, as it was when editing started. */
export interface EditCell {
  rowId: RowId;
  field: string;
  row: Row;
}

/** A request to edit a cell that waits for the save or reload in flight. */
export interface QueuedStart extends EditCell {
  value: CellValue;
}

/**
 * Why the last save failed. `stale`: the row changed on the server since the list loaded (409 on
 * its `version`); the only way out is reloading. `server`: the call's own message, shown as is.
 * `failed`: the failure carried no text at all.
 */
export type InlineEditError =
  | { kind: 'stale'; messageKey: 'inlineEdit.errors.stale' }
  | { kind: 'server'; message: string }
  | { kind: 'failed'; messageKey: 'inlineEdit.errors.failed' };

export interface InlineEditContext {
  /** Row fields sent with every save, e.g. `['id', 'version']`. */
  extraFields: readonly string[];
  /** Range columns by their field, with the wire fields their two ends are saved to. */
  rangeFields: Readonly<Record<string, RangeFields>>;
  /** The row field that holds the row id; used to find a row again after a reload. */
  rowKey: string;
  /** Set while editing or saving, cleared otherwise. */
  cell?: EditCell;
  /** The value when editing started. */
  original?: CellValue;
  /** What the operator has typed so far. */
  buffer?: CellValue;
  error?: InlineEditError;
  /** The cell to open once the current save and reload are done. */
  next?: QueuedStart;
}

/** One machine per table. */
export interface InlineEditInput {
  extraFields?: readonly string[];
  rangeFields?: Readonly<Record<string, RangeFields>>;
  /** Default `'id'`. */
  rowKey?: string;
}

export type InlineEditEvent =
  | { type: 'edit.start'; rowId: RowId; field: string; value: CellValue; row: Row }
  | { type: 'edit.change'; value: CellValue }
  /** Esc. */
  | { type: 'edit.cancel' }
  /** Blur or Enter. */
  | { type: 'edit.commit' }
  /** After a stale-version failure: drop the edit and reload the list. */
  | { type: 'edit.reload' };

export interface SaveCellInput {
  rowId: RowId;
  field: string;
  /** The buffer, trimmed. */
  value: CellValue;
  /** The configured extra fields picked from the row (fields the row lacks are left out). */
  extra: Record<string, unknown>;
  /**
   * What the update call sends: `extra` plus the edited field, or for a range column with
   * configured `rangeFields` its two ends under their own wire fields. A range column without
   * them sends the pair under its field.
   */
  body: Record<string, unknown>;
}

/**
 * What `reloadList` may resolve with: the reloaded rows, so a cell requested during the save
 * opens with its current `version` rather than the one from before the save.
 */
export type ReloadOutput = readonly Row[] | void;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`inlineEditMachine: actor ${name} not provided`));

// Stray spaces around a typed value are never intended in these columns, and a value that
// differs from the original only by them is not a change worth a save (and a version bump).
const normalise = (value: CellValue): CellValue =>
  typeof value === 'string' ? value.trim() : [value[0].trim(), value[1].trim()];

const isBlank = (value: CellValue | undefined): boolean => {
  if (value === undefined) return true;
  const v = normalise(value);
  return typeof v === 'string' ? v === '' : v[0] === '' || v[1] === '';
};

const isSame = (a: CellValue | undefined, b: CellValue | undefined): boolean => {
  if (a === undefined || b === undefined) return a === b;
  const x = normalise(a);
  const y = normalise(b);
  if (typeof x === 'string' || typeof y === 'string') return x === y;
  return x[0] === y[0] && x[1] === y[1];
};

const copy = (value: CellValue): CellValue =>
  typeof value === 'string' ? value : [value[0], value[1]];

const sameId = (a: unknown, b: RowId) => a !== undefined && a !== null && String(a) === String(b);

const isSameCell = (cell: EditCell | undefined, rowId: RowId, field: string) =>
  cell !== undefined && sameId(cell.rowId, rowId) && cell.field === field;

/** What the save call gets for the cell being edited. */
export function saveInput(context: InlineEditContext): SaveCellInput {
  const { cell, buffer } = context;
  if (!cell || buffer === undefined) throw new Error('inlineEditMachine: nothing to save');
  const value = normalise(buffer);
  const extra: Record<string, unknown> = {};
  for (const name of context.extraFields) if (name in cell.row) extra[name] = cell.row[name];
  const ends = context.rangeFields[cell.field];
  const edited: Record<string, unknown> =
    typeof value !== 'string' && ends
      ? { [ends[0]]: value[0], [ends[1]]: value[1] }
      : { [cell.field]: value };
  return { rowId: cell.rowId, field: cell.field, value, extra, body: { ...extra, ...edited } };
}

/** Only a 409 means the row's `version` is stale; BladeX puts it in `status` (or `code`). */
const hasStatus409 = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  return status === 409 || code === 409;
};

export function errorOf(error: unknown): InlineEditError {
  if (hasStatus409(error)) return { kind: 'stale', messageKey: 'inlineEdit.errors.stale' };
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null && 'message' in error
        ? (error as { message: unknown }).message
        : undefined;
  return typeof message === 'string' && message.trim() !== ''
    ? { kind: 'server', message }
    : { kind: 'failed', messageKey: 'inlineEdit.errors.failed' };
}

/**
 * Inline cell editing for one table (spec sections 4 and 5). Only one cell edits at a time.
 *
 * Starting another cell while one is open resolves the open one as a blur would: a blank or
 * unchanged buffer is dropped and the new cell opens at once; a real change is saved first and
 * the new cell opens after the save and the list reload, so nothing typed is lost and the new
 * cell starts from fresh data. If that save fails, the request is dropped and the failed cell
 * stays open with its text and the error, because the operator has to see it before moving on.
 * A click on another cell's edit button blurs the input first, so in the browser that start
 * arrives while saving: it is queued the same way (the last one wins). Every other event during
 * a save or reload is ignored, so a second Enter or blur cannot save twice.
 */
export const inlineEditMachine = setup({
  types: {
    context: {} as InlineEditContext,
    events: {} as InlineEditEvent,
    input: {} as InlineEditInput,
  },
  actors: {
    saveCell: fromPromise<unknown, SaveCellInput>(notProvided('saveCell')),
    reloadList: fromPromise<ReloadOutput>(notProvided('reloadList')),
  },
  guards: {
    isBlankBuffer: ({ context }) => isBlank(context.buffer),
    isUnchanged: ({ context }) => isSame(context.buffer, context.original),
    isSameCell: ({ context, event }) => {
      assertEvent(event, 'edit.start');
      return isSameCell(context.cell, event.rowId, event.field);
    },
    hasStaleError: ({ context }) => context.error?.kind === 'stale',
    hasQueuedStart: ({ context }) => context.next !== undefined,
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'edit.start');
      return {
        cell: { rowId: event.rowId, field: event.field, row: event.row },
        original: copy(event.value),
        buffer: copy(event.value),
        error: undefined,
        next: undefined,
      };
    }),
    openQueued: assign(({ context }, params: { rows: ReloadOutput }) => {
      const next = context.next;
      if (!next) return {};
      const fresh = params.rows?.find((row) => sameId(row[context.rowKey], next.rowId));
      return {
        cell: { rowId: next.rowId, field: next.field, row: fresh ?? next.row },
        original: copy(next.value),
        buffer: copy(next.value),
        error: undefined,
        next: undefined,
      };
    }),
    queueStart: assign(({ context, event }) => {
      assertEvent(event, 'edit.start');
      // Starting the cell that is being saved asks for nothing new.
      if (isSameCell(context.cell, event.rowId, event.field)) return {};
      const { rowId, field, value, row } = event;
      return { next: { rowId, field, value: copy(value), row } };
    }),
    dropQueuedStart: assign({ next: undefined }),
    setBuffer: assign(({ context, event }) => {
      assertEvent(event, 'edit.change');
      // A stale version stays stale whatever is typed; other errors belong to the old text.
      const error = context.error?.kind === 'stale' ? context.error : undefined;
      return { buffer: copy(event.value), error };
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorOf(params.error) })),
    close: assign({ cell: undefined, original: undefined, buffer: undefined, error: undefined }),
  },
}).createMachine({
  id: 'inlineEdit',
  context: ({ input }) => ({
    extraFields: input.extraFields ?? [],
    rangeFields: input.rangeFields ?? {},
    rowKey: input.rowKey ?? 'id',
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'edit.start': { target: 'editing', actions: 'open' } },
    },
    editing: {
      on: {
        'edit.change': { actions: 'setBuffer' },
        'edit.cancel': { target: 'idle', actions: 'close' },
        'edit.commit': [
          { guard: 'isBlankBuffer', target: 'idle', actions: 'close' },
          { guard: 'isUnchanged', target: 'idle', actions: 'close' },
          { target: 'saving' },
        ],
        'edit.start': [
          { guard: 'isSameCell' },
          { guard: 'isBlankBuffer', actions: 'open' },
          { guard: 'isUnchanged', actions: 'open' },
          { target: 'saving', actions: 'queueStart' },
        ],
        'edit.reload': { guard: 'hasStaleError', target: 'reloading', actions: 'close' },
      },
    },
    saving: {
      invoke: {
        src: 'saveCell',
        input: ({ context }) => saveInput(context),
        onDone: { target: 'reloading', actions: 'close' },
        onError: {
          target: 'editing',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            'dropQueuedStart',
          ],
        },
      },
      on: { 'edit.start': { actions: 'queueStart' } },
    },
    // Out of edit mode already; a start waits so the cell opens on the reloaded row.
    reloading: {
      invoke: {
        src: 'reloadList',
        onDone: [
          {
            guard: 'hasQueuedStart',
            target: 'editing',
            actions: { type: 'openQueued', params: ({ event }) => ({ rows: event.output }) },
          },
          { target: 'idle' },
        ],
        // The list shows its own load error; the save itself went through.
        onError: [
          {
            guard: 'hasQueuedStart',
            target: 'editing',
            actions: { type: 'openQueued', params: { rows: undefined } },
          },
          { target: 'idle' },
        ],
      },
      on: { 'edit.start': { actions: 'queueStart' } },
    },
  },
});
