import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database.js';
import { single } from './params.js';
import { parseDateTime } from './time.js';

/**
 * BladeX list queries with allowlists (contract.md Part 1 decision 7): the suffix convention
 * (`_equal`, `_like`, `_dategt`, ... no suffix = the filter's default) applies only to declared
 * filters; every other parameter name is ignored; sorts accept declared names only; values are
 * always bound; `%` and `_` match literally; page size is capped at 500.
 */
/**
 * A column reference, camelCase ('u.realName', 'account'), or an expression standing for one (a
 * referenced record's name, read by a subquery: lib/table/references.ts).
 */
export type ColumnRef = string | Expression<unknown>;

/** The SQL of a column reference. */
export const columnSql = (column: ColumnRef): Expression<unknown> =>
  typeof column === 'string' ? sql.ref(column) : column;

export interface FilterDef {
  /** The filtered column. */
  column: ColumnRef;
  /**
   * Allowed and documented, but applied by the resource's own code (an encrypted value matched
   * by its digests: lib/table `narrow`), never as a condition here.
   */
  byServer?: true;
  /** What an unsuffixed parameter means: BladeX's LIKE, or equality for ids and flags. */
  default?: 'like' | 'equal';
  /**
   * Integer columns: LIKE becomes equality and a value that is not an integer matches nothing
   * (PostgreSQL would otherwise fail on the type and answer 500).
   */
  type?: 'int';
}

export interface ListSpec {
  filters: Record<string, FilterDef>;
  /** Wire sort name (camelCase; snake_case accepted too) -> column reference. */
  sorts: Record<string, ColumnRef>;
}

export type QueryMap = Record<string, unknown>;

const SUFFIXES = [
  'notequal',
  'equal',
  'likeleft',
  'likeright',
  'notlike',
  'like',
  'dategt',
  'datege',
  'datelt',
  'datele',
  'dateequal',
  'gt',
  'ge',
  'lt',
  'le',
  'notnull',
  'null',
  'ignore',
] as const;
type Suffix = (typeof SUFFIXES)[number];

const toCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function splitParam(name: string): { base: string; suffix: Suffix | undefined } {
  for (const suffix of SUFFIXES) {
    if (name.endsWith(`_${suffix}`)) return { base: name.slice(0, -suffix.length - 1), suffix };
  }
  return { base: name, suffix: undefined };
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likeExpr(
  column: ColumnRef,
  pattern: string,
  dialect: Dialect,
  negate = false,
): Expression<SqlBool> {
  const op = sql.raw(`${negate ? 'not ' : ''}${dialect === 'postgres' ? 'ilike' : 'like'}`);
  return sql<SqlBool>`${columnSql(column)} ${op} ${pattern} escape '\\'`;
}

/** A filter's, sort's or page's value; given twice it is a 400 (lib/params.ts `single`). */
function scalar(value: unknown, name: string): string | undefined {
  value = single(value, name);
  if (value === undefined || value === null) return undefined;
  const s = String(value);
  return s === '' ? undefined : s;
}

/** The WHERE conditions for the allowlisted filters present in `query`. */
export function filterConditions(
  query: QueryMap,
  spec: ListSpec,
  dialect: Dialect,
): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  for (const [name, raw] of Object.entries(query)) {
    const { base, suffix } = splitParam(name);
    const def = spec.filters[base] ?? spec.filters[toCamel(base)];
    if (!def || def.byServer || suffix === 'ignore') continue;
    const value = scalar(raw, name);
    if (value === undefined) continue;
    const col = columnSql(def.column);
    let op: string = suffix ?? def.default ?? 'like';
    if (def.type === 'int') {
      if (op.startsWith('date')) continue;
      if (op.includes('like')) op = op === 'notlike' ? 'notequal' : 'equal';
      if (!/^-?\d{1,9}$/.test(value) && op !== 'null' && op !== 'notnull') {
        out.push(sql<SqlBool>`1 = 0`);
        continue;
      }
    }
    switch (op) {
      case 'equal':
        out.push(sql<SqlBool>`${col} = ${value}`);
        break;
      case 'notequal':
        out.push(sql<SqlBool>`${col} <> ${value}`);
        break;
      case 'like':
        out.push(likeExpr(def.column, `%${escapeLike(value)}%`, dialect));
        break;
      case 'notlike':
        out.push(likeExpr(def.column, `%${escapeLike(value)}%`, dialect, true));
        break;
      case 'likeleft':
        out.push(likeExpr(def.column, `%${escapeLike(value)}`, dialect));
        break;
      case 'likeright':
        out.push(likeExpr(def.column, `${escapeLike(value)}%`, dialect));
        break;
      case 'gt':
        out.push(sql<SqlBool>`${col} > ${value}`);
        break;
      case 'ge':
        out.push(sql<SqlBool>`${col} >= ${value}`);
        break;
      case 'lt':
        out.push(sql<SqlBool>`${col} < ${value}`);
        break;
      case 'le':
        out.push(sql<SqlBool>`${col} <= ${value}`);
        break;
      case 'null':
        out.push(sql<SqlBool>`${col} is null`);
        break;
      case 'notnull':
        out.push(sql<SqlBool>`${col} is not null`);
        break;
      default: {
        // Dates are stored as 'yyyy-MM-dd HH:mm:ss' text, so they compare as strings.
        const date = parseDateTime(value);
        if (!date) continue;
        const cmp = (
          { dategt: '>', datege: '>=', datelt: '<', datele: '<=', dateequal: '=' } as Record<
            string,
            string
          >
        )[op];
        if (cmp) out.push(sql<SqlBool>`${col} ${sql.raw(cmp)} ${date}`);
      }
    }
  }
  return out;
}

