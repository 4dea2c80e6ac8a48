import type { ComponentType, ReactNode } from 'react';
import type { FilterDef } from './engine/filters';
import type { Rule } from '../lib/patterns';
import type { CallMethod } from '../contracts/resource-contract';

/** A text in both languages; the console shows the current one. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** A value a status, tag or select column maps to a label (and, for tags, a Mantine colour). */
export interface ValueOption {
  value: string;
  label: Bilingual;
  color?: string;
  /** Status columns: an image (same-origin path or http(s) URL) shown for the value, labelled. */
  image?: string;
}

/**
 * Column kinds of the spec's reusable data table pattern. `text` shows a dash when empty;
 * `status` maps values to labels and `tag` to coloured tags through `options` (or a
 * dictionary); `yesNo` shows 是/否; `amount` shows 2 decimals; `image` opens a preview on click;
 * `link` shows 'view details' opening the value in a new tab; `file` (import and import result
 * files) shows the file name opening the URL in a new window (http(s) only).
 */
export type ColumnKind =
  | 'text'
  | 'status'
  | 'tag'
  | 'yesNo'
  | 'switch'
  | 'image'
  | 'link'
  | 'amount'
  | 'number'
  | 'dateTime'
  | 'file';

/**
 * An inline-editable column (spec: inline-editable text, date or date range, with an edit icon
 * beside the value). Enter saves, Esc cancels; an empty or unchanged value saves nothing.
 */
export interface ColumnEdit {
  /** The input: plain text, a date (YYYY-MM-DD), or a start and end date. */
  kind: 'text' | 'date' | 'dateRange';
  /**
   * Row fields sent with the edited one, e.g. `['id', 'version', 'paramName']`: the submit
   * call validates a whole record. A field the row lacks or holds null is left out.
   */
  extraFields?: readonly string[];
  /** `dateRange`: the row fields holding the two ends, also the fields they are saved to. */
  rangeFields?: readonly [start: string, end: string];
  /** Values (as text) whose cells show no edit icon. */
  hiddenFor?: readonly string[];
  /**
   * The save call, relative to the service like `ResourceDef.paths`; default the resource's
   * update call (`paths.update`, else `paths.submit`, else 'submit').
   */
  path?: string;
}

export interface ColumnDef<Row> {
  field: keyof Row & string;
  label: Bilingual;
  kind?: ColumnKind;
  width?: number;
  options?: readonly ValueOption[];
  /** Dictionary code whose dictKey -> dictValue maps the value (status and tag columns). */
  dict?: string;
  /** Hover help in the header. */
  help?: Bilingual;
  sortable?: boolean;
  /** Hidden until the user shows it in the column menu. */
  hiddenByDefault?: boolean;
  /** Inline editing of the cell (for users with the resource's edit permission). */
  edit?: ColumnEdit;
  /**
   * A cell of the screen's own, given the row (e.g. a batch task's live progress bar); its text
   * goes through i18n keys like any component's.
   */
  cell?(props: { row: Row }): ReactNode;
}

export type FormFieldKind =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'decimal'
  /** A yuan amount: at most two decimals, not negative (fen at rest, contracts/money.ts). */
  | 'money'
  | 'select'
  | 'multiSelect'
  | 'treeSelect'
  | 'treeMultiSelect'
  /** Checkbox tree (check-tree-field.tsx): checked ids plus half-checked parents, comma-joined. */
  | 'checkTree'
  | 'date'
  | 'password'
  /** A 1/0 flag (enabled) as a Mantine Switch, its value '1' or '0' like every form value. */
  | 'switch';

/**
 * Options read from an endpoint (GET `path` with `params`, relative to /api): a list or a tree
 * (`children`). `label` and `value` name the fields of each item (default `title` and `id`).
 */
export interface OptionSource {
  path: string;
  params?: Readonly<Record<string, string>>;
  label?: string;
  value?: string;
  /** The field of the answer that holds the list (e.g. 'menu' of menu/grant-tree). */
  root?: string;
}

