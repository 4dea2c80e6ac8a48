import type { MessageKey } from '../../i18n';

/**
 * The filter bar's pure half (spec sections 4, 5, 7 "Table list contract", 9): filter
 * declarations and the steps from the form's values to BladeX list query parameters. The UI
 * holds the values; nothing here reads the clock (callers pass `today`) or touches React.
 */

export type FilterKind =
  | 'input'
  | 'autocomplete'
  | 'select'
  | 'multiSelect'
  | 'date'
  | 'dateRange'
  | 'numberRange'
  | 'cascader';

export interface FilterDef {
  /** Wire parameter name, e.g. 'postName', 'category', 'createTime' (dateRange/numberRange emit `${name}_dategt`/`${name}_datelt` resp. `${name}_ge`/`${name}_le` unless `params` is given). */
  name: string;
  kind: FilterKind;
  label: { zh: string; en: string };
  /** Explicit wire names for the two ends of a range. */
  params?: readonly [string, string];
  /** Dictionary code for select options (loaded by the UI, not here). */
  dict?: string;
  options?: readonly { value: string; label: { zh: string; en: string } }[];
  /**
   * Options from an endpoint (select, multiSelect, autocomplete; a cascader's tree):
   * GET `path` relative to /api, items named by `label`/`value` (default `title`/`id`).
   */
  source?: {
    path: string;
    params?: Readonly<Record<string, string>>;
    label?: string;
    value?: string;
  };
  /**
   * cascader: one wire parameter per level (the node chosen at each level, e.g.
   * `['provinceCode', 'cityCode', 'districtCode']`) instead of `name` = the last node.
   */
  levels?: readonly string[];
  /**
   * cascader: the source is a lazy tree, one level per request: GET `source.path` with
   * `param` = the node chosen above (`root` for the top level).
   */
  lazy?: { param: string; root: string };
  /** Send the value RSA-encrypted (spec: couponCode2). */
  encrypted?: boolean;
  /** dateRange: default to today (start 00:00:00 to end 23:59:59). */
  defaultToday?: boolean;
  /** dateRange: at most this many days (spec: 31); longer spans are clamped. */
  maxDays?: number;
  /**
   * date/dateRange: allow dates after today. Off by default because the spec's pickers
   * disallow future dates; an expiry-date filter is the kind of filter that turns it on.
   */
  allowFuture?: boolean;
  /**
   * dateRange: whole months instead of days ('YYYY-MM' values, a month picker, month presets
   * 本月/上月/近3个月/...; no day span limit). The wire still gets the first day 00:00:00 of the
   * first month and the last day 23:59:59 of the last.
   */
  unit?: 'day' | 'month';
  /**
   * dateRange: starts as the last this many days (months for `unit: 'month'`) ending today,
   * the range the server applies when none is sent (issue 25 item 19): the field shows what
   * the list holds, and the range is sent, not implied. Reset returns to it.
   */
  defaultLast?: number;
}

/**
 * A filter's form value: a string for input, autocomplete, select and date; a string array
 * for multiSelect and cascader (the selected path); `[start, end]` for ranges, '' for an
 * open end. Dates are 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'.
 */
export type FilterValue = string | readonly string[];
export type FilterValues = Readonly<Record<string, FilterValue>>;

