import type { FastifyInstance, FastifyRequest } from 'fastify';
import { supOrderLifecycle } from '../../../../machines/lifecycles/sup-order-machine.js';
import {
  INVOICE_REMARK_MAX,
  ORDER_REPORT_CALLS,
  ORDER_REPORT_CODES,
  ORDER_REPORT_DETAIL_EXPORT,
  ORDER_REPORT_EXPORTS,
  ORDER_REPORT_OPTIONS,
  ORDER_REPORT_SERVICE,
  projectReportContract,
  saleDetailContract,
  saleReportContract,
  saleReturnDetailContract,
  saleReturnReportContract,
  type OrderReportKind,
} from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import {
  contractSheet,
  EXPORT_CREATED,
  MONEY_FORMAT,
  registerExporter,
  sheetColumns,
  toCell,
  type ExportCell,
  type Exporter,
} from '../../../lib/export/index.js';
import { nextId } from '../../../lib/ids.js';
import { param, queryMap } from '../../../lib/params.js';
import type { QueryMap } from '../../../lib/query.js';
import { nowText } from '../../../lib/time.js';
import {
  projectRowFilter,
  projectRowKey,
  reportFilter,
  reportPage,
  reportRows,
  saleDetailRows,
  saleReturnDetailRows,
  type ReportFilter,
} from './repository.js';

const BASE = `/api/${ORDER_REPORT_SERVICE}`;
const READ = perm(ORDER_REPORT_CODES.menu, ORDER_REPORT_CODES.view);

const CONTRACTS = {
  project: projectReportContract,
  sale: saleReportContract,
  saleReturn: saleReturnReportContract,
  saleDetail: saleDetailContract,
  saleReturnDetail: saleReturnDetailContract,
} as const;

const TITLES: Record<OrderReportKind, { zh: string; en: string }> = {
  project: {
    zh: '项目报表：每个供应商每月的销售减退货',
    en: 'Per supplier and month: sales minus refunds',
  },
  sale: { zh: '销售汇总：按日、供应商、商品', en: 'Sales per day, supplier and good' },
  saleReturn: { zh: '退货汇总：按日、供应商、商品', en: 'Refunds per day, supplier and good' },
  saleDetail: { zh: '销售明细', en: 'Sales: the orders' },
  saleReturnDetail: { zh: '退货明细', en: 'Refunds: the return orders' },
};

/** The sheet of a report: the contract's export fields, money as yuan numbers (money format). */
function sheet(kind: OrderReportKind) {
  return contractSheet(CONTRACTS[kind]);
}

const STREAM_BATCH = 500;

/**
 * Cells a sheet shows by a name instead of the stored value: an order's state is its lifecycle's
 * zh name (the sheet's language), never the machine's state id (issue 25 item 4).
 */
const CELL_LABELS: Readonly<Record<string, (value: unknown) => unknown>> = {
  state: (value) =>
    (supOrderLifecycle.states as Record<string, { zh: string }>)[String(value)]?.zh ?? value,
};
const cellOf = (field: string, value: unknown) => toCell(CELL_LABELS[field]?.(value) ?? value);

