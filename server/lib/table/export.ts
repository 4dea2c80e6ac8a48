import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { ExportFailure, type Exporter } from '../export/engine.js';
import { toCell, type ExportCell } from '../export/xlsx.js';
import {
  columnSql,
  filterConditions,
  sortItems,
  type ColumnRef,
  type QueryMap,
  type SortItem,
} from '../query.js';
import { accessOf, type TableCall, type TableDef } from './define.js';

type LooseDB = Record<string, Record<string, unknown>>;
type Filter = (eb: ExpressionBuilder<LooseDB, string>) => Expression<SqlBool>;
type Row = Record<string, unknown>;

/** What tableRoutes shares with the exporter, so an export reads exactly what the list reads. */
export interface TableParts {
  /** Adds the list's selection (its columns and the names of referenced records). */
  select<Q extends { select: (...args: never[]) => unknown }>(qb: Q): Q;
  /** The declaration's default order. */
  order: readonly SortItem[];
  dialect: Dialect;
  /** Live rows of the caller's tenant, narrowed by the data scope. */
  visible(call: TableCall): Promise<Filter>;
  /** The declaration's `narrow` for the query (always a condition). */
  narrowed(call: TableCall, query: QueryMap): Promise<Filter>;
}

/** The column's name without its table; '' for an expression. */
const bare = (column: ColumnRef) =>
  typeof column === 'string' ? column.slice(column.lastIndexOf('.') + 1) : '';
const db = (call: TableCall) => call.db as unknown as Kysely<LooseDB>;

/**
 * The list's order (a declared sort, else the default) made total by ending with id (in the
 * direction of the last item, so a uniform order stays uniform).
 */
function exportOrder(query: QueryMap, def: TableDef, order: readonly SortItem[]): SortItem[] {
  const sorts = sortItems(query, def.list);
  const out: SortItem[] = [];
  for (const s of sorts.length ? sorts : order) {
    if (out.some((o) => o.column === s.column)) continue;
    out.push(s);
    if (bare(s.column) === 'id') return out;
  }
  return [...out, { column: 'id', direction: out[out.length - 1]?.direction ?? 'asc' }];
}

/**
 * Keyset paging over `order`: each batch starts after the previous batch's last row, so every
 * batch costs the same however deep into the export it is. With no NULLs in the order columns and
 * one direction it is a row-value comparison (`(sort, id) > (?, ?)`, an index range on both
 * databases); otherwise the expanded form, NULLs last in either direction (stated in ORDER BY too,
 * so SQLite and PostgreSQL agree).
 */
class Keyset {
  private readonly uniform: boolean;

  constructor(
    private readonly order: readonly SortItem[],
    private readonly nullable: ReadonlySet<ColumnRef>,
  ) {
    this.uniform = nullable.size === 0 && order.every((s) => s.direction === order[0]?.direction);
  }

  orderBy(s: SortItem) {
    const nulls = this.nullable.has(s.column) ? sql.raw(' nulls last') : sql.raw('');
    return sql`${columnSql(s.column)} ${sql.raw(s.direction)}${nulls}`;
  }

  after(eb: ExpressionBuilder<LooseDB, string>, cursor: readonly unknown[]): Expression<SqlBool> {
    const order = this.order;
    if (this.uniform) {
      const op = sql.raw(order[0]?.direction === 'desc' ? '<' : '>');
      const columns = sql.join(order.map((s) => columnSql(s.column)));
      return sql<SqlBool>`(${columns}) ${op} (${sql.join([...cursor])})`;
    }
    const same = (s: SortItem, v: unknown) =>
      v === null
        ? sql<SqlBool>`${columnSql(s.column)} is null`
        : sql<SqlBool>`${columnSql(s.column)} = ${v}`;
    const later = (s: SortItem, v: unknown) => {
      if (v === null) return sql<SqlBool>`1 = 0`;
      const cmp = sql<SqlBool>`${columnSql(s.column)} ${sql.raw(s.direction === 'asc' ? '>' : '<')} ${v}`;
      return this.nullable.has(s.column)
        ? sql<SqlBool>`(${cmp} or ${columnSql(s.column)} is null)`
        : cmp;
    };
    return eb.or(
      order.map((s, k) =>
        eb.and([...order.slice(0, k).map((p, i) => same(p, cursor[i])), later(s, cursor[k])]),
      ),
    );
  }
}

