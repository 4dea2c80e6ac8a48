import { sql, type Kysely, type RawBuilder } from 'kysely';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  FAILED_STATES,
  RETURNED_STATE,
  STATEMENT_MAX_MONTHS,
  SUCCESS_STATES,
  type StatementFigures,
  type StatementRow,
} from '../../../../src/contracts/platform-client/statement.js';
import type { DB } from '../../../db/schema.js';
import { chunks } from '../../../lib/chunks.js';
import { badRequest } from '../../../lib/errors.js';
import type { QueryMap } from '../../../lib/query.js';
import { formatDateTime } from '../../../lib/time.js';
import { BUSINESS_ZONE } from '../product/forbidden-days.js';

/**
 * The statements (issue 27 item 8; the rules are in contracts/platform-client/statement.ts),
 * computed in SQL on integer fen from the client orders and return orders. Months and days are
 * business ones (Asia/Shanghai): each is turned into the stored-time range it covers (times are
 * stored in server time, lib/time.ts), and a row's month or day is the range its createTime falls
 * in (a CASE over the ranges' starts), so the figures are exact on both databases whatever the
 * server's zone. Amounts become yuan only on the way out.
 */

type Db = Kysely<DB>;
type Num = number | string | bigint | null | undefined;
const num = (v: Num) => (v === null || v === undefined ? 0 : Number(v));

const ZONE_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The instant's wall clock in the business zone, as if it were UTC (ms). */
function zoneWall(ms: number): number {
  const p = Object.fromEntries(
    ZONE_PARTS.formatToParts(new Date(ms)).map((x) => [x.type, x.value]),
  );
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
}

/** The stored-time text of 00:00 on a business day (month and day may overflow: Date.UTC). */
export function storedStartOf(year: number, month: number, day: number): string {
  const wall = Date.UTC(year, month - 1, day);
  const instant = wall - (zoneWall(wall) - wall);
  return formatDateTime(new Date(instant));
}

/** The business month ('yyyy-MM') and day ('yyyy-MM-dd') of a stored time. */
export function businessDayOfStored(stored: string): string {
  const [y, mo, d, h, mi, s] = stored.split(/[- :]/).map(Number) as number[];
  const instant = new Date(y!, mo! - 1, d!, h ?? 0, mi ?? 0, s ?? 0).getTime();
  return new Date(zoneWall(instant)).toISOString().slice(0, 10);
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])/;
const ID = /^[A-Za-z0-9_-]{1,32}$/;

const monthIndex = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return y * 12 + m - 1;
};
const monthText = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

function text(query: QueryMap, name: string): string | undefined {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || typeof value === 'object') return undefined;
  const s = String(value).trim();
  if (s.length > 64) throw badRequest(`参数格式错误: ${name}`);
  return s === '' ? undefined : s;
}

/** A 'yyyy-MM...' parameter's month, or 400. */
export function monthParam(query: QueryMap, name: string): string | undefined {
  const v = text(query, name);
  if (v === undefined) return undefined;
  const m = MONTH.exec(v);
  if (!m) throw badRequest(`参数格式错误: ${name}`);
  return m[0];
}

export function idParam(query: QueryMap, name: string): string | undefined {
  const v = text(query, name);
  if (v !== undefined && !ID.test(v)) throw badRequest(`参数格式错误: ${name}`);
  return v;
}

/** This business month. */
export const currentMonth = () => new Date(zoneWall(Date.now())).toISOString().slice(0, 7);

export interface StatementFilter {
  tenantId: string;
  clientId?: string;
  appId?: string;
  /** The months applied, 'yyyy-MM', at most STATEMENT_MAX_MONTHS. */
  range: { start: string; end: string };
  months: string[];
  /** Stored-time starts of each month and of the month after the last. */
  bounds: string[];
}

/**
 * The list's filters: `month_dategt` .. `month_datelt` (any 'yyyy-MM...': its month; swapped
 * when reversed; longer than 12 months keeps the 12 ending at the end; none: the last 12 ending
 * this month), clientId, appId. Anything else is ignored.
 */
