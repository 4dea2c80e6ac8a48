import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { clientOrderLifecycle } from '../../../../machines/lifecycles/client-order-machine.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import { fieldEntries } from '../../../../src/contracts/resource-contract.js';
import {
  FAILED_STATES,
  FIGURE_FIELDS,
  RETURNED_STATE,
  STATEMENT,
  STATEMENT_CALLS,
  statementContract,
  SUCCESS_STATES,
  type StatementDaily,
  type StatementFigures,
  type StatementPage,
} from '../../../../src/contracts/platform-client/statement.js';
import { currentUser, perm } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { Exporter } from '../../../lib/export/engine.js';
import { namedExportRoute } from '../../../lib/export/routes.js';
import { MONEY_FORMAT, toCell, type ExportCell } from '../../../lib/export/xlsx.js';
import { queryMap } from '../../../lib/params.js';
import { pageParams, type QueryMap } from '../../../lib/query.js';
import {
  addFigures,
  businessDayOfStored,
  currentMonth,
  figures,
  idParam,
  inYuan,
  monthDays,
  monthParam,
  namesOf,
  statementFilter,
  statementRows,
  type StatementFilter,
} from './repository.js';

/**
 * Statements (issue 27 item 8): GET list (a page of rows per app and month with the sums over
 * every row), GET daily (one app's month per day, the chart), POST export (a task in the export
 * centre). Read with the statement screen's codes, exported with statement_export; every query
 * bound to the token's tenant.
 */

const { codes } = statementContract;
const READ = perm(codes.menu, codes.view!);
const api = (call: string) => `/api/${STATEMENT}/${call}`;
type Db = Kysely<DB>;

const FIGURE_KEYS = Object.keys(FIGURE_FIELDS) as (keyof StatementFigures)[];
const EMPTY = Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as unknown as StatementFigures;
const STATE_LABELS = clientOrderLifecycle.states as Record<string, { zh: string }>;

/**
 * The sheet: one column set for three kinds of row, the first column naming the kind: 汇总 (a
 * statement row), then 订单 (each order it counts) and 退货 (each return), each detail row
 * carrying what it adds to its row's figures, so a row's figures are the sums of its details.
 * (The export engine writes one sheet per task: the orders follow the rows in the same sheet.)
 */
// The sheet's columns are the contract's exported fields, in order (the detail columns first).
const SHEET_COLUMNS = fieldEntries(statementContract)
  .filter(([, f]) => f.export)
  .map(([, f]) => ({
    header: f.label.zh,
    width: f.export?.width ?? 12,
    ...(f.kind === 'money' ? { numFmt: MONEY_FORMAT } : {}),
  }));
/** The detail columns after 类型, 月份, 接入方, 应用 (empty on a 汇总 row). */
const DETAIL_COLUMNS_AFTER_APP = [
  'orderNo',
  'outOrderNo',
  'returnNo',
  'productName',
  'stateName',
  'time',
];
const MONEY_KEYS = new Set<string>(FIGURE_KEYS.filter((k) => FIGURE_FIELDS[k].kind === 'money'));

const figureCells = (f: StatementFigures): ExportCell[] =>
  FIGURE_KEYS.map((k) => toCell(MONEY_KEYS.has(k) ? fenToYuan(f[k]) : f[k]));

const SUCCESS = new Set<string>(SUCCESS_STATES);
const FAILED = new Set<string>(FAILED_STATES);

/** What one order adds to its statement row (fen). */
function orderFigures(o: { state: string; quantity: number; amount: number }): StatementFigures {
  const won = SUCCESS.has(o.state);
  const lost = FAILED.has(o.state);
  return {
    ...EMPTY,
    orderCount: 1,
    orderQuantity: o.quantity,
    orderAmount: o.amount,
    successCount: won ? 1 : 0,
    successQuantity: won ? o.quantity : 0,
    successAmount: won ? o.amount : 0,
    failCount: lost ? 1 : 0,
    failAmount: lost ? o.amount : 0,
    netAmount: won ? o.amount : 0,
  };
}

/** Rows of a source in (createTime, id) order, a batch at a time (keyset). */
async function* keyset<R extends { createTime: string | null; id: string }>(
  page: (after: { createTime: string; id: string } | undefined, size: number) => Promise<R[]>,
  size: number,
): AsyncIterable<R[]> {
  let after: { createTime: string; id: string } | undefined;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { createTime: last.createTime ?? '', id: last.id };
    if (rows.length < size) return;
  }
}