/** Something the UI should tell the user, as a message key with its placeholders. */
export interface FilterWarning {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** Spec section 9: date span limit. */
export const MAX_DATE_SPAN_DAYS = 31;
/** Spec section 9: date-range shortcuts, in days ending today (inclusive, see `lastDaysRange`). */
export const DATE_SHORTCUTS = [
  { key: 'resource.filter.lastWeek', days: 7 },
  { key: 'resource.filter.lastMonth', days: 30 },
] as const satisfies readonly { key: MessageKey; days: number }[];
/** A month range's presets (issue 25 item 19): months ending this month, or last month alone. */
export const MONTH_SHORTCUTS = [
  { key: 'resource.filter.thisMonth', months: 1, back: 0 },
  { key: 'resource.filter.previousMonth', months: 1, back: 1 },
  { key: 'resource.filter.last3Months', months: 3, back: 0 },
  { key: 'resource.filter.last6Months', months: 6, back: 0 },
  { key: 'resource.filter.last12Months', months: 12, back: 0 },
] as const satisfies readonly { key: MessageKey; months: number; back: number }[];
/** The select value meaning "no filter" (spec section 5: 'all' becomes an empty string). */
export const ALL = 'all';
export const SPAN_CLAMPED_MESSAGE = 'resource.filter.spanClamped' satisfies MessageKey;

/** Spec sections 4 and 9: the reusable data table pages by 30 from page 1. */
export const DEFAULT_PAGE: Readonly<Page> = { current: 1, size: 30 };
export const PAGE_SIZE_OPTIONS = [30, 90, 150, 300] as const;

export interface Page {
  current: number;
  size: number;
}

// ---- dates -------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of `date` as 'YYYY-MM-DD' (the user's today, not UTC's). */
export function formatDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date value split into its day (as a UTC day number, so day arithmetic never meets a DST
 * change) and its time part ('' for date-only). Undefined for anything else.
 */
function parseDateValue(value: string): { day: number; time: string } | undefined {
  const m = DATE_RE.exec(value) ?? DATE_TIME_RE.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  // 2024-02-30 would roll over to March: not a date.
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  return { day: ms / DAY_MS, time: value.length > 10 ? value.slice(10) : '' };
}

function dayToString(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function todayNumber(today: Date): number {
  return Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) / DAY_MS;
}

/** The `days` calendar days ending today, both ends included: lastDaysRange(7) is a week. */
export function lastDaysRange(days: number, today: Date): [string, string] {
  const end = todayNumber(today);
  return [dayToString(end - Math.max(1, days) + 1), dayToString(end)];
}

/** 'YYYY-MM' of the month `by` months from `today`'s. */
export function monthOf(today: Date, by = 0): string {
  const total = today.getFullYear() * 12 + today.getMonth() + by;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}`;
}

/**
 * The `months` months ending `back` months before this one, both ends included:
 * lastMonthsRange(3, today) is this month and the two before it.
 */
export function lastMonthsRange(months: number, today: Date, back = 0): [string, string] {
  return [monthOf(today, -back - Math.max(1, months) + 1), monthOf(today, -back)];
}

const MONTH_RE = /^(\d{4})-(\d{2})$/;

/** A month range end on the wire: its first day 00:00:00, or its last day 23:59:59. */
function monthEnd(value: string, side: 'start' | 'end'): string {
  const m = MONTH_RE.exec(value);
  if (!m) return value;
  if (side === 'start') return `${value}-01 00:00:00`;
  const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return `${value}-${pad(last)} 23:59:59`;
}

export interface ClampedRange {
  start: string;
  end: string;
  /** The span was over maxDays and was cut: the UI warns (SPAN_CLAMPED_MESSAGE). */
  clamped: boolean;
  /** A date after today was moved back to today (pickers should not offer them anyway). */
  futureAdjusted: boolean;
}

/**
 * Keeps a date range inside the spec's limits; call it when a picker changes.
 * - Counting is inclusive: a range covers every calendar day from start to end, so with
 *   maxDays 31, 1 to 31 January passes and 1 January to 1 February (32 days) becomes
 *   2 January to 1 February: "the 31 days ending at the end date".
 * - With `today`, an end (or start) after today becomes today, before the span is checked.
 * - A start after the end is swapped with it.
 * Time parts are kept ('2024-01-01 08:00:00' stays at 08:00:00 on its new day). Values that
 * are not dates, and open ranges (an end is ''), are left as they are.
 */
export function clampRange(
  start: string,
  end: string,
  maxDays: number | undefined,
  today?: Date,
): ClampedRange {
  let s = parseDateValue(start);
  let e = parseDateValue(end);
  let futureAdjusted = false;
  if (today) {
    const t = todayNumber(today);
    if (s && s.day > t) {
      s = { ...s, day: t };
      futureAdjusted = true;
    }
    if (e && e.day > t) {
      e = { ...e, day: t };
      futureAdjusted = true;
    }
  }
  if (s && e && s.day > e.day) [s, e] = [e, s];
  let clamped = false;
  if (s && e && maxDays !== undefined && e.day - s.day + 1 > maxDays) {
    s = { ...s, day: e.day - Math.max(1, maxDays) + 1 };
    clamped = true;
  }
  return {
    start: s ? dayToString(s.day) + s.time : start,
    end: e ? dayToString(e.day) + e.time : end,
    clamped,
    futureAdjusted,
  };
}

// ---- values ------------------------------------------------------------------------------

function emptyValue(def: FilterDef): FilterValue {
  switch (def.kind) {
    case 'multiSelect':
    case 'cascader':
      return [];
    case 'dateRange':
    case 'numberRange':
      return ['', ''];
    default:
      return '';
  }
}

/** The form's starting values: all empty, except a `defaultToday` date range is [today, today]. */
export function initialFilterValues(
  defs: readonly FilterDef[],
  today: Date,
): Record<string, FilterValue> {
  const values: Record<string, FilterValue> = {};
  for (const def of defs) {
    if (def.kind === 'dateRange' && def.defaultLast !== undefined)
      values[def.name] =
        def.unit === 'month'
          ? lastMonthsRange(def.defaultLast, today)
          : lastDaysRange(def.defaultLast, today);
    else if (def.kind === 'dateRange' && def.defaultToday) {
      const day = formatDay(today);
      values[def.name] = [day, day];
    } else values[def.name] = emptyValue(def);
  }
  return values;
}

/** The wire names of a range's two ends. */
export function rangeParams(def: FilterDef): readonly [string, string] {
  if (def.params) return def.params;
  return def.kind === 'numberRange'
    ? [`${def.name}_ge`, `${def.name}_le`]
    : [`${def.name}_dategt`, `${def.name}_datelt`];
}

/** Spec section 5: "Search reset keeps createTime_dategt and createTime_datelt". */
function keptOnReset(def: FilterDef): boolean {
  if (def.kind !== 'dateRange') return false;
  const [gt, lt] = rangeParams(def);
  return gt === 'createTime_dategt' && lt === 'createTime_datelt';
}

/** The reset button: initial values again, but the createTime range keeps what it holds. */
export function resetFilterValues(
  defs: readonly FilterDef[],
  values: FilterValues,
  today: Date,
): Record<string, FilterValue> {
  const next = initialFilterValues(defs, today);
  for (const def of defs) {
    const current = values[def.name];
    if (keptOnReset(def) && current !== undefined) next[def.name] = current;
  }
  return next;
}

function asArray(value: FilterValue | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? (value === '' ? [] : [value]) : value;
}

function asString(value: FilterValue | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (value[0] ?? '');
}

function asRange(value: FilterValue | undefined): [string, string] {
  if (value === undefined || typeof value === 'string') return [value ?? '', ''];
  return [value[0] ?? '', value[1] ?? ''];
}

/**
 * Applies `clampRange` to every date range (and the no-future rule to single dates), for
 * values that did not come through a picker's change handler: restored tabs, deep links.
 * Returns the corrected values and what to tell the user.
 */
export function normalizeFilterValues(
  defs: readonly FilterDef[],
  values: FilterValues,
  today: Date,
): { values: Record<string, FilterValue>; warnings: FilterWarning[] } {
  const next: Record<string, FilterValue> = { ...values };
  const warnings: FilterWarning[] = [];
  for (const def of defs) {
    const value = values[def.name];
    if (value === undefined) continue;
    if (def.kind === 'dateRange' && def.unit === 'month') {
      // Months: no day span; a month after this one becomes this one.
      const now = monthOf(today);
      const [start, end] = asRange(value).map((v) =>
        !def.allowFuture && MONTH_RE.test(v) && v > now ? now : v,
      );
      next[def.name] = [start ?? '', end ?? ''];
    } else if (def.kind === 'dateRange') {
      const [start, end] = asRange(value);
      const r = clampRange(start, end, def.maxDays, def.allowFuture ? undefined : today);
      next[def.name] = [r.start, r.end];
      if (r.clamped)
        warnings.push({ key: SPAN_CLAMPED_MESSAGE, params: { days: def.maxDays ?? 0 } });
    } else if (def.kind === 'date' && !def.allowFuture) {
      const v = asString(value);
      next[def.name] = clampRange(v, '', undefined, today).start;
    }
  }
  return { values: next, warnings };
}

// ---- query parameters --------------------------------------------------------------------

interface Entry {
  param: string;
  value: string;
  encrypted: boolean;
}

/** Spec section 5: date-only range ends cover the whole day; a full datetime is left alone. */
function rangeEnd(value: string, side: 'start' | 'end'): string {
  if (!DATE_RE.test(value)) return value;
  return `${value} ${side === 'start' ? '00:00:00' : '23:59:59'}`;
}

const isSelect = (def: FilterDef) => def.kind === 'select' || def.kind === 'multiSelect';

function entries(defs: readonly FilterDef[], values: FilterValues): Entry[] {
  const out: Entry[] = [];
  const push = (param: string, raw: string, def: FilterDef) => {
    const value = raw.trim();
    if (value !== '') out.push({ param, value, encrypted: def.encrypted === true });
  };
  for (const def of defs) {
    const value = values[def.name];
    switch (def.kind) {
      case 'multiSelect': {
        const items = asArray(value)
          .map((v) => v.trim())
          .filter((v) => v !== '');
        // Choosing 'all' next to other options still means "no filter".
        if (!items.includes(ALL)) push(def.name, items.join(','), def);
        break;
      }
      case 'cascader':
        // One parameter per level when declared; else the selected node, the path's last.
        if (def.levels) def.levels.forEach((param, i) => push(param, asArray(value)[i] ?? '', def));
        else push(def.name, asArray(value).at(-1) ?? '', def);
        break;
      case 'dateRange':
      case 'numberRange': {
        const [start, end] = asRange(value).map((v) => v.trim());
        const [startParam, endParam] = rangeParams(def);
        const date = def.kind === 'dateRange';
        const widen = def.unit === 'month' ? monthEnd : rangeEnd;
        push(startParam, date && start ? widen(start, 'start') : (start ?? ''), def);
        push(endParam, date && end ? widen(end, 'end') : (end ?? ''), def);
        break;
      }
      default: {
        const v = asString(value);
        // 'all' turns into '' (spec section 5), and BladeX reads '' as no filter, so the
        // parameter is left out altogether. Typed text 'all' is a real search and is kept.
        if (isSelect(def) && v.trim() === ALL) break;
        push(def.name, v, def);
      }
    }
  }
  return out;
}

function checkEncrypt(defs: readonly FilterDef[], encrypt: unknown): void {
  if (encrypt) return;
  const names = defs.filter((d) => d.encrypted).map((d) => d.name);
  // Checked even when the value is empty, so a screen missing its encrypt function fails on
  // its first load, not on the first search that uses the filter.
  if (names.length > 0)
    throw new Error(`Filters ${names.join(', ')} are encrypted but no encrypt function was given`);
}

/**
 * The filter form as BladeX list parameters (spec sections 5 and 7): empty values left out,
 * text trimmed, multi-select values joined by ',', a cascader's last node, 'all' left out,
 * date-only range ends widened to 00:00:00 / 23:59:59, encrypted filters passed through
 * `encrypt`. It does not clamp: values come from `clampRange`/`normalizeFilterValues`.
 * RSA in the browser is asynchronous (lib/rsa.ts); use `toQueryParamsAsync` for it.
 */
export function toQueryParams(
  defs: readonly FilterDef[],
  values: FilterValues,
  opts: { encrypt?: (plain: string) => string } = {},
): Record<string, string> {
  checkEncrypt(defs, opts.encrypt);
  const params: Record<string, string> = {};
  for (const e of entries(defs, values))
    params[e.param] = e.encrypted && opts.encrypt ? opts.encrypt(e.value) : e.value;
  return params;
}

/** `toQueryParams` with an asynchronous `encrypt` (RSA through WebCrypto). */
export async function toQueryParamsAsync(
  defs: readonly FilterDef[],
  values: FilterValues,
  opts: { encrypt?: (plain: string) => string | Promise<string> } = {},
): Promise<Record<string, string>> {
  checkEncrypt(defs, opts.encrypt);
  const list = entries(defs, values);
  const encrypted = await Promise.all(
    list.map((e) => (e.encrypted && opts.encrypt ? opts.encrypt(e.value) : e.value)),
  );
  const params: Record<string, string> = {};
  list.forEach((e, i) => (params[e.param] = encrypted[i] ?? ''));
  return params;
}

// ---- paging ------------------------------------------------------------------------------

/** The page as wire parameters. */
export function pageParams(page: Page): { current: string; size: string } {
  return { current: String(page.current), size: String(page.size) };
}

export type PageChange =
  { type: 'page'; current: number } | { type: 'size'; size: number } | { type: 'filter' };

/**
 * Spec section 4: changing a filter (search, reset) or the page size goes back to page 1;
 * only moving between pages keeps the size and changes the page.
 */
export function nextPage(prev: Page, change: PageChange): Page {
  switch (change.type) {
    case 'page':
      return { current: Math.max(1, Math.trunc(change.current)), size: prev.size };
    case 'size':
      return { current: 1, size: change.size };
    case 'filter':
      return { current: 1, size: prev.size };
  }
}
