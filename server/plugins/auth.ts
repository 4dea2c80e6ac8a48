import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, forbidden, unauthorized } from '../lib/errors.js';
import { verifyJwt } from '../lib/jwt.js';
import { permissionCodes } from '../services/access.js';
import { assertApiScope, requestPaths } from '../services/blade-system/api-scope/enforce.js';

/**
 * What a route needs (contract.md Part 1 decision 6). Every /api route must state one; the app
 * refuses to start otherwise.
 */
export type Access =
  | { kind: 'public' }
  /** Any signed-in user. `duringPasswordChange` keeps the route open while a password change is due. */
  | { kind: 'user'; duringPasswordChange?: boolean }
  /** Any one of these button/menu codes. */
  | { kind: 'perm'; codes: string[] }
  /** The super administrator (role alias `administrator` in tenant 000000). */
  | { kind: 'super' };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
export const perm = (...codes: string[]): Access => ({ kind: 'perm', codes });
export const SUPER_ADMIN: Access = { kind: 'super' };

export interface AuthUser {
  userId: string;
  tenantId: string;
  account: string;
  clientId: string;
  sessionId: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  isSuperAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | undefined;
  }
}

export const SUPER_TENANT = '000000';
export const SUPER_ROLE_ALIAS = 'administrator';

const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Tokens only from `Blade-Auth: bearer` (or `Authorization: Bearer`), never query or cookie. */
function bearerToken(request: FastifyRequest): string | undefined {
  for (const header of [request.headers['blade-auth'], request.headers.authorization]) {
    const value = Array.isArray(header) ? header[0] : header;
    if (value && /^bearer\s+/i.test(value)) return value.replace(/^bearer\s+/i, '').trim();
  }
  return undefined;
}

/** The signed-in user of a route that declared a non-public access. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

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
    const { db, jwtSecret, now } = app.ctx;

    const token = bearerToken(request);
    if (!token) throw unauthorized('缺失令牌，鉴权失败');
    const claims = verifyJwt(token, jwtSecret, now());
    if (!claims || claims.token_type !== 'access_token' || typeof claims.sid !== 'string') {
      throw unauthorized('令牌无效或已过期');
    }
    const row = await db
      .selectFrom('authSession as s')
      .innerJoin('bladeUser as u', 'u.id', 's.userId')
      .select([
        's.id',
        's.userId',
        's.tenantId',
        's.clientId',
        's.roleId',
        's.deptId',
        'u.account',
        'u.status',
        'u.isDeleted',
        'u.mustChangePassword',
      ])
      .where('s.id', '=', claims.sid)
      .where('s.revokedAt', 'is', null)
      .where('s.expiresAt', '>', now())
      .executeTakeFirst();
    if (!row || row.isDeleted !== 0 || row.status !== 1)
      throw unauthorized('令牌已失效，请重新登录');

    const roleIds = splitIds(row.roleId);
    const roleAliases = roleIds.length
      ? (
          await db
            .selectFrom('bladeRole')
            .select('roleAlias')
            .where('id', 'in', roleIds)
            .where('isDeleted', '=', 0)
            .execute()
        ).map((r) => r.roleAlias)
      : [];
    const user: AuthUser = {
      userId: row.userId,
      tenantId: row.tenantId,
      account: row.account,
      clientId: row.clientId,
      sessionId: row.id,
      roleIds,
      roleAliases,
      deptIds: splitIds(row.deptId),
      isSuperAdmin: row.tenantId === SUPER_TENANT && roleAliases.includes(SUPER_ROLE_ALIAS),
    };
    request.auth = user;

    if (row.mustChangePassword && !(access.kind === 'user' && access.duringPasswordChange)) {
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
