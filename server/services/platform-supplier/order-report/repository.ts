import { sql, type AliasedExpression, type Kysely } from 'kysely';
import { fenToYuan, formatYuan } from '../../../../src/contracts/money.js';
import {
  PROJECT_ROW_ID,
  REFUNDED_STATE,
  REPORT_DEFAULT_DAYS,
  REPORT_DEFAULT_MONTHS,
  REPORT_MAX_DAYS,
  SOLD_STATES,
  type ChartBar,
  type ChartPoint,
  type OrderReportKind,
  type ProjectReportRow,
  type ReportAnswer,
  type ReportSums,
  type SaleDetailRow,
  type SaleReportRow,
  type SaleReturnDetailRow,
} from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import type { DB } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { pageParams, type QueryMap } from '../../../lib/query.js';
import { formatDateTime } from '../../../lib/time.js';
import { goodNames, supplierNames } from '../names.js';

/**
 * The supplier order reports (issue 18 item 5), computed in SQL from the orders and return
 * orders on integer fen: groups, sums over every matching row and the charts' groups. Rows are
 * converted to yuan only on the way out (contracts/money.ts); nothing is added in JavaScript
 * but the already summed integers.
 */

type Db = Kysely<DB>;
/** An amount as the driver answers a sum: a number (SQLite) or numeric text (PostgreSQL). */
type Num = number | string | bigint | null;
const n = (v: Num | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/** The filters a report reads (everything else in the query is ignored: an allowlist). */
export interface ReportFilter {
  tenantId: string;
  supId?: string;
  goodId?: string;
  orderNo?: string;
  returnNo?: string;
  /** createTime from `from` (included) to `before` (excluded), 'yyyy-MM-dd HH:mm:ss'. */
  from: string;
  before: string;
  range: { start: string; end: string };
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])/;

/** A 'yyyy-MM-dd...' value's day number (UTC days), undefined when it is not a real date. */
function dayNumber(value: string): number | undefined {
  const m = DAY.exec(value);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1) return undefined;
  return ms / DAY_MS;
}
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Today on the server's calendar (times are stored in server time, lib/time.ts). */
const today = () => dayNumber(formatDateTime(new Date()))!;

function text(query: QueryMap, name: string): string | undefined {
  const raw = query[name];
  const value = Array.isArray(raw) ? (raw.length > 1 ? badParam(name) : raw[0]) : raw;
  if (value === undefined || value === null || typeof value === 'object') return undefined;
  const s = String(value).trim();
  if (s.length > 64) badParam(name);
  return s === '' ? undefined : s;
}
function badParam(name: string): never {
  throw badRequest(`参数格式错误: ${name}`);
}

/**
 * The sale reports' range: `createTime_dategt` .. `createTime_datelt` (days; a time part is
 * ignored: whole days count). Without one, the last 30 days ending today; a start after the end
 * is swapped; longer than 31 days keeps the 31 days ending at the end (the console's rule).
 */
export function dayRange(query: QueryMap): { start: string; end: string } {
  const read = (name: string) => {
    const v = text(query, name);
    if (v === undefined) return undefined;
    return dayNumber(v) ?? badParam(name);
  };
  let start = read('createTime_dategt');
  let end = read('createTime_datelt');
  if (end === undefined) end = start !== undefined ? Math.max(start, today()) : today();
  if (start === undefined) start = end - REPORT_DEFAULT_DAYS + 1;
  if (start > end) [start, end] = [end, start];
  if (end - start + 1 > REPORT_MAX_DAYS) start = end - REPORT_MAX_DAYS + 1;
  return { start: dayText(start), end: dayText(end) };
}

/** The months after `month` ('yyyy-MM'), shifted by `by`. */
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + by;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * The project report's months: `month_dategt` .. `month_datelt` (any 'yyyy-MM...' value: its
 * month). Without one, the current month and the 11 before it (REPORT_DEFAULT_MONTHS).
 */
