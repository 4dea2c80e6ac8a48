import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/**
 * One value of a scalar parameter: a repeated one (`id=1&id=2`, or an array of several) is
 * refused with 400 rather than silently answered for the first (issue 15 item 16).
 */
export function single(value: unknown, name: string): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length > 1) throw badRequest(`参数格式错误: ${name}`);
  return value[0];
}

/**
 * BladeX reads scalar parameters with @RequestParam, so they may come in the query string or in
 * a form/JSON body. Query wins; a parameter given more than once is a 400.
 */
export function param(request: FastifyRequest, name: string): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.[name];
  const body = request.body;
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)[name]
      : undefined;
  const value = single(fromQuery ?? fromBody, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return undefined;
  const s = String(value);
  return s === '' ? undefined : s;
}

export function requiredParam(request: FastifyRequest, name: string): string {
  const value = param(request, name);
  if (value === undefined) throw badRequest(`缺少必要的请求参数: ${name}`);
  return value;
}

/**
 * Comma-separated id list (`ids=1,2,3`), ids also accepted as a JSON array in the body or as
 * the parameter repeated (`ids=1&ids=2`, as Spring joins them).
 */
export function idList(request: FastifyRequest, name = 'ids'): string[] {
  const body = request.body as Record<string, unknown> | undefined;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.[name];
  const raw = Array.isArray(fromQuery)
    ? fromQuery.join(',')
    : body && typeof body === 'object' && Array.isArray(body[name])
      ? (body[name] as unknown[]).join(',')
      : param(request, name);
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw badRequest('请至少选择一条数据');
  if (ids.length > 1000) throw badRequest('一次最多处理1000条数据');
  for (const id of ids)
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw badRequest(`参数格式错误: ${name}`);
  return ids;
}

/** The JSON body as an object (submit calls). */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('请求体必须是JSON对象');
  return body as Record<string, unknown>;
}

/** The query string as a plain map (list filters). */
export function queryMap(request: FastifyRequest): Record<string, unknown> {
  return (request.query as Record<string, unknown> | undefined) ?? {};
}