export interface FormFieldDef {
  name: string;
  label: Bilingual;
  kind: FormFieldKind;
  /** Required, with the spec's message for an empty value (zh/en). */
  required?: Bilingual;
  /** Further checks from the shared pattern library (src/lib/patterns.ts). */
  rules?: readonly Rule[];
  maxLength?: number;
  options?: readonly ValueOption[];
  dict?: string;
  /** Options from an endpoint (selects and tree selects). */
  source?: OptionSource;
  /** The value a new record starts with (e.g. '0' for 'not sealed'). */
  initial?: string;
  /** Shown on create only (e.g. a code that cannot change later). */
  createOnly?: boolean;
  /** Spans both columns of the form grid. */
  wide?: boolean;
  /**
   * A note under the field when an existing record is edited, never on create (a secret answered
   * masked: 'leave as is to keep it').
   */
  editHint?: Bilingual;
  /** A date of something that has happened (a birthday): no day after today is offered. */
  past?: boolean;
  /**
   * The record fields the edited value starts from, the first non-empty one (default the
   * field's own): one region picker starts at the deepest level the record has.
   */
  valueFrom?: readonly string[];
  /**
   * Server fields whose refusals this field shows (a region refused as `provinceCode` is shown
   * at the one picker that holds it), besides its own.
   */
  refusalsFrom?: readonly string[];
}

/** What the dialog of an action receives: the row (row action) or the selected rows (toolbar). */
export interface ActionDialogProps<Row extends object = Record<string, unknown>> {
  rows: readonly Row[];
  /** Closes the dialog; the screen reloads its list when `changed`. */
  onClose(changed?: boolean): void;
}

/**
 * A button beyond add/edit/delete, behind its button code: a row action (in the operations
 * column) or a toolbar action (over the selected rows). It either opens a dialog, loaded on first
 * use, or posts to `call.path` after a confirmation.
 */
export interface ActionDef<Row extends object = Record<string, unknown>> {
  id: string;
  label: Bilingual;
  permission: string;
  /**
   * Row actions: shown for a row only when this holds (e.g. unlock only for locked users).
   * Toolbar actions over a selection: offered only while every selected row satisfies it (e.g.
   * invalidate only codes whose state allows it).
   */
  when?(row: Row): boolean;
  /** Toolbar actions: how many selected rows it needs (default 'some': at least one). */
  selection?: 'none' | 'one' | 'some';
  /**
   * On a `writes: 'superAdmin'` resource every action counts as a write, shown to the super
   * administrator only (the server refuses everyone else), unless it only reads.
   */
  readsOnly?: boolean;
  color?: string;
  dialog?: () => Promise<{ default: ComponentType<ActionDialogProps<Row>> }>;
  call?: {
    /** Relative to /api, e.g. 'blade-user/reset-password'. */
    path: string;
    /** Query parameters; default `{ids: <ids joined by commas>}`. */
    params?(rows: readonly Row[]): Record<string, string>;
    confirm: Bilingual;
    done: Bilingual;
  };
}

/** The engine's calls of a resource (`ResourcePaths`, `callOf` in engine/calls.ts). */
export type ResourceCallName = 'list' | 'detail' | 'submit' | 'update' | 'remove' | 'export';

/**
 * Where a resource's calls live when they differ from BladeX's defaults under `service` (a
 * contract's `calls` fill them, contract-resource.ts). `{id}` in a detail or remove path takes
 * the record's id (`removeById/{id}`: one call per id). Query parameters travel in the query
 * whatever the method; a submit's record is the JSON body.
 */
export interface ResourcePaths {
  /** Default 'list'. */
  list?: string;
  /** Default 'detail' (`?id=`). */
  detail?: string;
  /** Default 'submit'. */
  submit?: string;
  /** Updates, when the service has a separate call (blade-user/update); default `submit`. */
  update?: string;
  /** Default 'remove' (`?ids=` comma-joined). */
  remove?: string;
  /** The asynchronous export; default 'excel/export/async'. */
  export?: string;
  /**
   * Methods other than the defaults (list and detail GET, the rest POST); an update without a
   * path of its own takes the submit's.
   */
  methods?: { readonly [K in ResourceCallName]?: CallMethod };
}

