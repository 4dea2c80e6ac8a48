import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldEntries } from '../../../../../src/contracts/resource-contract.js';
import {
  AD_DAY_COLUMNS,
  AD_FIGURE_KEYS,
  AD_REPORT,
  AD_REPORT_CALLS,
  AD_REPORT_MAX_DAYS,
  AD_REPORT_MENUS,
  AD_REPORT_OPTION_KINDS,
  type AdReportOptionKind,
  AD_REPORT_REFUSALS,
  masterReportContract,
  planReportContract,
  transactionContract,
  type AdDays,
  type AdReportPage,
  type AdTimes,
} from '../../../../../src/contracts/platform-ad/ad-report.js';
import { currentUser, perm, type AuthUser } from '../../../../auth/index.js';
import type { DB } from '../../../../db/schema.js';
import type { Kysely } from 'kysely';
import { ok } from '../../../../lib/envelope.js';
import { badRequest } from '../../../../lib/errors.js';
import type { Exporter } from '../../../../lib/export/engine.js';
import { namedExportRoute } from '../../../../lib/export/routes.js';
import {
  MONEY_FORMAT,
  toCell,
  type ExportCell,
  type SheetColumn,
} from '../../../../lib/export/xlsx.js';
import { queryMap } from '../../../../lib/params.js';
import { pageParams, type QueryMap } from '../../../../lib/query.js';
import {
  clockOf,
  dayGroups,
  dayRows,
  figures,
  masterRows,
  minuteRows,
  minutesOf,
  planRows,
  readFilter,
  total,
  transactionRows,
  type Group,
  type GroupKey,
  type ReportFilter,
} from './query.js';

/**
 * The ad reports (issue 28 item 3, contracts/platform-ad/ad-report.ts): GET master, masterPlan,
 * plan, transactions, queryStatistics; POST days and times; the exports as export-centre tasks.
 * Each call is bound to the token's tenant and admitted by its screen's view button (exports: the
 * export button); the filters are allowlisted and their ids checked against the tenant.
 */
type Db = Kysely<DB>;
const api = (call: string) => `/api/${AD_REPORT}/${call}`;
const code = (menu: keyof typeof AD_REPORT_MENUS, button: 'view' | 'export') =>
  `${AD_REPORT_MENUS[menu]}_${button}`;

const t = (zh: string, en: string) => ({ zh, en });
const RANGE_QUERY = [
  {
    name: 'startDate',
    type: 'string' as const,
    description: t(
      '开始日期 yyyy-MM-dd（默认近7天）',
      'First day, yyyy-MM-dd (default: the last 7 days)',
    ),
  },
  {
    name: 'endDate',
    type: 'string' as const,
    description: t(
      `结束日期 yyyy-MM-dd（含；最多${AD_REPORT_MAX_DAYS}天，超出拒绝）`,
      `Last day, included (at most ${AD_REPORT_MAX_DAYS} days, else refused)`,
    ),
  },
];
const id = (name: string) => ({ name, type: 'string' as const });
const PAGING = [
  { name: 'current', type: 'integer' as const },
  { name: 'size', type: 'integer' as const },
];
const FILTER_QUERY = [
  ...RANGE_QUERY,
  id('planId'),
  id('advertiserId'),
  id('flowMasterId'),
  id('positionId'),
];

/** Query and JSON body together (POST calls take either). */
function paramsOf(request: FastifyRequest): QueryMap {
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : {};
  return { ...queryMap(request), ...body };
}

function paged<R>(rows: readonly R[], query: QueryMap) {
  const { current, size } = pageParams(query, 20);
  return {
    records: rows.slice((current - 1) * size, current * size),
    total: rows.length,
    size,
    current,
    pages: Math.ceil(rows.length / size),
  };
}

const strip = <R extends { fen: unknown }>({ fen: _, ...row }: R) => row;

// ---- exports -----------------------------------------------------------------------------

