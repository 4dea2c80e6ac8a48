import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseBusy,
  isDatabaseUnavailable,
} from '../db/availability.js';
import { acceptsGzip, ConsoleRoutes, type ConsolePages } from '../lib/console-pages.js';
import { ApiError, InputRefusal, OAuthError } from '../lib/errors.js';
import { fail } from '../lib/envelope.js';

/**
 * Every failure is an answer the console can show: ApiError keeps its status and message,
 * framework errors (bad JSON, too large, rate limit) keep their 4xx status with a plain message,
 * anything else is a 500 with a reference id and nothing of the stack or SQL. With a console
 * build (`pages`), a GET for any other path is one of its client-side routes.
 */
export function registerErrorHandling(app: FastifyInstance, pages: ConsolePages | undefined): void {
  app.setErrorHandler((error: FastifyError | ApiError | OAuthError, request, reply) => {
    if (error instanceof OAuthError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          error_code: error.statusCode,
          error_description: error.description,
          ...(error.error ? { error: error.error } : {}),
        });
    }
    if (error instanceof ApiError) {
      const fields = error instanceof InputRefusal ? error.fields : undefined;
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(fail(error.statusCode, error.message, fields));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send(fail(429, '请求过于频繁，请稍后再试'));
    }
    if (status >= 400 && status < 500) {
      const msg =
        status === 413
          ? '请求内容过大'
          : status === 415
            ? '不支持当前媒体类型'
            : (error as FastifyError).validation
              ? '请求参数格式错误'
              : '请求参数错误';
      return reply.code(status).send(fail(status, msg));
    }
    const busy = isDatabaseBusy(error);
    if (busy || isDatabaseUnavailable(error)) {
      // The database is away: the server stays up and the pool reconnects when it is back. Or
      // (SQLite) another process held the write lock past the wait (db/sqlite-dialect.ts):
      // nothing was written, and trying again later succeeds.
      request.log.warn({ err: error }, busy ? 'database busy' : 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send(fail(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    const reference = randomUUID();
    request.log.error({ err: error, reference }, 'unhandled error');
    return reply.code(500).send(fail(500, `服务器异常，请联系管理员（编号 ${reference}）`));
  });

  if (pages) {
    // Spec section 2: / redirects to /wel, whose only page is the home tab (/wel/index); the
    // console sends a signed-out visitor on to /login.
    app.get('/', (_request, reply) => reply.redirect('/wel/index', 302));
  }
  const routes = new ConsoleRoutes(async () =>
    (
      await app.ctx.db.selectFrom('bladeMenu').select('path').where('isDeleted', '=', 0).execute()
    ).map((m) => m.path),
  );

  app.setNotFoundHandler(async (request, reply) => {
    // Client-side routes (/login, /wel/index, menu paths) all load the console's index.html;
    // /login loads it with the login form prerendered, when the build made that page. Any other
    // path outside /api (/.env, /.git/config, /actuator/env, /x.php, a file not in the build)
    // answers the console's 404 page with status 404 (lib/console-pages.ts: isConsoleRoute).
    const pathname = request.url.split('?')[0] ?? '';
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (pages && get && pathname !== '/api' && !pathname.startsWith('/api/')) {
      if (await routes.isRoute(pathname)) {
        const page = pathname.replace(/\/+$/, '') === '/login' ? pages.loginPage : 'index.html';
        return reply.header('Cache-Control', 'no-cache').sendFile(page, { cacheControl: false });
      }
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      reply
        .code(404)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding');
      if (gzip) reply.header('Content-Encoding', 'gzip');
      return reply.send(gzip ? pages.notFound.gzip : pages.notFound.identity);
    }
    return reply.code(404).send(fail(404, '404 没找到请求'));
  });
}
