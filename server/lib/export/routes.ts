import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, SIGNED_IN, assertPermission } from '../../auth/index.js';
import type { RouteDocInput } from '../api-doc/types.js';
import { ok } from '../envelope.js';
import { IDEMPOTENCY_DOC } from '../idempotency/index.js';
import { badRequest, forbidden } from '../errors.js';
import { queryMap } from '../params.js';
import type { QueryMap } from '../query.js';
import { EXPORT_CREATED, type ExportEngine, type Exporter } from './engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The export queue and worker (buildApp). */
    exportJobs: ExportEngine;
  }
}

/** The API reference's entry (lib/api-doc) of every `excel/export/async` route. */
const EXPORT_DOC: RouteDocInput = {
  summary: { zh: '异步导出：创建导出任务', en: 'Asynchronous export: create an export task' },
  query: [
    {
      name: 'excelType',
      type: 'string',
      required: true,
      description: { zh: '导出类型（列表的资源名）', en: 'What to export (the list resource)' },
    },
    IDEMPOTENCY_DOC,
  ],
  body: {
    contentType: 'application/json',
    description: {
      zh: '列表的筛选与排序参数（也可放在查询串）；需要该导出的权限码，每人最多 5 个未完成任务',
      en: "The list's filters and sorts (or in the query string); needs the export's button code, at most 5 unfinished tasks per user",
    },
  },
  response: {
    zh: '{id, sourceFileName}；进度与文件见导出中心（blade-system/data-export）',
    en: '{id, sourceFileName}; progress and the file are in the export centre (blade-system/data-export)',
  },
};

/** Parameters that are not the list's filters. */
const NOT_FILTERS = new Set(['excelType', 'current', 'size']);
const MAX_PARAMS = 100;

/**
 * The list parameters of an export request: query string and (JSON or form) body merged, the
 * query winning as in lib/params; scalars only (arrays give their first value).
 */
function exportParams(request: FastifyRequest): { excelType?: string; query: QueryMap } {
  const body = request.body;
  const merged: Record<string, unknown> = {
    ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}),
    ...((request.query as Record<string, unknown> | undefined) ?? {}),
  };
  let excelType: string | undefined;
  const query: Record<string, string> = {};
  let n = 0;
  for (const [name, raw] of Object.entries(merged)) {
    let value = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
    if (value === undefined || value === null || typeof value === 'object') continue;
    value = String(value);
    if (name === 'excelType') {
      excelType = value === '' ? undefined : (value as string);
      continue;
    }
    if (NOT_FILTERS.has(name) || value === '') continue;
    if (++n > MAX_PARAMS || name.length > 100 || (value as string).length > 2000)
      throw badRequest('导出参数过多或过长');
    query[name] = value as string;
  }
  return { ...(excelType !== undefined ? { excelType } : {}), query };
}

/**
 * Registers an exporter with the app's export queue and, for the first exporter of its service,
 * `POST /api/<service>/excel/export/async` (body or query: `excelType` and the list's filters and
 * sorts): checks the exporter's access, validates the filters as the list would, queues a task
 * for the caller (tenant and user from the token) and answers the spec's success text.
 */
export function registerExporter(app: FastifyInstance, exporter: Exporter): void {
  const engine = app.exportJobs;
  if (!engine.register(exporter)) return;
  const service = exporter.service;
  app.post(
    `/api/${service}/excel/export/async`,
    // The same Idempotency-Key again answers the first task instead of making a second one.
    { config: { access: SIGNED_IN, doc: EXPORT_DOC, idempotent: true } },
    async (request) => {
      const user = currentUser(request);
      const { excelType, query } = exportParams(request);
      const chosen = engine.exporter(service, excelType);
      if (!chosen)
        throw badRequest(excelType ? '不支持的导出类型' : '缺少必要的请求参数: excelType');
      const access = chosen.access;
      if (access.kind === 'super' && !user.isSuperAdmin) throw forbidden();
      if (access.kind === 'perm') await assertPermission(app.ctx.db, user, ...access.codes);
      await chosen.validate?.(query, { ctx: app.ctx, db: app.ctx.db, user });
      const task = await engine.create(user, chosen, query);
      return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
    },
  );
}

/**
 * Registers an exporter and its spec-named route (`POST <path>`, GET too as the spec lists some
 * as GET): the list's filters from the query or the body, an Idempotency-Key, a task in the
 * export centre.
 */
export function namedExportRoute(app: FastifyInstance, exporter: Exporter, path: string): void {
  registerExporter(app, exporter);
  const handler = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const chosen = app.exportJobs.exporter(exporter.service, exporter.excelType);
    if (!chosen) throw badRequest('不支持的导出类型');
    const query: Record<string, string> = {};
    const body =
      request.body && typeof request.body === 'object'
        ? (request.body as Record<string, unknown>)
        : {};
    for (const [name, value] of Object.entries({ ...queryMap(request), ...body }))
      if (
        typeof value === 'string' &&
        value !== '' &&
        !['current', 'size', 'excelType'].includes(name)
      )
        query[name] = value;
    await chosen.validate?.(query, { ctx: app.ctx, db: app.ctx.db, user });
    const task = await app.exportJobs.create(user, chosen, query);
    return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
  };
  const doc = {
    summary: {
      zh: `${exporter.fileName}导出（异步任务）`,
      en: 'Export (a task in the export centre)',
    },
  };
  app.post(`/api/${path}`, { config: { access: exporter.access, idempotent: true, doc } }, handler);
  app.get(`/api/${path}`, { config: { access: exporter.access, audit: 'write', doc } }, handler);
}
