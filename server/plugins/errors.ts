import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ConsolePages } from '../lib/console-pages.js';
import { ApiError, OAuthError } from '../lib/errors.js';
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
        .send({ error_code: error.statusCode, error_description: error.description });
    }
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(fail(error.statusCode, error.message));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send(fail(429, '请求过于频繁，请稍后再试'));
    }
    if (status >= 400 && status < 500) {
      const msg =
        status === 413
          ? '请求内容过大'
          : (error as FastifyError).validation
            ? '请求参数格式错误'
            : '请求参数错误';
      return reply.code(status).send(fail(status, msg));
    }
    const reference = randomUUID();
    request.log.error({ err: error, reference }, 'unhandled error');
    return reply.code(500).send(fail(500, `服务器异常，请联系管理员（编号 ${reference}）`));
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/login, /wel/index, ...) all load the console's index.html; /login
    // loads it with the login form prerendered, when the build made that page.
    const pathname = request.url.split('?')[0] ?? '';
    if (
      pages &&
      request.method === 'GET' &&
      !pathname.startsWith('/api/') &&
      !path.extname(pathname)
    ) {
      const page = pathname.replace(/\/+$/, '') === '/login' ? pages.loginPage : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(page, { cacheControl: false });
    }
    return reply.code(404).send(fail(404, '404 没找到请求'));
  });
}
