import type { FilterDef, FilterValue, FilterValues } from './filters';

/**
 * A list's view (filters, sort, page, page size, hidden columns) mirrored in the URL's hash, so
 * a link or a reload shows the same list. The hash, not the query: the tabs key pages by path +
 * query, and a changing query would open a new tab. Only declared filters, sortable columns,
 * offered page sizes and known columns are read back; encrypted filters never enter the URL.
 */
export interface ListView {
  filters: FilterValues;
  sorting: { id: string; desc: boolean }[];
  pageIndex: number;
  pageSize: number;
  hidden: string[];
}

export interface ViewRules {
  filters: readonly FilterDef[];
  sortable: readonly string[];
  pageSizes: readonly number[];
  columns: readonly string[];
}

const FILTER = 'f.';
const isEmpty = (v: FilterValue) => (typeof v === 'string' ? v === '' : v.every((x) => x === ''));
const isRangeOrMulti = (def: FilterDef) =>
  def.kind === 'dateRange' ||
  def.kind === 'numberRange' ||
  def.kind === 'multiSelect' ||
  def.kind === 'cascader';

/** The hash (without '#') for a view; parts equal to the defaults are left out. */
export function encodeView(view: ListView, defaults: ListView, rules: ViewRules): string {
  const q = new URLSearchParams();
  for (const def of rules.filters) {
    const value = view.filters[def.name];
    if (def.encrypted || value === undefined || isEmpty(value)) continue;
    const same = JSON.stringify(value) === JSON.stringify(defaults.filters[def.name]);
    if (same) continue;
    q.set(FILTER + def.name, typeof value === 'string' ? value : value.join('~'));
  }
  if (view.sorting.length)
    q.set('sort', view.sorting.map((s) => `${s.id}.${s.desc ? 'desc' : 'asc'}`).join(','));
  if (view.pageIndex > 0) q.set('page', String(view.pageIndex + 1));
  if (view.pageSize !== defaults.pageSize) q.set('size', String(view.pageSize));
  if (view.hidden.join(',') !== defaults.hidden.join(','))
    q.set('hide', view.hidden.join(',') || '-');
  return q.toString();
}

/** What a hash says about the view, checked against the declaration; unknown parts dropped. */
export function decodeView(hash: string, rules: ViewRules): Partial<ListView> {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const out: Partial<ListView> = {};
  const filters: Record<string, FilterValue> = {};
  for (const def of rules.filters) {
    const raw = q.get(FILTER + def.name);
    if (raw === null || def.encrypted) continue;
    filters[def.name] = isRangeOrMulti(def) ? raw.split('~') : raw;
  }
  if (Object.keys(filters).length) out.filters = filters;
  const sort = q.get('sort');
  if (sort) {
    const sorting = sort
      .split(',')
      .map((part) => /^(.+)\.(asc|desc)$/.exec(part))
      .filter((m): m is RegExpExecArray => m !== null && rules.sortable.includes(m[1]!))
      .map((m) => ({ id: m[1]!, desc: m[2] === 'desc' }));
    if (sorting.length) out.sorting = sorting;
  }
  const page = Number(q.get('page'));
  if (Number.isInteger(page) && page > 1 && page < 1e6) out.pageIndex = page - 1;
  const size = Number(q.get('size'));
  if (rules.pageSizes.includes(size)) out.pageSize = size;
  const hide = q.get('hide');
  if (hide !== null)
    out.hidden = hide === '-' ? [] : hide.split(',').filter((c) => rules.columns.includes(c));
  return out;
}
