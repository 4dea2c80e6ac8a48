import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PUBLIC } from '../../auth/index.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db/availability.js';
import { APP_VERSION } from '../../lib/version.js';

export interface Health {
  status: 'up' | 'down';
  database: 'up' | 'down';
  version: string;
}

/**
 * GET /api/health, for load balancers and monitors (readiness): public (no token) and nothing
 * but the state and the version. 200 when the database answers, 503 (same envelope,
 * `success: false`) when it does not. Not rate-limited: a balancer probes from one address, and
 * a limit would cost a database write per probe, more than the `select 1` it protects.
 * GET /api/health/live (liveness) answers 200 while the process serves requests, without
 * touching the database, so an orchestrator restarts a hung process, not one whose database is
 * away.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get(
    '/api/health',
    {
      config: {
        access: PUBLIC,
        doc: {
          summary: {
            zh: '健康检查：数据库是否可用、版本',
            en: 'Health: database reachable, version',
          },
          response: {
            zh: '{status, database: up|down, version}；数据库不可用时 HTTP 503',
            en: '{status, database: up|down, version}; HTTP 503 while the database is down',
          },
        },
      },
    },
    async (request, reply) => {
      let up = true;
      try {
        await sql`select 1`.execute(ctx.db);
      } catch (err) {
        request.log.warn({ err }, 'health: database unreachable');
        up = false;
      }
      const state = up ? 'up' : 'down';
      const data: Health = { status: state, database: state, version: APP_VERSION };
      reply.header('Cache-Control', 'no-store');
      if (up) return { code: 200, success: true, data, msg: '操作成功' };
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ code: 503, success: false, data, msg: DATABASE_UNAVAILABLE_MESSAGE });
    },
  );
  app.get(
    '/api/health/live',
    {
      config: {
        access: PUBLIC,
        doc: {
          summary: {
            zh: '存活检查：进程在处理请求（不查数据库）',
            en: 'Liveness: the process serves requests (no database call)',
          },
          response: { zh: '{status: up, version}', en: '{status: up, version}' },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        code: 200,
        success: true,
        data: { status: 'up', version: APP_VERSION },
        msg: '操作成功',
      };
    },
  );
}