/** The sheet's columns: the contract's exported fields in order (money formatted). */
function columnsOf(contract: { fields: object }): { keys: string[]; columns: SheetColumn[] } {
  const entries = fieldEntries(contract).filter(([, f]) => f.export);
  return {
    keys: entries.map(([k]) => k),
    columns: entries.map(([, f]) => ({
      header: f.label.zh,
      width: f.export!.width,
      ...(f.kind === 'money' ? { numFmt: MONEY_FORMAT } : {}),
    })),
  };
}

type Rows = (
  db: Db,
  f: ReportFilter,
  query: QueryMap,
  user: AuthUser,
) => Promise<readonly object[]>;

interface Sheet {
  export?: { excelType: string; fileName: string };
  fields: object;
}

function exporter(
  contract: Sheet,
  menu: keyof typeof AD_REPORT_MENUS,
  rows: Rows,
  today: () => string,
  sheet = columnsOf(contract),
): Exporter {
  const read = async (db: Db, user: AuthUser, query: QueryMap) =>
    rows(db, await readFilter(db, user.tenantId, query, today()), query, user);
  return {
    service: AD_REPORT,
    excelType: contract.export!.excelType,
    fileName: contract.export!.fileName,
    access: perm(code(menu, 'export')),
    columns: sheet.columns,
    validate: async (query, { db, user }) =>
      void (await readFilter(db, user.tenantId, query, today())),
    count: async ({ db, user }, query) => (await read(db, user, query)).length,
    async *rows({ db, user }, query) {
      const all = await read(db, user, query);
      yield all.map((r): ExportCell[] =>
        sheet.keys.map((k) => toCell((r as Record<string, unknown>)[k])),
      );
    },
  };
}

const PAGE_RESPONSE = t(
  '分页 + sums（全部行合计）+ range；金额为元，点击率为百分数',
  'A page + sums (every row) + range; yuan, CTR in percent',
);

/** master, masterPlan, plan and transactions: what each groups by and makes its rows of. */
const PAGED_LISTS = [
  {
    call: AD_REPORT_CALLS.master,
    menu: 'master',
    summary: t(
      '流量主报表：每个流量主在日期范围内的曝光、点击、点击率、转化、消耗与分润',
      "Traffic owners' impressions, clicks, CTR, conversions, cost and share over days",
    ),
    query: [...RANGE_QUERY, id('flowMasterId'), ...PAGING],
    by: ['flowMasterId'],
    rows: masterRows,
    export: { call: AD_REPORT_CALLS.exportMaster, contract: masterReportContract },
  },
  {
    call: AD_REPORT_CALLS.masterPlan,
    menu: 'master',
    summary: t(
      '流量主的计划：该流量主名下各计划的数字',
      "A traffic owner's plans and their figures",
    ),
    query: [...RANGE_QUERY, { ...id('flowMasterId'), required: true }, ...PAGING],
    masterRequired: true,
    by: ['planId'],
    rows: planRows,
  },
  {
    call: AD_REPORT_CALLS.plan,
    menu: 'plan',
    summary: t(
      '计划报表：每个计划的预算、已消耗、状态与日期范围内的数字',
      "Plans' budgets, spend, state and figures over days",
    ),
    query: [...RANGE_QUERY, id('planId'), id('advertiserId'), id('state'), ...PAGING],
    by: ['planId'],
    rows: planRows,
    export: { call: AD_REPORT_CALLS.exportPlan, contract: planReportContract },
  },
  {
    call: AD_REPORT_CALLS.transactions,
    menu: 'transactions',
    summary: t('广告交易结果：每个计划每天的消耗与转化', 'Per plan and day: cost and conversions'),
    query: [...RANGE_QUERY, id('planId'), id('advertiserId'), ...PAGING],
    by: ['planId', 'bucket'],
    rows: transactionRows,
    export: { call: AD_REPORT_CALLS.exportTransactions, contract: transactionContract },
  },
] as const satisfies readonly {
  call: string;
  menu: keyof typeof AD_REPORT_MENUS;
  summary: { zh: string; en: string };
  query: readonly unknown[];
  masterRequired?: boolean;
  by: readonly GroupKey[];
  rows: (db: Db, f: ReportFilter, groups: readonly Group[]) => Promise<{ fen: unknown }[]>;
  /** Its export's call and sheet. */
  export?: { call: string; contract: Sheet };
}[];

