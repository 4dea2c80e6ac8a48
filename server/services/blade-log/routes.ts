import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { queryMap, requiredParam } from '../../lib/params.js';
import { paged, type FilterDef, type ListSpec, type SortItem } from '../../lib/query.js';
import { wire } from '../../lib/records.js';
import { currentUser, perm, type Access } from '../../auth/index.js';
import { listQuery, type RouteDocInput } from '../../lib/api-doc/index.js';

/**
 * blade-log/{usual|api|error}: list and detail, read only (contract.md 4.13). Rows of the
 * caller's tenant only (the super administrator included: tenant 000000's). The list leaves out
 * the long texts (params, log data, message); the detail has them, masked when written
 * (mask.ts). The error log's stack trace never leaves the server, and its message, file and
 * line (which may quote SQL or server paths) are shown to the super administrator only: others
 * identify an error by its reference. Newest first by default (BladeX sorts oldest first).
 */

const COMMON = [
  'id',
  'tenantId',
  'serviceId',
  'serverHost',
  'serverIp',
  'env',
  'method',
  'requestUri',
  'userAgent',
  'remoteIp',
  'methodClass',
  'methodName',
  'time',
  'createBy',
  'createTime',
] as const;

const COMMON_FILTERS: Record<string, FilterDef> = {
  serviceId: { column: 'serviceId', default: 'equal' },
  method: { column: 'method', default: 'equal' },
  requestUri: { column: 'requestUri' },
  remoteIp: { column: 'remoteIp' },
  createBy: { column: 'createBy' },
  createTime: { column: 'createTime' },
};

/** Error details that may quote server internals (SQL, paths): the super administrator's. */
const SUPER_ONLY = new Set(['message', 'fileName', 'lineNumber']);

const ORDER: SortItem[] = [
  { column: 'createTime', direction: 'desc' },
  { column: 'id', direction: 'desc' },
];

interface LogKind {
  name: 'usual' | 'api' | 'error';
  table: 'bladeLogUsual' | 'bladeLogApi' | 'bladeLogError';
  /** The same, as the answer cache names it. */
  snakeTable: 'blade_log_usual' | 'blade_log_api' | 'blade_log_error';
  access: Access;
  /** Columns of the list beyond the common ones. */
  list: readonly string[];
  /** Columns only the detail answers. */
  detail: readonly string[];
  filters: Record<string, FilterDef>;
}

const KINDS: LogKind[] = [
  {
    name: 'usual',
    table: 'bladeLogUsual',
    snakeTable: 'blade_log_usual',
    access: perm('log_usual', 'log_usual_view'),
    list: ['logLevel', 'logId'],
    detail: ['params', 'logData'],
    filters: { logLevel: { column: 'logLevel', default: 'equal' }, logId: { column: 'logId' } },
  },
  {
    name: 'api',
    table: 'bladeLogApi',
    snakeTable: 'blade_log_api',
    // The operation log (/setting/operate-log) is this log: the API log holds writes and the
    // refusals of signed-in users (403, 404) only.
    access: perm('log_api', 'log_api_view', 'operate_log', 'operate_log_view'),
    list: ['type', 'title'],
    detail: ['params'],
    filters: { title: { column: 'title' } },
  },
  {
    name: 'error',
    table: 'bladeLogError',
    snakeTable: 'blade_log_error',
    access: perm('log_error', 'log_error_view'),
    list: ['reference', 'exceptionName'],
    detail: ['params', 'message', 'fileName', 'lineNumber'],
    filters: {
      reference: { column: 'reference', default: 'equal' },
      exceptionName: { column: 'exceptionName' },
    },
  },
];

/** How the API reference names each log. */
const LOG_NAMES: Record<LogKind['name'], { zh: string; en: string }> = {
  usual: { zh: '通用日志', en: 'usual log entries' },
  api: { zh: '接口日志', en: 'API log entries' },
  error: { zh: '错误日志', en: 'error log entries' },
};

/** The three tables are served alike; the column lists above name their columns. */
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;

export default async function logRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.db as unknown as LooseDb;
  for (const kind of KINDS) {
    const base = `/api/blade-log/${kind.name}`;
    const spec: ListSpec = {
      filters: { ...COMMON_FILTERS, ...kind.filters },
      sorts: { createTime: 'createTime', requestUri: 'requestUri', createBy: 'createBy' },
    };
    const config = { config: { access: kind.access } };
    const listDoc: RouteDocInput = {
      summary: {
        zh: `${LOG_NAMES[kind.name].zh}分页列表（本租户，默认最新在前）`,
        en: `Paged ${LOG_NAMES[kind.name].en} of the caller's tenant (newest first by default)`,
      },
      query: listQuery(spec),
      response: {
        zh: '分页：records（不含长文本）、total、size、current、pages',
        en: 'A page: records (without the long texts), total, size, current, pages',
      },
    };

    const listConfig = { ...config.config, doc: listDoc, answerCache: [kind.snakeTable] };
    app.get(`${base}/list`, { config: listConfig }, async (request) => {
      const user = currentUser(request);
      const page = await paged(
        db().selectFrom(kind.table).where('tenantId', '=', user.tenantId),
        (qb) => qb.select([...COMMON, ...kind.list]),
        queryMap(request),
        spec,
        app.ctx.dialect,
        ORDER,
      );
      return ok({ ...page, records: page.records.map(wire) });
    });

    app.get(`${base}/detail`, config, async (request) => {
      const user = currentUser(request);
      const detail = kind.detail.filter((c) => user.isSuperAdmin || !SUPER_ONLY.has(c));
      const row = await db()
        .selectFrom(kind.table)
        .select([...COMMON, ...kind.list, ...detail])
        .where('id', '=', requiredParam(request, 'id'))
        .where('tenantId', '=', user.tenantId)
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok(wire(row));
    });
  }
}