export interface SortItem {
  column: ColumnRef;
  direction: 'asc' | 'desc';
}

export function sortItems(query: QueryMap, spec: ListSpec): SortItem[] {
  const items: SortItem[] = [];
  for (const direction of ['asc', 'desc'] as const) {
    const raw = scalar(query[`${direction}s`], `${direction}s`);
    if (!raw) continue;
    for (const name of raw.split(',')) {
      const key = name.trim();
      const column = spec.sorts[key] ?? spec.sorts[toCamel(key)];
      if (column) items.push({ column, direction });
    }
  }
  return items;
}

export const MAX_PAGE_SIZE = 500;

export interface PageParams {
  current: number;
  size: number;
}

export function pageParams(query: QueryMap, defaultSize = 10): PageParams {
  const current = Math.max(1, Math.floor(Number(scalar(query.current, 'current') ?? 1)) || 1);
  const requested = Math.floor(Number(scalar(query.size, 'size') ?? defaultSize)) || defaultSize;
  return { current, size: Math.min(MAX_PAGE_SIZE, Math.max(1, requested)) };
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/**
 * Runs a filtered, sorted, paged list. `base` is the query with joins and tenant conditions
 * but no selection; `select` adds the selected columns.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function paged<QB extends SelectQueryBuilder<any, any, any>, Row>(
  base: QB,
  select: (qb: QB) => SelectQueryBuilder<any, any, Row>, // eslint-disable-line @typescript-eslint/no-explicit-any
  query: QueryMap,
  spec: ListSpec,
  dialect: Dialect,
  defaultSort: SortItem[],
): Promise<Page<Row>> {
  const conditions = filterConditions(query, spec, dialect);
  const filtered = conditions.reduce((qb, c) => qb.where(c) as QB, base);
  const { current, size } = pageParams(query);
  const countRow = await filtered
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  const total = Number((countRow as { total?: number } | undefined)?.total ?? 0);
  const sorts = sortItems(query, spec);
  let q = select(filtered);
  for (const s of sorts.length ? sorts : defaultSort)
    q = q.orderBy(columnSql(s.column), s.direction);
  const records = await q
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