export default async function adReportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;
  const clock = () => clockOf(app.ctx.now());
  const today = () => clock().today;
  const filterOf = (request: FastifyRequest, query: QueryMap = queryMap(request)) =>
    readFilter(db, currentUser(request).tenantId, query, today());

  // The four paged lists: grouped by what each shows, a page of rows with every row's sums.
  for (const list of PAGED_LISTS)
    app.get(
      api(list.call),
      {
        config: {
          access: perm(code(list.menu, 'view')),
          doc: { summary: list.summary, query: list.query, response: PAGE_RESPONSE },
        },
      },
      async (request) => {
        const query = queryMap(request);
        const f = await filterOf(request, query);
        if ('masterRequired' in list && !f.flowMasterId)
          throw badRequest(`flowMasterId:${AD_REPORT_REFUSALS.masterRequired.zh}`);
        const groups = await dayGroups(db, f, list.by);
        const rows = (await list.rows(db, f, groups)).map(strip);
        const answer: AdReportPage<(typeof rows)[number]> = {
          ...paged(rows, query),
          sums: figures(total(groups)),
          range: f.range,
        };
        return ok(answer);
      },
    );

  app.get(
    api(AD_REPORT_CALLS.queryStatistics),
    {
      config: {
        access: perm(
          code('history', 'view'),
          code('realtime', 'view'),
          code('master', 'view'),
          code('plan', 'view'),
        ),
        doc: {
          summary: t(
            '投放统计合计：筛选条件下的曝光、点击、转化、消耗与分润',
            'Totals for the filters',
          ),
          query: FILTER_QUERY,
        },
      },
    },
    async (request) => {
      const f = await filterOf(request);
      return ok({ range: f.range, sums: figures(total(await dayGroups(db, f, []))) });
    },
  );

  app.post(
    api(AD_REPORT_CALLS.days),
    {
      config: {
        access: perm(code('history', 'view'), code('plan', 'view')),
        audit: 'read',
        doc: {
          summary: t(
            '按天统计：范围内每天一行（无数据的日子为0）',
            'Per day: every day of the range, zeros included',
          ),
          query: FILTER_QUERY,
          body: { description: t('同查询参数（JSON）', 'The same parameters as JSON') },
        },
      },
    },
    async (request) => {
      const f = await filterOf(request, paramsOf(request));
      const groups = await dayGroups(db, f, ['bucket']);
      const answer: AdDays = {
        range: f.range,
        days: dayRows(f, groups),
        sums: figures(total(groups)),
      };
      return ok(answer);
    },
  );

  app.post(
    api(AD_REPORT_CALLS.times),
    {
      config: {
        access: perm(code('realtime', 'view')),
        audit: 'read',
        doc: {
          summary: t(
            '按分钟统计：最近一小时（或指定小时）每分钟一行（无数据为0）',
            'Per minute of the last hour (or of `hour`), zeros included',
          ),
          query: [
            {
              name: 'hour',
              type: 'string',
              description: t(
                'yyyy-MM-dd HH（默认最近60分钟）',
                'yyyy-MM-dd HH (default: the last 60 minutes)',
              ),
            },
            id('planId'),
            id('advertiserId'),
            id('flowMasterId'),
            id('positionId'),
          ],
        },
      },
    },
    async (request) => {
      const params = paramsOf(request);
      const minutes = minutesOf(params, clock().minute);
      const f = await filterOf(request, params);
      const { rows, sums } = await minuteRows(db, f, minutes);
      const answer: AdTimes = {
        from: minutes[0]!,
        to: minutes[minutes.length - 1]!,
        minutes: rows,
        sums,
      };
      return ok(answer);
    },
  );

  const OPTION_SOURCES = {
    plan: ['bladeAdPlan', 'planName'],
    advertiser: ['bladeAdvertiser', 'advertiserName'],
    flowMaster: ['bladeFlowMaster', 'masterName'],
    position: ['bladeAdPosition', 'positionName'],
  } as const;
  app.get(
    api(AD_REPORT_CALLS.options),
    {
      config: {
        access: perm(
          ...(Object.keys(AD_REPORT_MENUS) as (keyof typeof AD_REPORT_MENUS)[]).map((m) =>
            code(m, 'view'),
          ),
        ),
        doc: {
          summary: t(
            '报表筛选项：计划、广告主、流量主或广告位的 {id, name}',
            "A report filter's choices: {id, name}",
          ),
          query: [{ name: 'kind', type: 'string', required: true, enum: AD_REPORT_OPTION_KINDS }],
        },
      },
    },
    async (request) => {
      const kind = String(queryMap(request).kind ?? '') as AdReportOptionKind;
      if (!AD_REPORT_OPTION_KINDS.includes(kind))
        throw badRequest(`kind:${AD_REPORT_REFUSALS.kind.zh}`);
      const [table, name] = OPTION_SOURCES[kind];
      const rows = await (db as Kysely<DB>)
        .selectFrom(table)
        .select(['id', `${name} as name`] as never)
        .where('tenantId', '=', currentUser(request).tenantId)
        .where('isDeleted', '=', 0)
        .orderBy(name as never)
        .execute();
      return ok(rows as unknown as { id: string; name: string }[]);
    },
  );

  // Exports: the rows of each report as the list answers them, one sheet each.
  for (const list of PAGED_LISTS)
    if ('export' in list)
      namedExportRoute(
        app,
        exporter(
          list.export.contract,
          list.menu,
          async (d, f) => list.rows(d, f, await dayGroups(d, f, list.by)),
          today,
        ),
        `${AD_REPORT}/${list.export.call}`,
      );
  const daySheet = {
    keys: AD_DAY_COLUMNS.map((c) => c.key as string),
    columns: AD_DAY_COLUMNS.map((c) => ({
      header: c.label.zh,
      width: 14,
      ...(c.key === 'cost' || c.key === 'share' ? { numFmt: MONEY_FORMAT } : {}),
    })),
  };
  const asRecords = <R extends object>(rows: readonly R[]) =>
    rows as unknown as Record<string, unknown>[];
  namedExportRoute(
    app,
    {
      ...exporter(
        {
          ...masterReportContract,
          export: { excelType: 'ad-history-report', fileName: '历史报表' },
        },
        'history',
        async (d, f) => asRecords(dayRows(f, await dayGroups(d, f, ['bucket']))),
        today,
        daySheet,
      ),
    },
    `${AD_REPORT}/${AD_REPORT_CALLS.exportDays}`,
  );
  const minuteSheet = {
    keys: ['day', ...AD_FIGURE_KEYS.filter((k) => k !== 'share')],
    columns: daySheet.columns
      .filter((_, i) => AD_DAY_COLUMNS[i]!.key !== 'share')
      .map((c, i) => (i === 0 ? { ...c, header: '时间', width: 18 } : c)),
  };
  namedExportRoute(
    app,
    exporter(
      {
        ...masterReportContract,
        export: { excelType: 'ad-realtime-report', fileName: '实时报表' },
      },
      'realtime',
      async (d, f, query) =>
        asRecords(
          (await minuteRows(d, f, minutesOf(query, clock().minute))).rows.map((r) => ({
            ...r,
            day: r.minute,
          })),
        ),
      today,
      minuteSheet,
    ),
    `${AD_REPORT}/${AD_REPORT_CALLS.exportTimes}`,
  );
}
