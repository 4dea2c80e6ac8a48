import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../context.js';
import { prepared } from '../db/prepared.js';
import { unauthorized } from '../lib/errors.js';
import { cachedForGrants } from './grants-cache.js';
import { verifyJwtRemembered } from '../lib/jwt.js';
import { SUPER_ROLE_ALIAS, SUPER_TENANT, type AuthUser } from './user.js';

const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Tokens only from `Blade-Auth: bearer` (or `Authorization: Bearer`), never query or cookie. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  for (const header of [headers['blade-auth'], headers.authorization]) {
    const value = Array.isArray(header) ? header[0] : header;
    if (value && /^bearer\s+/i.test(value)) return value.replace(/^bearer\s+/i, '').trim();
  }
  return undefined;
}

export interface SignedIn {
  user: AuthUser;
  /** The user must change their password before anything but the routes open during it. */
  mustChangePassword: boolean;
}

/**
 * The session with its user, if live, and the grants version (grants-cache.ts): one statement,
 * built once (db/prepared.ts), run by every signed-in request.
 */
const sessionRow = prepared<{ sid: string; now: number }>()((db, arg) =>
  db
    .selectFrom('authSession as s')
    .innerJoin('bladeUser as u', 'u.id', 's.userId')
    .select((eb) => [
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
      eb
        .selectFrom('bladeCacheVersion')
        .select('version')
        .where('name', '=', 'grants')
        .as('grantsVersion'),
    ])
    .where('s.id', '=', arg('sid'))
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', arg('now')),
);

/**
 * The user behind a request's access token, or 401: token present -> HS256 verify (an access
 * token carrying a session id; a token that passed before is remembered: lib/jwt.ts) -> one
 * query joining the session and the user (session not revoked or expired, user active, and the
 * grants version) -> the roles' aliases (cached for that version).
 */
export async function signedInUser(
  ctx: Pick<AppContext, 'db' | 'jwtSecret' | 'now'>,
  headers: IncomingHttpHeaders,
): Promise<SignedIn> {
  const { db, jwtSecret, now } = ctx;
  const token = bearerToken(headers);
  if (!token) throw unauthorized('缺失令牌，鉴权失败');
  const claims = verifyJwtRemembered(token, jwtSecret, now());
  if (!claims || claims.token_type !== 'access_token' || typeof claims.sid !== 'string') {
    throw unauthorized('令牌无效或已过期');
  }
  const row = await sessionRow.first(db, { sid: claims.sid, now: now() });
  if (!row || row.isDeleted !== 0 || row.status !== 1) throw unauthorized('令牌已失效，请重新登录');

  const grantsVersion = Number(row.grantsVersion);
  const roleIds = splitIds(row.roleId);
  const roleAliases = roleIds.length
    ? await cachedForGrants(db, grantsVersion, `aliases:${row.roleId}`, async () =>
        (
          await db
            .selectFrom('bladeRole')
            .select('roleAlias')
            .where('id', 'in', roleIds)
            .where('isDeleted', '=', 0)
            .execute()
        ).map((r) => r.roleAlias),
      )
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
    grantsVersion,
  };
  return { user, mustChangePassword: Boolean(row.mustChangePassword) };
}
