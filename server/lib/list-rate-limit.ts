import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Per-user rate limit on list reads (issue 15, item 15): every signed-in GET of a list or page
 * (`.../list`, `.../page`, `.../lazy-list`) counts against one budget per user (tenant + user id
 * from the token), `LIST_RATE_LIMIT` calls a minute (default 600: ten a second, far above what a
 * person paging through screens sends; 0 turns it off). Past it: 429 in the envelope with
 * `Retry-After` (seconds until the window frees). Counted in the database like every limit
 * (lib/shared-rate-limit.ts), so the budget is the user's across all processes and machines. Runs as a preHandler, after the guard has read the token, so the
 * key is the user, never a client-sent value; public routes are not counted.
 */
const LIST_PATH = /\/(?:list|page|lazy-list)$/;

const userKey = (request: FastifyRequest) =>
  request.auth ? `list:${request.auth.tenantId}:${request.auth.userId}` : `list-ip:${request.ip}`;

export function registerListRateLimit(app: FastifyInstance, max: number): void {
  if (!(max > 0)) return;
  const limit = app.rateLimit({ max, timeWindow: '1 minute', keyGenerator: userKey });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || !route.url.startsWith('/api/') || !LIST_PATH.test(route.url))
      return;
    if (!route.config?.access || route.config.access.kind === 'public') return;
    const before = route.preHandler;
    route.preHandler = [limit, ...(before ? (Array.isArray(before) ? before : [before]) : [])];
  });
}
