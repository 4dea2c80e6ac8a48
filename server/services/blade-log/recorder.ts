import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, LogColumns } from '../../db/schema.js';
import { nextId } from '../../lib/ids.js';
import { param } from '../../lib/params.js';
import { nowText } from '../../lib/time.js';
import { maskText, paramsText } from './mask.js';

/**
 * Records the three logs as requests finish (contract.md 4.13):
 * - API log: what an auditor needs, decided per route by its `audit` (below): the operations of
 *   a signed-in user that succeeded (status below 400); and every refusal of a signed-in user,
 *   read or write (403, and 404 on an existing route: another tenant's id), titled
 *   `拒绝访问 403 <path>` / `未找到 404 <path>`;
 * - error log: every 500, with the reference id the error answer showed; the stack stays on the
 *   server (blade-log/error never sends it);
 * - usual log: sign-ins (password and captcha grants) that succeeded or failed, in the tenant
 *   they were for when that tenant exists, and sign-outs.
 * Parameters are stored masked (mask.ts). The insert runs in `onSend`, after the handler and
 * before the answer leaves: one awaited insert per logged request, so a log is there as soon as
 * the caller has its answer. A log that cannot be written is reported to the server log and
 * never changes the answer.
 */

/**
 * What the logs keep of a route: the route's `config.audit`, or, when it says nothing, `read`
 * for GET, HEAD and OPTIONS and `write` for every other method. This is the one place the rule
 * lives; a route that is not what its method suggests says so where it is registered.
 * - `write`: changes business or system data (records, grants and roles, settings, uploads,
 *   exports, imports): one API-log row when it succeeds;
 * - `read`: only reads, including a POST that queries with a body (`video/list`): not logged;
 * - `own`: the caller's own console state (table layouts, the debug log it uploads): not logged;
 * - `login` / `logout`: the usual log.
 * Refusals (403/404) of a signed-in user are kept whatever the route's audit.
 */
export type Audit = 'write' | 'read' | 'own' | 'login' | 'logout';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the logs keep of the route (blade-log/recorder.ts); by its method when absent. */
    audit?: Audit;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function auditOf(request: FastifyRequest): Audit {
  return (
    request.routeOptions.config?.audit ?? (READ_METHODS.has(request.method) ? 'read' : 'write')
  );
}

/** Refusals of a signed-in user that the API log keeps (issue 15 item 17). */
const DENIED = new Set([403, 404]);
const REFERENCE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const cut = (value: string | undefined | null, max: number) =>
  value === undefined || value === null ? null : value.slice(0, max);

function serverIp(): string {
  for (const list of Object.values(os.networkInterfaces()))
    for (const n of list ?? []) if (n.family === 'IPv4' && !n.internal) return n.address;
  return '127.0.0.1';
}

const HOST = { serverHost: cut(os.hostname(), 255), serverIp: serverIp() };

/** The columns every log row shares, from the request. */
function common(request: FastifyRequest, reply: FastifyReply, tenantId: string): LogColumns {
  const pathname = request.url.split('?')[0] ?? '';
  const route = request.routeOptions.url;
  const segments = pathname.split('/').filter(Boolean);
  const agent = request.headers['user-agent'];
  return {
    id: nextId(),
    tenantId,
    serviceId: cut(segments[0] === 'api' ? segments[1] : segments[0], 32),
    ...HOST,
    env: cut(process.env.NODE_ENV ?? 'production', 255),
    method: request.method.slice(0, 10),
    requestUri: cut(pathname, 2000),
    userAgent: cut(Array.isArray(agent) ? agent[0] : agent, 1000),
    remoteIp: cut(request.ip, 255),
    methodClass: cut(route ?? null, 255),
    methodName: cut(segments.at(-1) ?? '', 255),
    params: paramsText(request.query, request.body, pathname) ?? null,
    time: String(Math.round(reply.elapsedTime)),
    createBy: cut(request.auth?.account ?? null, 64),
    createTime: nowText(),
  };
}