/** The exporter of a declaration with `export`: the list's rows as its sheet's cells. */
export function tableExporter(def: TableDef, parts: TableParts): Exporter {
  const spec = def.export;
  if (!spec) throw new Error(`${def.path}: no export declared`);
  const columns = spec.columns;

  async function filtered(call: TableCall, query: QueryMap) {
    let q = db(call)
      .selectFrom(def.table)
      .where(await parts.visible(call))
      .where(await parts.narrowed(call, query));
    for (const c of filterConditions(query, def.list, parts.dialect)) q = q.where(c);
    return q;
  }

  function cells(row: Row, n: number): ExportCell[] {
    return columns.map((column) => {
      const value = row[column.field];
      try {
        return toCell(column.format ? column.format(value, row) : value);
      } catch (err) {
        throw new ExportFailure(`第${n}行“${column.header}”格式化失败`, err);
      }
    });
  }

  return {
    service: spec.service ?? def.path,
    excelType: spec.excelType ?? def.path.slice(def.path.lastIndexOf('/') + 1),
    fileName: spec.fileName,
    access: accessOf(spec.access ?? def.access.read),
    columns: columns.map((c) => ({
      header: c.header,
      ...(c.width ? { width: c.width } : {}),
      ...(c.numFmt ? { numFmt: c.numFmt } : {}),
    })),
    // As the list refuses them: its own checks, and what `narrow` refuses (a code it cannot open).
    validate: async (query, call) => {
      def.beforeList?.(query);
      await parts.narrowed(call, query);
    },

    async count(call, query) {
      const row = await (
        await filtered(call, query)
      )
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      return Number((row as { total?: number } | undefined)?.total ?? 0);
    },

    async *rows(call, query, batchSize) {
      const order = exportOrder(query, def, parts.order);
      const base = await filtered(call, query);
      // Which order columns hold NULLs among the rows exported (id never does).
      const nullable = new Set<ColumnRef>();
      for (const s of order) {
        if (bare(s.column) === 'id') continue;
        const hit = await base
          .select(sql<number>`1`.as('one'))
          .where(sql<SqlBool>`${columnSql(s.column)} is null`)
          .limit(1)
          .executeTakeFirst()
          .catch((err: unknown) => {
            throw new ExportFailure('读取数据失败', err);
          });
        if (hit) nullable.add(s.column);
      }
      const keyset = new Keyset(order, nullable);
      let cursor: unknown[] | undefined;
      let n = 0;
      for (;;) {
        let q = parts
          .select(base)
          .select(order.map((s, i) => sql`${columnSql(s.column)}`.as(`orderKey${i}`)));
        if (cursor) {
          const c = cursor;
          q = q.where((eb) => keyset.after(eb, c));
        }
        for (const s of order) q = q.orderBy(keyset.orderBy(s));
        let batch: Row[];
        let decorated: Row[];
        try {
          batch = (await q.limit(batchSize).execute()) as Row[];
          decorated = (
            def.decorate ? await def.decorate({ ...call, use: 'export' }, batch as never) : batch
          ) as Row[];
        } catch (err) {
          throw new ExportFailure('读取数据失败', err);
        }
        if (batch.length === 0) return;
        const last = batch[batch.length - 1] as Row;
        cursor = order.map((_, i) => last[`orderKey${i}`] ?? null);
        yield decorated.map((row) => cells(row, (n += 1)));
        if (batch.length < batchSize) return;
      }
    },
  };
}