function detailSources(db: Db, f: StatementFilter) {
  const from = f.bounds[0]!;
  const before = f.bounds[f.bounds.length - 1]!;
  type After = { createTime: string; id: string } | undefined;
  const afterKey = (alias: string, a: After) =>
    a
      ? sql<boolean>`(${sql.ref(`${alias}.createTime`)}, ${sql.ref(`${alias}.id`)}) > (${a.createTime}, ${a.id})`
      : sql<boolean>`1 = 1`;
  return {
    orders: (after: After, size: number) => {
      let q = db
        .selectFrom('bladeClientProductOrder as o')
        .select([
          'o.id',
          'o.orderNo',
          'o.outOrderNo',
          'o.appId',
          'o.clientId',
          'o.productId',
          'o.state',
          'o.quantity',
          'o.amount',
          'o.createTime',
        ])
        .where('o.tenantId', '=', f.tenantId)
        .where('o.isDeleted', 'in', [0, 1])
        .where('o.createTime', '>=', from)
        .where('o.createTime', '<', before)
        .where(afterKey('o', after));
      if (f.clientId) q = q.where('o.clientId', '=', f.clientId);
      if (f.appId) q = q.where('o.appId', '=', f.appId);
      return q.orderBy('o.createTime').orderBy('o.id').limit(size).execute();
    },
    returns: (after: After, size: number) => {
      let q = db
        .selectFrom('bladeClientReturnOrder as r')
        .select([
          'r.id',
          'r.returnNo',
          'r.orderNo',
          'r.outOrderNo',
          'r.appId',
          'r.clientId',
          'r.productId',
          'r.quantity',
          'r.amount',
          'r.createTime',
        ])
        .where('r.tenantId', '=', f.tenantId)
        .where('r.isDeleted', 'in', [0, 1])
        .where('r.state', '=', RETURNED_STATE)
        .where('r.createTime', '>=', from)
        .where('r.createTime', '<', before)
        .where(afterKey('r', after));
      if (f.clientId) q = q.where('r.clientId', '=', f.clientId);
      if (f.appId) q = q.where('r.appId', '=', f.appId);
      return q.orderBy('r.createTime').orderBy('r.id').limit(size).execute();
    },
  };
}

/** How many orders and returns the export lists. */
async function detailCount(db: Db, f: StatementFilter): Promise<number> {
  const sums = await figures(db, f, f.bounds);
  return sums.reduce((n, r) => n + r.f.orderCount + r.f.returnCount, 0);
}

function statementExporter(): Exporter {
  return {
    service: STATEMENT,
    excelType: statementContract.export!.excelType,
    fileName: statementContract.export!.fileName,
    access: perm(codes.export!),
    columns: SHEET_COLUMNS,
    validate: (query) => void statementFilter('', query),
    async count({ db, user }, query) {
      const f = statementFilter(user.tenantId, query);
      return (await statementRows(db, f)).length + (await detailCount(db, f));
    },
    async *rows({ db, user }, query, batchSize) {
      const f = statementFilter(user.tenantId, query);
      const rows = await statementRows(db, f);
      const apps = new Map(rows.map((r) => [r.appId, r.appName]));
      const clients = new Map(rows.map((r) => [r.clientId, r.clientName]));
      yield rows.map((r) => [
        '汇总',
        r.month,
        r.clientName,
        r.appName,
        ...DETAIL_COLUMNS_AFTER_APP.map(() => null),
        ...figureCells(r),
      ]);
      const sources = detailSources(db, f);
      const month = (stored: string | null) => businessDayOfStored(stored ?? '').slice(0, 7);
      const products = async (ids: string[]) => namesOf(db, f.tenantId, 'product', ids);
      for await (const batch of keyset(sources.orders, batchSize)) {
        const names = await products(batch.map((o) => o.productId));
        yield batch.map((o) => [
          '订单',
          month(o.createTime),
          clients.get(o.clientId) ?? '',
          apps.get(o.appId) ?? '',
          o.orderNo,
          o.outOrderNo,
          null,
          names.get(o.productId) ?? '',
          STATE_LABELS[o.state]?.zh ?? o.state,
          o.createTime,
          ...figureCells(
            orderFigures({ ...o, quantity: Number(o.quantity), amount: Number(o.amount) }),
          ),
        ]);
      }
      for await (const batch of keyset(sources.returns, batchSize)) {
        const names = await products(batch.map((o) => o.productId));
        yield batch.map((r) => {
          const amount = Number(r.amount);
          const quantity = Number(r.quantity);
          return [
            '退货',
            month(r.createTime),
            clients.get(r.clientId) ?? '',
            apps.get(r.appId) ?? '',
            r.orderNo,
            r.outOrderNo,
            r.returnNo,
            names.get(r.productId) ?? '',
            '已退货',
            r.createTime,
            ...figureCells({
              ...EMPTY,
              returnCount: 1,
              returnQuantity: quantity,
              returnAmount: amount,
              netAmount: -amount,
            }),
          ];
        });
      }
    },
  };
}