async function recordApi(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply) {
  const user = request.auth!;
  const row = common(request, reply, user.tenantId);
  await db
    .insertInto('bladeLogApi')
    .values({ ...row, type: '1', title: cut(row.requestUri?.replace(/^\/api\//, ''), 255) })
    .execute();
}

/**
 * A refusal of a signed-in user (403: no permission; 404 on a route that exists: another
 * tenant's or an unknown id): reads and writes alike, with who, the path and the status in the
 * title. Only the masked query is kept, never the body.
 */
async function recordDenial(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply) {
  const user = request.auth!;
  const row = common(request, reply, user.tenantId);
  const path = row.requestUri?.replace(/^\/api\//, '') ?? '';
  const what = reply.statusCode === 403 ? '拒绝访问' : '未找到';
  await db
    .insertInto('bladeLogApi')
    .values({
      ...row,
      params: paramsText(request.query, undefined) ?? null,
      type: '1',
      title: cut(`${what} ${reply.statusCode} ${path}`, 255),
    })
    .execute();
}

/** file and line of the first stack frame. */
function frameOf(stack: string | undefined): {
  fileName: string | null;
  lineNumber: number | null;
} {
  const m = /\(?((?:file:\/\/)?[^\s()]+):(\d+):\d+\)?/.exec(stack?.split('\n')[1] ?? '');
  return m
    ? { fileName: m[1]!.slice(0, 1000), lineNumber: Number(m[2]) }
    : { fileName: null, lineNumber: null };
}

async function recordError(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  error: Error | undefined,
  payload: unknown,
) {
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '';
  const reference = REFERENCE.exec(text)?.[0] ?? null;
  await db
    .insertInto('bladeLogError')
    .values({
      ...common(request, reply, request.auth?.tenantId ?? '000000'),
      reference,
      stackTrace: error?.stack ? maskText(error.stack) : null,
      exceptionName: cut(error ? error.name || error.constructor.name : 'Error', 255),
      message: error ? maskText(error.message) : null,
      ...frameOf(error?.stack),
    })
    .execute();
}

/** A login attempt (not a refresh) in the usual log of the tenant it named, when it exists. */
async function recordLogin(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  if ((param(request, 'grant_type') ?? 'password') === 'refresh_token') return;
  const header = request.headers['tenant-id'];
  const tenantId =
    param(request, 'tenantId') ?? String((Array.isArray(header) ? header[0] : header) ?? '000000');
  if (!/^\d{6}$/.test(tenantId)) return;
  const tenant = await db
    .selectFrom('bladeTenant')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!tenant) return;
  const account = cut(param(request, 'username') ?? param(request, 'account') ?? '', 64);
  const ok = reply.statusCode === 200;
  let reason = '';
  if (!ok && typeof payload === 'string') {
    try {
      const body = JSON.parse(payload) as { error_description?: unknown; msg?: unknown };
      reason = String(body.error_description ?? body.msg ?? '').slice(0, 200);
    } catch {
      reason = '';
    }
  }
  await db
    .insertInto('bladeLogUsual')
    .values({
      ...common(request, reply, tenantId),
      createBy: account,
      logLevel: ok ? 'INFO' : 'WARN',
      logId: 'login',
      logData: ok
        ? `登录成功：${account ?? ''}`
        : `登录失败：${account ?? ''}（${reply.statusCode}${reason ? ` ${reason}` : ''}）`,
    })
    .execute();
}

/** A sign-out, in the usual log of the user's tenant. */
async function recordLogout(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply) {
  const user = request.auth!;
  await db
    .insertInto('bladeLogUsual')
    .values({
      ...common(request, reply, user.tenantId),
      params: null,
      logLevel: 'INFO',
      logId: 'logout',
      logData: `退出登录：${user.account}`,
    })
    .execute();
}

export function registerLogRecording(app: FastifyInstance): void {
  const errors = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      const { db } = app.ctx;
      const audit = auditOf(request);
      const status = reply.statusCode;
      const api = request.url.startsWith('/api/');
      if (status >= 500) await recordError(db, request, reply, errors.get(request), payload);
      else if (audit === 'login') await recordLogin(db, request, reply, payload);
      else if (!request.auth || !api) return payload;
      else if (DENIED.has(status)) await recordDenial(db, request, reply);
      else if (status >= 400) return payload;
      else if (audit === 'write') await recordApi(db, request, reply);
      else if (audit === 'logout') await recordLogout(db, request, reply);
    } catch (error) {
      request.log.warn({ err: error }, 'log not recorded');
    }
    return payload;
  });
}