/** Streams `rows` of a report source in batches as sheet cells. */
async function* batches(
  source: { total: number; rows(offset: number, limit: number): Promise<unknown[]> },
  fields: readonly string[],
  batchSize: number,
  prefix: ExportCell[] = [],
): AsyncIterable<ExportCell[][]> {
  const size = Math.min(batchSize, STREAM_BATCH);
  for (let offset = 0; offset < source.total; offset += size) {
    const rows = (await source.rows(offset, size)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows.map((row) => [...prefix, ...fields.map((f) => cellOf(f, row[f]))]);
  }
}

function reportExporter(kind: OrderReportKind): Exporter {
  const columns = sheet(kind);
  const contract = CONTRACTS[kind];
  return {
    service: ORDER_REPORT_SERVICE,
    excelType: ORDER_REPORT_EXPORTS[kind],
    fileName: contract.export!.fileName,
    access: perm(ORDER_REPORT_CODES.export),
    columns: sheetColumns(columns),
    validate: (query) => void reportFilter(kind, '', query),
    async count({ db, user }, query) {
      return (await reportRows(db, kind, reportFilter(kind, user.tenantId, query))).total;
    },
    async *rows({ db, user }, query, batchSize) {
      const source = await reportRows(db, kind, reportFilter(kind, user.tenantId, query));
      yield* batches(
        source as never,
        columns.map((c) => c.field),
        batchSize,
      );
    },
  };
}

/** The orders and refunds of one project row: a type column, then the detail columns. */
const DETAIL_FIELDS = [
  ['no', '单号', 24],
  ['orderNo', '订单号', 24],
  ['supName', '供应商', 24],
  ['goodName', '商品', 24],
  ['quantity', '数量', 10],
  ['marketAmount', '面值金额', 14],
  ['discountAmount', '优惠金额', 14],
  ['actualAmount', '实收金额', 14],
  ['costPrice', '成本金额', 14],
  ['profit', '毛利', 14],
  ['createTime', '时间', 20],
] as const;

/** The detail sheet's amounts (money format). */
const DETAIL_MONEY: ReadonlySet<string> = new Set([
  'marketAmount',
  'discountAmount',
  'actualAmount',
  'costPrice',
  'profit',
]);

function detailExporter(): Exporter {
  const filterOf = (user: AuthUser, query: QueryMap) =>
    projectRowFilter(user.tenantId, projectRowKey(String(query.id ?? '')));
  const sources = async (call: { db: Parameters<typeof saleDetailRows>[0] }, f: ReportFilter) =>
    Promise.all([saleDetailRows(call.db, f), saleReturnDetailRows(call.db, f)]);
  return {
    service: ORDER_REPORT_SERVICE,
    excelType: ORDER_REPORT_DETAIL_EXPORT,
    fileName: '项目报表明细',
    access: perm(ORDER_REPORT_CODES.exportDetail),
    columns: [
      { header: '类型', width: 8 },
      ...DETAIL_FIELDS.map(([field, header, width]) => ({
        header,
        width,
        ...(DETAIL_MONEY.has(field) ? { numFmt: MONEY_FORMAT } : {}),
      })),
    ],
    validate: (query) => void projectRowKey(String(query.id ?? '')),
    async count(call, query) {
      const [s, r] = await sources(call, filterOf(call.user, query));
      return s.total + r.total;
    },
    async *rows(call, query, batchSize) {
      const [s, r] = await sources(call, filterOf(call.user, query));
      const fields = DETAIL_FIELDS.map(([f]) => f);
      const numbered = (source: typeof s | typeof r, no: 'orderNo' | 'returnNo') => ({
        total: source.total,
        rows: async (offset: number, limit: number) =>
          ((await source.rows(offset, limit)) as unknown as Record<string, unknown>[]).map(
            (row) => ({ ...row, no: row[no] }),
          ),
      });
      yield* batches(numbered(s, 'orderNo'), fields, batchSize, ['销售']);
      yield* batches(numbered(r, 'returnNo'), fields, batchSize, ['退货']);
    },
  };
}

/** The caller's live supplier `supId`, or 404 (another tenant's, deleted, unknown). */
async function assertSupplier(app: FastifyInstance, tenantId: string, supId: string) {
  const found = await app.ctx.db
    .selectFrom('bladeSup')
    .select('id')
    .where('id', '=', supId)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw notFound();
}

/** Query parameters as text (the export task keeps them), without paging. */
function exportQuery(request: FastifyRequest): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(queryMap(request)))
    if (typeof value === 'string' && value !== '' && !['current', 'size'].includes(name))
      query[name] = value;
  return query;
}

/**
 * sup-order-report (issue 18 item 5): the project report (`list`) and the four sale reports, each
 * a page with `sums` over every matching row and `chart`; their exports (tasks in the export
 * centre); the project rows' invoice remarks. Read with the project_report screen's codes.
 */