export function monthRange(query: QueryMap): { start: string; end: string } {
  const read = (name: string) => {
    const v = text(query, name);
    if (v === undefined) return undefined;
    return MONTH.exec(v)?.[0] ?? badParam(name);
  };
  let start = read('month_dategt');
  let end = read('month_datelt');
  end ??= start && start > formatDateTime(new Date()).slice(0, 7) ? start : undefined;
  end ??= formatDateTime(new Date()).slice(0, 7);
  start ??= shiftMonth(end, -(REPORT_DEFAULT_MONTHS - 1));
  if (start > end) [start, end] = [end, start];
  return { start, end };
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;
function idParam(query: QueryMap, name: string): string | undefined {
  const v = text(query, name);
  if (v !== undefined && !ID.test(v)) badParam(name);
  return v;
}

/** The allowlisted filters of a report call, bound to the caller's tenant. */
export function reportFilter(kind: OrderReportKind, tenantId: string, query: QueryMap) {
  const monthly = kind === 'project';
  const range = monthly ? monthRange(query) : dayRange(query);
  const filter: ReportFilter = {
    tenantId,
    from: monthly ? `${range.start}-01 00:00:00` : `${range.start} 00:00:00`,
    // Up to the next month's (day's) first second, so every time of the last one counts.
    before: monthly
      ? `${shiftMonth(range.end, 1)}-01 00:00:00`
      : `${dayText(dayNumber(range.end)! + 1)} 00:00:00`,
    range,
  };
  const supId = idParam(query, 'supId');
  if (supId) filter.supId = supId;
  if (!monthly) {
    const goodId = idParam(query, 'goodId');
    if (goodId) filter.goodId = goodId;
  }
  if (kind === 'saleDetail' || kind === 'saleReturnDetail') {
    const orderNo = idParam(query, 'orderNo');
    if (orderNo) filter.orderNo = orderNo;
  }
  if (kind === 'saleReturnDetail') {
    const returnNo = idParam(query, 'returnNo');
    if (returnNo) filter.returnNo = returnNo;
  }
  return filter;
}

// ---- sources -----------------------------------------------------------------------------

/** Delivered orders matching the filter (the sales). */
function sales(db: Db, f: ReportFilter) {
  let q = db
    .selectFrom('bladeSupOrder as o')
    .where('o.tenantId', '=', f.tenantId)
    .where('o.isDeleted', '=', 0)
    .where('o.state', 'in', [...SOLD_STATES])
    .where('o.createTime', '>=', f.from)
    .where('o.createTime', '<', f.before);
  if (f.supId) q = q.where('o.supId', '=', f.supId);
  if (f.goodId) q = q.where('o.goodId', '=', f.goodId);
  if (f.orderNo) q = q.where('o.orderNo', '=', f.orderNo);
  return q;
}

/** Completed refunds matching the filter. */
function refunds(db: Db, f: ReportFilter) {
  let q = db
    .selectFrom('bladeSupReturnOrder as o')
    .where('o.tenantId', '=', f.tenantId)
    .where('o.isDeleted', '=', 0)
    .where('o.state', '=', REFUNDED_STATE)
    .where('o.createTime', '>=', f.from)
    .where('o.createTime', '<', f.before);
  if (f.supId) q = q.where('o.supId', '=', f.supId);
  if (f.goodId) q = q.where('o.goodId', '=', f.goodId);
  if (f.orderNo) q = q.where('o.orderNo', '=', f.orderNo);
  if (f.returnNo) q = q.where('o.returnNo', '=', f.returnNo);
  return q;
}

type Source = ReturnType<typeof sales> | ReturnType<typeof refunds>;
const sourceOf = (db: Db, kind: OrderReportKind, f: ReportFilter): Source =>
  kind === 'saleReturn' || kind === 'saleReturnDetail' ? refunds(db, f) : sales(db, f);

const DAY_OF = sql<string>`substr(o.create_time, 1, 10)`;
const MONTH_OF = sql<string>`substr(o.create_time, 1, 7)`;

/**
 * The project report's rows before grouping: sales positive, refunds negative, each in the month
 * it happened. Columns are fen.
 */
function signedMovements(db: Db, f: ReportFilter) {
  const signed = (q: Source, sign: 1 | -1) =>
    (q as ReturnType<typeof sales>).select([
      'o.supId as supId',
      MONTH_OF.as('month'),
      sql<number>`${sql.lit(sign)} * o.quantity`.as('quantity'),
      sql<number>`${sql.lit(sign)} * o.market_amount`.as('marketAmount'),
      sql<number>`${sql.lit(sign)} * o.actual_amount`.as('actualAmount'),
      sql<number>`${sql.lit(sign)} * o.cost_amount`.as('costAmount'),
    ]);
  return signed(sales(db, f), 1).unionAll(signed(refunds(db, f), -1));
}

// ---- answers -----------------------------------------------------------------------------

interface FenSums {
  quantity: Num;
  marketAmount: Num;
  actualAmount: Num;
  costAmount: Num;
}
const SUM_COLUMNS = ['quantity', 'marketAmount', 'actualAmount', 'costAmount'] as const;

function toSums(row: FenSums | undefined): ReportSums {
  const market = n(row?.marketAmount);
  const actual = n(row?.actualAmount);
  const cost = n(row?.costAmount);
  return {
    quantity: n(row?.quantity),
    marketAmount: formatYuan(market),
    discountAmount: formatYuan(market - actual),
    actualAmount: formatYuan(actual),
    costPrice: formatYuan(cost),
    profit: formatYuan(actual - cost),
  };
}

/** Amount columns of a grouped row, in yuan. */
function amounts(row: FenSums) {
  const market = n(row.marketAmount);
  const actual = n(row.actualAmount);
  const cost = n(row.costAmount);
  return {
    quantity: n(row.quantity),
    marketAmount: fenToYuan(market),
    discountAmount: fenToYuan(market - actual),
    actualAmount: fenToYuan(actual),
    costPrice: fenToYuan(cost),
    profit: fenToYuan(actual - cost),
  };
}

/** The summed fen columns of an aliased source (the project report's union). */
const sums = (alias: string) =>
  SUM_COLUMNS.map((c) => sql<Num>`coalesce(sum(${sql.ref(`${alias}.${c}`)}), 0)`.as(c));

interface Grouped extends FenSums {
  supId: string;
  period: string;
}

/** The charts over every matching row: per period (day or month) and per supplier. */
async function charts(
  db: Db,
  kind: OrderReportKind,
  f: ReportFilter,
): Promise<ReportAnswer<unknown>['chart']> {
  const monthly = kind === 'project';
  let byPeriod: Grouped[];
  let bySup: Grouped[];
  if (monthly) {
    // From the (supplier, month) groups the page reads anyway: one scan less per chart. The
    // groups' fen are integers, so adding them here is exact.
    const groups = await projectGroups(db, f);
    const add = (into: Map<string, Grouped>, key: string, g: ProjectGroup, supId: string) => {
      const at = into.get(key) ?? {
        supId,
        period: g.month,
        quantity: 0,
        marketAmount: 0,
        actualAmount: 0,
        costAmount: 0,
      };
      for (const c of SUM_COLUMNS) at[c] = n(at[c]) + n(g[c]);
      into.set(key, at);
    };
    const months = new Map<string, Grouped>();
    const sups = new Map<string, Grouped>();
    for (const g of groups) {
      add(months, g.month, g, '');
      add(sups, g.supId, g, g.supId);
    }
    byPeriod = [...months.values()].sort((a, b) => (a.period < b.period ? -1 : 1));
    bySup = [...sups.values()];
  } else {
    const src = sourceOf(db, kind, f) as ReturnType<typeof sales>;
    const cols = (expr: AliasedExpression<unknown, string>) => [
      expr,
      sql<Num>`coalesce(sum(o.quantity), 0)`.as('quantity'),
      sql<Num>`coalesce(sum(o.market_amount), 0)`.as('marketAmount'),
      sql<Num>`coalesce(sum(o.actual_amount), 0)`.as('actualAmount'),
      sql<Num>`coalesce(sum(o.cost_amount), 0)`.as('costAmount'),
    ];
    byPeriod = (await src
      .select(cols(DAY_OF.as('period')) as never)
      .groupBy(DAY_OF)
      .orderBy(DAY_OF)
      .execute()) as unknown as Grouped[];
    bySup = (await src
      .select(cols(sql.ref('o.supId').as('supId')) as never)
      .groupBy('o.supId')
      .execute()) as unknown as Grouped[];
  }
  const names = await supplierNames(
    db,
    f.tenantId,
    bySup.map((r) => r.supId),
  );
  const point = (r: Grouped): ChartPoint => ({
    period: r.period,
    quantity: n(r.quantity),
    actualAmount: fenToYuan(n(r.actualAmount)),
    costPrice: fenToYuan(n(r.costAmount)),
  });
  const bar = (r: Grouped): ChartBar => ({
    supId: r.supId,
    supName: names.get(r.supId) ?? r.supId,
    quantity: n(r.quantity),
    actualAmount: fenToYuan(n(r.actualAmount)),
    costPrice: fenToYuan(n(r.costAmount)),
  });
  return {
    unit: monthly ? 'month' : 'day',
    byPeriod: byPeriod.map(point),
    bySupplier: bySup
      .map(bar)
      .sort((a, b) => b.actualAmount - a.actualAmount || a.supName.localeCompare(b.supName)),
  };
}

/** A page of rows of `kind` (offset, limit), their total and the sums over all of them. */
export interface ReportRows<Row> {
  total: number;
  sums: ReportSums;
  rows(offset: number, limit: number): Promise<Row[]>;
}

/** The project report: per supplier and month, sales minus refunds, with the invoice remark. */
type ProjectGroup = FenSums & { supId: string; month: string };
/** The (supplier, month) groups of one request's filter, read once (the page and the charts). */
const groupsOf = new WeakMap<ReportFilter, Promise<ProjectGroup[]>>();

/** Every (supplier, month) group of the filter, newest month first, then by supplier id. */
function projectGroups(db: Db, f: ReportFilter): Promise<ProjectGroup[]> {
  let groups = groupsOf.get(f);
  if (!groups) {
    groups = db
      .selectFrom(signedMovements(db, f).as('u'))
      .select(['u.supId as supId', 'u.month as month', ...sums('u')])
      .groupBy(['u.supId', 'u.month'])
      .orderBy('u.month', 'desc')
      .orderBy('u.supId')
      .execute() as unknown as Promise<ProjectGroup[]>;
    groupsOf.set(f, groups);
  }
  return groups;
}

/**
 * The project report: per supplier and month, sales minus refunds, with the invoice remark. The
 * groups (suppliers x months of the range) are read in one grouped query; the sums over all of
 * them in another.
 */
export async function projectRows(db: Db, f: ReportFilter): Promise<ReportRows<ProjectReportRow>> {
  const [groups, total] = await Promise.all([
    projectGroups(db, f),
    db.selectFrom(signedMovements(db, f).as('u')).select(sums('u')).executeTakeFirst() as Promise<
      FenSums | undefined
    >,
  ]);
  return {
    total: groups.length,
    sums: toSums(total),
    async rows(offset, limit) {
      const rows = groups.slice(offset, offset + limit);
      const names = await supplierNames(
        db,
        f.tenantId,
        rows.map((r) => r.supId),
      );
      const remarks = rows.length
        ? await db
            .selectFrom('bladeSupOrderReportRemark')
            .select(['supId', 'month', 'remark'])
            .where('tenantId', '=', f.tenantId)
            .where('supId', 'in', [...new Set(rows.map((r) => r.supId))])
            .where('month', 'in', [...new Set(rows.map((r) => r.month))])
            .execute()
        : [];
      const remarkOf = new Map(remarks.map((r) => [`${r.supId}_${r.month}`, r.remark]));
      return rows.map((r) => ({
        id: `${r.supId}_${r.month}`,
        month: r.month,
        supId: r.supId,
        supName: names.get(r.supId) ?? '',
        ...amounts(r),
        invoiceRemark: remarkOf.get(`${r.supId}_${r.month}`) ?? null,
      }));
    },
  };
}

/** Sales or refunds per day, supplier and good. */
export async function perDayRows(
  db: Db,
  kind: 'sale' | 'saleReturn',
  f: ReportFilter,
): Promise<ReportRows<SaleReportRow>> {
  const src = () => sourceOf(db, kind, f) as ReturnType<typeof sales>;
  const grouped = () =>
    src()
      .select([
        DAY_OF.as('day'),
        'o.supId as supId',
        'o.goodId as goodId',
        sql<Num>`count(*)`.as('orderCount'),
        sql<Num>`coalesce(sum(o.quantity), 0)`.as('quantity'),
        sql<Num>`coalesce(sum(o.market_amount), 0)`.as('marketAmount'),
        sql<Num>`coalesce(sum(o.actual_amount), 0)`.as('actualAmount'),
        sql<Num>`coalesce(sum(o.cost_amount), 0)`.as('costAmount'),
      ])
      .groupBy([DAY_OF, 'o.supId', 'o.goodId']);
  const [count, total] = await Promise.all([
    db
      .selectFrom(grouped().as('g'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst(),
    totals(src()),
  ]);
  return {
    total: n(count?.total),
    sums: toSums(total),
    async rows(offset, limit) {
      const rows = (await grouped()
        .orderBy(DAY_OF, 'desc')
        .orderBy('o.supId')
        .orderBy('o.goodId')
        .limit(limit)
        .offset(offset)
        .execute()) as unknown as (FenSums & {
        day: string;
        supId: string;
        goodId: string;
        orderCount: Num;
      })[];
      const [sups, goods] = await Promise.all([
        supplierNames(
          db,
          f.tenantId,
          rows.map((r) => r.supId),
        ),
        goodNames(
          db,
          f.tenantId,
          rows.map((r) => r.goodId),
        ),
      ]);
      return rows.map((r) => ({
        id: `${r.day}_${r.supId}_${r.goodId}`,
        day: r.day,
        supId: r.supId,
        supName: sups.get(r.supId) ?? '',
        goodId: r.goodId,
        goodName: goods.get(r.goodId) ?? '',
        orderCount: n(r.orderCount),
        ...amounts(r),
      }));
    },
  };
}

async function totals(src: ReturnType<typeof sales>): Promise<FenSums | undefined> {
  return (await src
    .select([
      sql<Num>`coalesce(sum(o.quantity), 0)`.as('quantity'),
      sql<Num>`coalesce(sum(o.market_amount), 0)`.as('marketAmount'),
      sql<Num>`coalesce(sum(o.actual_amount), 0)`.as('actualAmount'),
      sql<Num>`coalesce(sum(o.cost_amount), 0)`.as('costAmount'),
    ])
    .executeTakeFirst()) as FenSums | undefined;
}

async function countOf(src: ReturnType<typeof sales>): Promise<number> {
  const row = await src.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  return n((row as { total?: Num } | undefined)?.total);
}

/** The delivered orders themselves. */
export async function saleDetailRows(db: Db, f: ReportFilter): Promise<ReportRows<SaleDetailRow>> {
  const src = () => sales(db, f);
  const [total, sum] = await Promise.all([countOf(src()), totals(src())]);
  return {
    total,
    sums: toSums(sum),
    async rows(offset, limit) {
      const rows = await src()
        .selectAll('o')
        .orderBy('o.createTime', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const [sups, goods] = await Promise.all([
        supplierNames(
          db,
          f.tenantId,
          rows.map((r) => r.supId),
        ),
        goodNames(
          db,
          f.tenantId,
          rows.map((r) => r.goodId),
        ),
      ]);
      return rows.map((r) => ({
        id: r.id,
        orderNo: r.orderNo,
        clientOrderId: r.clientOrderId,
        supId: r.supId,
        supName: sups.get(r.supId) ?? '',
        goodId: r.goodId,
        goodName: goods.get(r.goodId) ?? '',
        ...amounts(r),
        state: r.state,
        createTime: r.createTime ?? '',
      }));
    },
  };
}

/** The completed refunds themselves. */
export async function saleReturnDetailRows(
  db: Db,
  f: ReportFilter,
): Promise<ReportRows<SaleReturnDetailRow>> {
  const src = () => refunds(db, f) as unknown as ReturnType<typeof sales>;
  const [total, sum] = await Promise.all([countOf(src()), totals(src())]);
  return {
    total,
    sums: toSums(sum),
    async rows(offset, limit) {
      const rows = await refunds(db, f)
        .selectAll('o')
        .orderBy('o.createTime', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const [sups, goods] = await Promise.all([
        supplierNames(
          db,
          f.tenantId,
          rows.map((r) => r.supId),
        ),
        goodNames(
          db,
          f.tenantId,
          rows.map((r) => r.goodId),
        ),
      ]);
      return rows.map((r) => ({
        id: r.id,
        returnNo: r.returnNo,
        orderNo: r.orderNo,
        supId: r.supId,
        supName: sups.get(r.supId) ?? '',
        goodId: r.goodId,
        goodName: goods.get(r.goodId) ?? '',
        ...amounts(r),
        reason: r.reason,
        createTime: r.createTime ?? '',
      }));
    },
  };
}

/** The rows source of a report kind. */
export function reportRows(db: Db, kind: OrderReportKind, f: ReportFilter) {
  switch (kind) {
    case 'project':
      return projectRows(db, f);
    case 'sale':
    case 'saleReturn':
      return perDayRows(db, kind, f);
    case 'saleDetail':
      return saleDetailRows(db, f);
    case 'saleReturnDetail':
      return saleReturnDetailRows(db, f);
  }
}

/** One report page: the page of rows, the sums over all matching rows, the charts, the range. */
export async function reportPage(
  db: Db,
  kind: OrderReportKind,
  f: ReportFilter,
  query: QueryMap,
): Promise<ReportAnswer<unknown>> {
  const { current, size } = pageParams(query);
  const [source, chart] = await Promise.all([
    reportRows(db, kind, f) as Promise<ReportRows<unknown>>,
    charts(db, kind, f),
  ]);
  const records = await source.rows((current - 1) * size, size);
  return {
    records,
    total: source.total,
    size,
    current,
    pages: Math.ceil(source.total / size),
    sums: source.sums,
    chart,
    range: f.range,
  };
}

/** A project row id: its supplier and month, or a 400. */
export function projectRowKey(id: string | undefined): { supId: string; month: string } {
  const m = id ? PROJECT_ROW_ID.exec(id) : null;
  if (!m) throw badRequest('参数格式错误: id');
  return { supId: m[1]!, month: m[2]! };
}

/** The filter of one project row's orders and refunds (the detail export). */
export function projectRowFilter(tenantId: string, key: { supId: string; month: string }) {
  return {
    tenantId,
    supId: key.supId,
    from: `${key.month}-01 00:00:00`,
    before: `${shiftMonth(key.month, 1)}-01 00:00:00`,
    range: { start: key.month, end: key.month },
  } satisfies ReportFilter;
}
