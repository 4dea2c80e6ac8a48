import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { signJwt } from '../../lib/jwt.js';
import { nextId } from '../../lib/ids.js';
import { phoneKey } from '../../lib/phone-crypto.js';

export interface TokenUser {
  id: string;
  tenantId: string;
  account: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  mustChangePassword: number;
}

export interface TokenClient {
  clientId: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

export interface SessionRoles {
  roleIds: string[];
  deptIds: string[];
  roleAliases: string[];
  roleNames: string[];
}

/** The raw snake_case token response (contract.md 2.12). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user_id: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  account: string;
  dept_id: string;
  role_id: string;
  tenant_id: string;
  must_change_password: boolean;
  /** AES-GCM key (base64) for the phone numbers of this session; see lib/phone-crypto.ts. */
  crypto_key: string;
  license: string;
}

function mint(
  ctx: AppContext,
  sessionId: string,
  refreshJti: string,
  user: TokenUser,
  client: TokenClient,
  roles: SessionRoles,
  refreshExpiresAt: number,
): TokenResponse {
  const iat = ctx.now();
  const access = signJwt(
    {
      iss: 'quanyi',
      token_type: 'access_token',
      sid: sessionId,
      jti: randomBytes(12).toString('base64url'),
      tenant_id: user.tenantId,
      user_id: user.id,
      account: user.account,
      user_name: user.account,
      role_id: roles.roleIds.join(','),
      dept_id: roles.deptIds.join(','),
      role_name: roles.roleAliases.join(','),
      client_id: client.clientId,
      iat,
      nbf: iat,
      exp: iat + client.accessTokenValidity,
    },
    ctx.jwtSecret,
  );
  const refresh = signJwt(
    {
      iss: 'quanyi',
      token_type: 'refresh_token',
      sid: sessionId,
      jti: refreshJti,
      user_id: user.id,
      client_id: client.clientId,
      iat,
      exp: refreshExpiresAt,
    },
    ctx.jwtSecret,
  );
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: client.accessTokenValidity,
    user_id: user.id,
    user_name: user.account,
    nick_name: user.name ?? '',
    real_name: user.realName ?? '',
    role_name: roles.roleAliases.join(','),
    avatar: user.avatar ?? '',
    account: user.account,
    dept_id: roles.deptIds.join(','),
    role_id: roles.roleIds.join(','),
    tenant_id: user.tenantId,
    must_change_password: user.mustChangePassword === 1,
    crypto_key: phoneKey(ctx.jwtSecret, sessionId).toString('base64'),
    license: 'powered by quanyi',
  };
}

/** A new login: a new session (refresh-token family). */
export async function startSession(
  ctx: AppContext,
  user: TokenUser,
  client: TokenClient,
  roles: SessionRoles,
): Promise<TokenResponse> {
  const sessionId = nextId();
  const refreshJti = randomBytes(16).toString('base64url');
  const now = ctx.now();
  const expiresAt = now + client.refreshTokenValidity;
  await ctx.db
    .insertInto('authSession')
    .values({
      id: sessionId,
      userId: user.id,
      tenantId: user.tenantId,
      clientId: client.clientId,
      roleId: roles.roleIds.join(','),
      deptId: roles.deptIds.join(','),
      refreshJti,
      createdAt: now,
      expiresAt,
      revokedAt: null,
      revokeReason: null,
    })
    .execute();
  return mint(ctx, sessionId, refreshJti, user, client, roles, expiresAt);
}

/**
 * Refresh rotation: the session's refresh jti moves on; the old refresh token is spent. The
 * update is conditional on the old jti so two racing refreshes cannot both win.
 */
export async function rotateSession(
  ctx: AppContext,
  sessionId: string,
  presentedJti: string,
  user: TokenUser,
  client: TokenClient,
  roles: SessionRoles,
  expiresAt: number,
): Promise<TokenResponse | undefined> {
  const refreshJti = randomBytes(16).toString('base64url');
  const result = await ctx.db
    .updateTable('authSession')
    .set({ refreshJti, roleId: roles.roleIds.join(','), deptId: roles.deptIds.join(',') })
    .where('id', '=', sessionId)
    .where('refreshJti', '=', presentedJti)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return mint(ctx, sessionId, refreshJti, user, client, roles, expiresAt);
}

export async function revokeSession(
  ctx: AppContext,
  sessionId: string,
  reason: string,
): Promise<void> {
  await ctx.db
    .updateTable('authSession')
    .set({ revokedAt: ctx.now(), revokeReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Logout everywhere: password change, disable, role change, removal. */
export async function revokeUserSessions(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userIds: string[],
  reason: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await ctx.db
    .updateTable('authSession')
    .set({ revokedAt: ctx.now(), revokeReason: reason })
    .where('userId', 'in', userIds)
    .where('revokedAt', 'is', null)
    .execute();
}