const LIST_QUERY = [
  { name: 'clientId', type: 'string' as const },
  { name: 'appId', type: 'string' as const },
  {
    name: 'month_dategt',
    type: 'string' as const,
    description: { zh: '起始月份（yyyy-MM…）', en: 'First month (yyyy-MM...)' },
  },
  {
    name: 'month_datelt',
    type: 'string' as const,
    description: { zh: '结束月份（最多12个月）', en: 'Last month (at most 12 months)' },
  },
  { name: 'current', type: 'integer' as const },
  { name: 'size', type: 'integer' as const },
];

export default async function statementRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;

  app.get(
    api(STATEMENT_CALLS.list),
    {
      config: {
        access: READ,
        doc: {
          summary: {
            zh: '对账单：每个应用每月（上海时间）的下单、成功、失败、退货与净额',
            en: 'Statements: per app and month (Asia/Shanghai) orders, successes, failures, returns and net',
          },
          query: LIST_QUERY,
          response: {
            zh: '分页 + sums（全部行合计，金额为元）+ range（实际月份范围，最多12个月）',
            en: 'A page + sums (over every row, yuan) + range (the months applied, at most 12)',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const query = queryMap(request) as QueryMap;
      const f = statementFilter(user.tenantId, query);
      const rows = await statementRows(db, f);
      const { current, size } = pageParams(query);
      const sums = rows.reduce<StatementFigures>((s, r) => addFigures(s, r), { ...EMPTY });
      const page: StatementPage = {
        records: rows
          .slice((current - 1) * size, current * size)
          .map((r) => ({ ...r, ...inYuan(r) })),
        total: rows.length,
        size,
        current,
        pages: Math.ceil(rows.length / size),
        sums: inYuan(sums),
        range: f.range,
      };
      return ok(page);
    },
  );

  app.get(
    api(STATEMENT_CALLS.daily),
    {
      config: {
        access: READ,
        doc: {
          summary: {
            zh: '对账单每日明细：一个应用一个月（上海时间）每天的数字，供图表使用',
            en: "One app's month (Asia/Shanghai) per day, for the chart",
          },
          query: [
            { name: 'appId', type: 'string', required: true },
            {
              name: 'month',
              type: 'string',
              description: { zh: 'yyyy-MM（默认本月）', en: 'yyyy-MM (default: this month)' },
            },
          ],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const query = queryMap(request) as QueryMap;
      const appId = idParam(query, 'appId');
      if (!appId) throw badRequest('appId:请选择应用');
      const month = monthParam(query, 'month') ?? currentMonth();
      const found = await db
        .selectFrom('bladePsclientApp')
        .select('id')
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', appId)
        .executeTakeFirst();
      if (!found) throw notFound();
      const { days, starts } = monthDays(month);
      const raw = await figures(db, { tenantId: user.tenantId, appId }, starts);
      const byDay = days.map((day) => ({ day, f: { ...EMPTY } }));
      for (const r of raw) byDay[r.bucket]!.f = addFigures(byDay[r.bucket]!.f, r.f);
      const answer: StatementDaily = {
        appId,
        month,
        days: byDay.map(({ day, f }) => ({ day, ...inYuan(f) })),
      };
      return ok(answer);
    },
  );

  namedExportRoute(app, statementExporter(), `${STATEMENT}/${STATEMENT_CALLS.export}`);
}
