import type { FilterDef } from '../components/resource/filters';
import type { Rule } from '../lib/patterns';

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
}

/**
 * Column kinds of the spec's reusable data table pattern. `text` shows a dash when empty;
 * `status` maps values to labels through `options` (or a dictionary); `yesNo` shows 是/否;
 * `amount` shows 2 decimals; `link` shows 'view details' opening the value in a new tab.
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
  | 'dateTime';

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
}

export type FormFieldKind = 'text' | 'textarea' | 'integer' | 'select' | 'password';

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
  /** Shown on create only (e.g. a code that cannot change later). */
  createOnly?: boolean;
  /** Spans both columns of the form grid. */
  wide?: boolean;
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
  permissions: { add?: string; edit?: string; remove?: string; view?: string };
  columns: readonly ColumnDef<Row>[];
  filters?: readonly FilterDef[];
  form?: readonly FormFieldDef[];
  /** The spec's two paging presets: 'resource' 30 of 30/90/150/300, 'generic' 10 of 10..500. */
  paging?: 'resource' | 'generic';
  /** Serial number per page (default) or continued across pages. */
  index?: 'page' | 'continuous';
  /** Fields summed in the footer (2 decimals; the first column says 'total'). */
  sums?: readonly (keyof Row & string)[];
  /** A short name of one record, for titles and confirmations. */
  recordLabel(row: Row): string;
}

export function defineResource<Row extends object>(def: ResourceDef<Row>): ResourceDef<Row> {
  return def;
}
