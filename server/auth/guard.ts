import type { FastifyInstance } from 'fastify';
import { ApiError, forbidden } from '../lib/errors.js';
import { assertApiScope, requestPaths } from './api-scope.js';
import { permissionCodes } from './permissions.js';
import { signedInUser } from './session.js';

/**
 * The guard, the top of server/auth: every /api route states its access (start-up fails
 * otherwise), and every non-public request is signed in (session.ts, 401), then checked: forced
 * password change, super administrator, permission codes, API scopes (403).
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', undefined);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} does not state its access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const { db } = app.ctx;

    const { user, mustChangePassword } = await signedInUser(app.ctx, request.headers);
    request.auth = user;

    if (mustChangePassword && !(access.kind === 'user' && access.duringPasswordChange)) {
      throw new ApiError(403, '首次登录请先修改密码');
    }
    if (access.kind === 'super' && !user.isSuperAdmin) throw forbidden();
    if (access.kind === 'perm' && !user.isSuperAdmin) {
      const codes = await permissionCodes(db, user);
      if (!access.codes.some((c) => codes.has(c))) throw forbidden();
    }
    // API scopes: a path some scope covers is for holders of a covering scope only. Signing out
    // and changing one's password (the routes open during a forced change) stay open to all.
    const alwaysOpen = access.kind === 'user' && access.duringPasswordChange;
    if (!user.isSuperAdmin && !alwaysOpen)
      await assertApiScope(db, user, requestPaths(request.routeOptions.url, request.url));
  });
}