export function statementFilter(tenantId: string, query: QueryMap): StatementFilter {
  let start = monthParam(query, 'month_dategt');
  let end = monthParam(query, 'month_datelt');
  end ??= start && start > currentMonth() ? start : currentMonth();
  start ??= monthText(monthIndex(end) - (STATEMENT_MAX_MONTHS - 1));
  if (start > end) [start, end] = [end, start];
  const last = monthIndex(end);
  const first = Math.max(monthIndex(start), last - STATEMENT_MAX_MONTHS + 1);
  const months = Array.from({ length: last - first + 1 }, (_, i) => monthText(first + i));
  const bounds = [...months, monthText(last + 1)].map((m) => {
    const [y, mo] = m.split('-').map(Number) as [number, number];
    return storedStartOf(y, mo, 1);
  });
  const filter: StatementFilter = {
    tenantId,
    range: { start: months[0]!, end: months[months.length - 1]! },
    months,
    bounds,
  };
  const clientId = idParam(query, 'clientId');
  const appId = idParam(query, 'appId');
  if (clientId) filter.clientId = clientId;
  if (appId) filter.appId = appId;
  return filter;
}

/** Which range (0-based) a stored time falls in: starts[i] <= t < starts[i + 1]. */
function bucketOf(column: RawBuilder<unknown>, starts: readonly string[]) {
  const whens = starts.slice(1).map((b, i) => sql`when ${column} < ${b} then ${sql.lit(i)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} end`;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/** Raw figures (fen) per (app, client, bucket) from the orders and the returns. */
export interface RawFigures {
  appId: string;
  clientId: string;
  bucket: number;
  f: StatementFigures;
}

const zero = (): StatementFigures => ({
  orderCount: 0,
  orderQuantity: 0,
  orderAmount: 0,
  successCount: 0,
  successQuantity: 0,
  successAmount: 0,
  failCount: 0,
  failAmount: 0,
  returnCount: 0,
  returnQuantity: 0,
  returnAmount: 0,
  netAmount: 0,
});

/** Figures of the orders placed and the returns completed in [starts[0], starts[last]). */
export async function figures(
  db: Db,
  where: { tenantId: string; clientId?: string; appId?: string },
  starts: readonly string[],
): Promise<RawFigures[]> {
  const from = starts[0]!;
  const before = starts[starts.length - 1]!;
  let orders = db
    .selectFrom('bladeClientProductOrder as o')
    .select(['o.appId', 'o.clientId', 'o.state', 'o.quantity', 'o.amount'])
    .select(bucketOf(sql.ref('o.createTime'), starts).as('bucket'))
    .where('o.tenantId', '=', where.tenantId)
    // Removed orders count too; naming both values lets the (tenant, is_deleted, create_time)
    // index serve the time range.
    .where('o.isDeleted', 'in', [0, 1])
    .where('o.createTime', '>=', from)
    .where('o.createTime', '<', before);
  let returns = db
    .selectFrom('bladeClientReturnOrder as r')
    .select(['r.appId', 'r.clientId', 'r.quantity', 'r.amount'])
    .select(bucketOf(sql.ref('r.createTime'), starts).as('bucket'))
    .where('r.tenantId', '=', where.tenantId)
    .where('r.isDeleted', 'in', [0, 1])
    .where('r.state', '=', RETURNED_STATE)
    .where('r.createTime', '>=', from)
    .where('r.createTime', '<', before);
  if (where.clientId) {
    orders = orders.where('o.clientId', '=', where.clientId);
    returns = returns.where('r.clientId', '=', where.clientId);
  }
  if (where.appId) {
    orders = orders.where('o.appId', '=', where.appId);
    returns = returns.where('r.appId', '=', where.appId);
  }
  const state = sql.ref('t.state');
  const when = (states: readonly string[], then: RawBuilder<unknown>) =>
    sql<Num>`sum(case when ${state} in (${list(states)}) then ${then} else 0 end)`;
  const [orderRows, returnRows] = await Promise.all([
    db
      .selectFrom(orders.as('t'))
      .select(['t.appId', 't.clientId', 't.bucket'])
      .select([
        sql<Num>`count(*)`.as('orderCount'),
        sql<Num>`sum(${sql.ref('t.quantity')})`.as('orderQuantity'),
        sql<Num>`sum(${sql.ref('t.amount')})`.as('orderAmount'),
        when(SUCCESS_STATES, sql.lit(1)).as('successCount'),
        when(SUCCESS_STATES, sql.ref('t.quantity')).as('successQuantity'),
        when(SUCCESS_STATES, sql.ref('t.amount')).as('successAmount'),
        when(FAILED_STATES, sql.lit(1)).as('failCount'),
        when(FAILED_STATES, sql.ref('t.amount')).as('failAmount'),
      ])
      .groupBy(['t.appId', 't.clientId', 't.bucket'])
      .execute(),
    db
      .selectFrom(returns.as('t'))
      .select(['t.appId', 't.clientId', 't.bucket'])
      .select([
        sql<Num>`count(*)`.as('returnCount'),
        sql<Num>`sum(${sql.ref('t.quantity')})`.as('returnQuantity'),
        sql<Num>`sum(${sql.ref('t.amount')})`.as('returnAmount'),
      ])
      .groupBy(['t.appId', 't.clientId', 't.bucket'])
      .execute(),
  ]);
  const out = new Map<string, RawFigures>();
  const at = (appId: string, clientId: string, bucket: Num) => {
    const key = `${appId}\n${num(bucket)}`;
    let row = out.get(key);
    if (!row) out.set(key, (row = { appId, clientId, bucket: num(bucket), f: zero() }));
    return row.f;
  };
  for (const r of orderRows) {
    const f = at(r.appId, r.clientId, r.bucket);
    f.orderCount = num(r.orderCount);
    f.orderQuantity = num(r.orderQuantity);
    f.orderAmount = num(r.orderAmount);
    f.successCount = num(r.successCount);
    f.successQuantity = num(r.successQuantity);
    f.successAmount = num(r.successAmount);
    f.failCount = num(r.failCount);
    f.failAmount = num(r.failAmount);
  }
  for (const r of returnRows) {
    const f = at(r.appId, r.clientId, r.bucket);
    f.returnCount = num(r.returnCount);
    f.returnQuantity = num(r.returnQuantity);
    f.returnAmount = num(r.returnAmount);
  }
  for (const row of out.values()) row.f.netAmount = row.f.successAmount - row.f.returnAmount;
  return [...out.values()];
}

/** Figures in fen summed (exact integers). */
export function addFigures(a: StatementFigures, b: StatementFigures): StatementFigures {
  const sum = zero();
  for (const k of Object.keys(sum) as (keyof StatementFigures)[]) sum[k] = a[k] + b[k];
  return sum;
}

const MONEY: readonly (keyof StatementFigures)[] = [
  'orderAmount',
  'successAmount',
  'failAmount',
  'returnAmount',
  'netAmount',
];

/** Fen figures as the wire has them (amounts in yuan). */
export function inYuan(f: StatementFigures): StatementFigures {
  const out = { ...f };
  for (const k of MONEY) out[k] = fenToYuan(f[k]);
  return out;
}

/** Names of the tenant's records by id (apps, parties, products), removed ones too. */
export async function namesOf(
  db: Db,
  tenantId: string,
  kind: 'app' | 'client' | 'product',
  ids: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks([...new Set(ids)])) {
    const rows =
      kind === 'app'
        ? await db
            .selectFrom('bladePsclientApp')
            .select(['id', 'appName as name'])
            .where('tenantId', '=', tenantId)
            .where('id', 'in', part)
            .execute()
        : kind === 'client'
          ? await db
              .selectFrom('bladePsclient')
              .select(['id', 'clientName as name'])
              .where('tenantId', '=', tenantId)
              .where('id', 'in', part)
              .execute()
          : await db
              .selectFrom('bladePsclientProduct')
              .select(['id', 'productName as name'])
              .where('tenantId', '=', tenantId)
              .where('id', 'in', part)
              .execute();
    for (const r of rows) out.set(r.id, r.name);
  }
  return out;
}

/** The statement rows (fen), newest month first, then by app name. */
export async function statementRows(db: Db, filter: StatementFilter) {
  const raw = await figures(db, filter, filter.bounds);
  const apps = await namesOf(
    db,
    filter.tenantId,
    'app',
    raw.map((r) => r.appId),
  );
  const clients = await namesOf(
    db,
    filter.tenantId,
    'client',
    raw.map((r) => r.clientId),
  );
  const rows = raw.map((r) => {
    const month = filter.months[r.bucket]!;
    return {
      id: `${r.appId}_${month}`,
      month,
      clientId: r.clientId,
      clientName: clients.get(r.clientId) ?? '',
      appId: r.appId,
      appName: apps.get(r.appId) ?? '',
      ...r.f,
    } satisfies StatementRow;
  });
  rows.sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      a.appName.localeCompare(b.appName, 'zh') ||
      a.appId.localeCompare(b.appId),
  );
  return rows;
}

/** The days ('yyyy-MM-dd') of a business month and the stored-time starts of each and the next. */
export function monthDays(month: string): { days: string[]; starts: string[] } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days = Array.from(
    { length: count },
    (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`,
  );
  const starts = Array.from({ length: count + 1 }, (_, i) => storedStartOf(y, m, i + 1));
  return { days, starts };
}