export default async function orderReportRoutes(app: FastifyInstance): Promise<void> {
  const kinds = Object.keys(ORDER_REPORT_CALLS) as OrderReportKind[];
  for (const kind of kinds) {
    app.get(
      `${BASE}/${ORDER_REPORT_CALLS[kind]}`,
      {
        config: {
          access: READ,
          doc: {
            summary: TITLES[kind],
            query: [
              { name: 'supId', type: 'string' },
              ...(kind === 'project'
                ? [
                    { name: 'month_dategt', type: 'string' as const },
                    { name: 'month_datelt', type: 'string' as const },
                  ]
                : [
                    { name: 'goodId', type: 'string' as const },
                    { name: 'createTime_dategt', type: 'string' as const },
                    { name: 'createTime_datelt', type: 'string' as const },
                  ]),
              ...(kind === 'saleDetail' || kind === 'saleReturnDetail'
                ? [{ name: 'orderNo', type: 'string' as const }]
                : []),
              ...(kind === 'saleReturnDetail'
                ? [{ name: 'returnNo', type: 'string' as const }]
                : []),
              { name: 'current', type: 'integer' },
              { name: 'size', type: 'integer' },
            ],
            response: {
              zh: '分页 + sums（全部匹配行的合计，金额为两位小数的元）+ chart（按日/月、按供应商）+ range（实际日期范围，销售报表最多31天）',
              en: 'A page + sums (over all matching rows, yuan text with 2 decimals) + chart (per day/month, per supplier) + range (applied; sale reports at most 31 days)',
            },
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const query = queryMap(request);
        return ok(
          await reportPage(app.ctx.db, kind, reportFilter(kind, user.tenantId, query), query),
        );
      },
    );

    const exporter = reportExporter(kind);
    registerExporter(app, exporter);
    app.post(
      `${BASE}/${ORDER_REPORT_EXPORTS[kind]}`,
      {
        config: {
          access: exporter.access,
          idempotent: true,
          doc: {
            summary: {
              zh: `导出${CONTRACTS[kind].title.zh}（异步任务）`,
              en: `Export: ${CONTRACTS[kind].title.en} (a task)`,
            },
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const query = exportQuery(request);
        await exporter.validate?.(query, { ctx: app.ctx, db: app.ctx.db, user });
        const task = await app.exportJobs.create(user, exporter, query);
        return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
      },
    );
  }

  const details = detailExporter();
  registerExporter(app, details);
  app.post(
    `${BASE}/${ORDER_REPORT_DETAIL_EXPORT}/:id`,
    {
      config: {
        access: details.access,
        idempotent: true,
        doc: {
          summary: {
            zh: '导出项目报表一行的订单与退货明细（异步任务）',
            en: 'Export the orders and refunds behind one project report row (a task)',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = (request.params as { id?: string }).id;
      const key = projectRowKey(id);
      await assertSupplier(app, user.tenantId, key.supId);
      const task = await app.exportJobs.create(user, details, { id: id! });
      return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
    },
  );

  // The filters' options: the tenant's suppliers and goods, readable with the report's codes
  // (the supplier and goods screens' own lists need their screens' codes).
  app.get(
    `${BASE}/${ORDER_REPORT_OPTIONS.suppliers}`,
    {
      config: {
        access: READ,
        doc: { summary: { zh: '报表筛选：供应商', en: 'Report filter: suppliers' } },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(
        await app.ctx.db
          .selectFrom('bladeSup')
          .select(['id', 'supName'])
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .orderBy('supName')
          .orderBy('id')
          .limit(1000)
          .execute(),
      );
    },
  );
  app.get(
    `${BASE}/${ORDER_REPORT_OPTIONS.goods}`,
    {
      config: {
        access: READ,
        doc: {
          summary: { zh: '报表筛选：商品', en: 'Report filter: goods' },
          query: [{ name: 'supId', type: 'string' }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const supId = param(request, 'supId');
      let q = app.ctx.db
        .selectFrom('bladeSupGood')
        .select(['id', 'goodName', 'supId'])
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0);
      if (supId) q = q.where('supId', '=', supId);
      return ok(await q.orderBy('goodName').orderBy('id').limit(1000).execute());
    },
  );

  app.post(
    `${BASE}/remarkInvoice`,
    {
      config: {
        access: perm(ORDER_REPORT_CODES.remarkInvoice),
        doc: {
          summary: {
            zh: '设置项目报表一行的开票备注',
            en: "Set a project report row's invoice remark",
          },
          body: {
            contentType: 'application/json',
            description: {
              zh: '{id: 行id（供应商id_月份）, remark}',
              en: '{id: the row id (supId_month), remark}',
            },
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const key = projectRowKey(param(request, 'id'));
      const remark = (param(request, 'remark') ?? '').trim();
      if (remark === '') throw badRequest('remark:请输入开票备注');
      if (remark.length > INVOICE_REMARK_MAX)
        throw badRequest(`remark:长度不能超过${INVOICE_REMARK_MAX}个字符`);
      await assertSupplier(app, user.tenantId, key.supId);
      const now = nowText();
      await app.ctx.db
        .insertInto('bladeSupOrderReportRemark')
        .values({
          id: nextId(),
          tenantId: user.tenantId,
          supId: key.supId,
          month: key.month,
          remark,
          updateUser: user.userId,
          updateTime: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['tenantId', 'supId', 'month'])
            .doUpdateSet({ remark, updateUser: user.userId, updateTime: now }),
        )
        .execute();
      return okStatus();
    },
  );

  app.post(
    `${BASE}/remarkClear`,
    {
      config: {
        access: perm(ORDER_REPORT_CODES.remarkClear),
        doc: {
          summary: {
            zh: '清除项目报表一行的开票备注',
            en: "Clear a project report row's invoice remark",
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const key = projectRowKey(param(request, 'id'));
      await assertSupplier(app, user.tenantId, key.supId);
      await app.ctx.db
        .deleteFrom('bladeSupOrderReportRemark')
        .where('tenantId', '=', user.tenantId)
        .where('supId', '=', key.supId)
        .where('month', '=', key.month)
        .execute();
      return okStatus();
    },
  );
}
