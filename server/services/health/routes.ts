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
 * GET /api/health, for load balancers and monitors: public (no token), rate-limited like the
 * other public routes, and nothing but the state and the version. 200 when the database answers,
 * 503 (same envelope, `success: false`) when it does not.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get(
    '/api/health',
    {
      config: {
        access: PUBLIC,
        rateLimit: { max: 120, timeWindow: '1 minute' },
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
}