/**
 * One resource of a BladeX service, declared once (design.md convention 1). From it the console
 * derives the screen at `route` (filter bar, table, form, detail), its RTK Query endpoints and
 * cache tag, the permission checks of every button, and the palette's commands.
 */
export interface ResourceDef<Row extends object = Record<string, unknown>> {
  /** Service path: list, detail, submit and remove live under it. */
  service: string;
  /** The console route (a menu path of the seed). */
  route: string;
  title: Bilingual;
  /** Button codes; `view` opens the detail drawer (the list itself needs the menu). */
  permissions: { add?: string; edit?: string; remove?: string; view?: string; export?: string };
  columns: readonly ColumnDef<Row>[];
  filters?: readonly FilterDef[];
  form?: readonly FormFieldDef[];
  /**
   * Asynchronous export of the current list (`POST {service}/excel/export/async` with
   * `excelType` and the list's filters), behind `permissions.export`; the file is written by
   * the server and collected in the export centre.
   */
  export?: { excelType: string };
  /** Width of the create/edit dialog in px (spec screen 12: 600); default Mantine's 'lg'. */
  formWidth?: number;
  /** Paging presets: 'resource' 30 of 30/90/150/300, 'generic' 20 of 10..500 (issue 25 item 12). */
  paging?: 'resource' | 'generic';
  /** Serial number per page (default) or continued across pages. */
  index?: 'page' | 'continuous';
  /** Fields summed in the footer (2 decimals; the first column says 'total'). */
  sums?: readonly (keyof Row & string)[];
  /**
   * The footer shows the list answer's `sums` (the server's totals over every matching row, not
   * just the page), still formatted by sums.ts; the page's rows while the answer has none.
   */
  sumsFromAnswer?: boolean;
  /** Calls that are not BladeX's list/detail/submit/remove/export. */
  paths?: ResourcePaths;
  /**
   * A tree list: the list call answers nodes with `children` (no paging). `lazy`: top-level
   * nodes first, the children of a node from `lazy-list?parentId=` when it is opened.
   */
  tree?: { lazy?: boolean };
  /**
   * A form of the resource's own instead of the generated one (e.g. users: the password is
   * encrypted and confirmed), opened by the add and edit buttons, `n`, `e` and the palette:
   * `rows` is empty to create, the record to edit.
   */
  formDialog?: () => Promise<{ default: ComponentType<ActionDialogProps<Row>> }>;
  /**
   * Writes only the super administrator may make (a global table such as the system
   * dictionary): add, edit and delete are hidden from everyone else, whatever codes they hold.
   */
  writes?: 'superAdmin';
  /** Other cached data a write to this resource changes (e.g. menus: the sidebar, 'Menu'). */
  refreshes?: readonly 'Menu'[];
  /** Per-row conditions on the built-in edit and delete (e.g. not for a sealed dictionary). */
  editableWhen?(row: Row, who: { superAdmin: boolean }): boolean;
  removableWhen?(row: Row, who: { superAdmin: boolean }): boolean;
  /** Opens a record's details elsewhere instead of the generated drawer (view button, Enter). */
  openDetail?(row: Row): void;
  rowActions?: readonly ActionDef<Row>[];
  toolbarActions?: readonly ActionDef<Row>[];
  /** A short name of one record, for titles and confirmations. */
  recordLabel(row: Row): string;
  /** Shown under the title (e.g. the error orders' warning when over its threshold). */
  banner?: ComponentType;
  /** Drawn in the detail drawer below the fields (e.g. a supplier order's codes). */
  detailSection?(props: { row: Row }): ReactNode;
}

export function defineResource<Row extends object>(def: ResourceDef<Row>): ResourceDef<Row> {
  return def;
}
