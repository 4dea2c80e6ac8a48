import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { signJwt } from '../../lib/jwt.js';
import { nextId } from '../../lib/ids.js';
import { phoneKey } from '../../lib/phone-crypto.js';

/**
 * A refresh token presented again this soon after its rotation gets the same new pair instead
 * of ending the session: two tabs, or a retry after a lost answer, refreshing at once. Short,
 * because within it a copied token is not detected.
 */
export const REFRESH_GRACE_SECONDS = 10;

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

/**
 * The refresh jti a rotation gives, derived from the spent one with the server's key: a repeat
 * within the grace window computes the same jti, and with the rotation's time the same tokens,
 * byte for byte, so nothing secret needs to be stored to answer it.
 */
function derive(ctx: AppContext, purpose: string, sessionId: string, jti: string): string {
  return createHmac('sha256', ctx.jwtSecret)
    .update(`${purpose}\0${sessionId}\0${jti}`)
    .digest('base64url')
    .slice(0, 22);
}

/** `iat` and the access token's jti: the moment and a fresh random id, or a rotation's. */
interface Issue {
  iat: number;
  accessJti: string;
}

function mint(
  ctx: AppContext,
  sessionId: string,
  refreshJti: string,
  user: TokenUser,
  client: TokenClient,
  roles: SessionRoles,
  refreshExpiresAt: number,
  issue: Issue = { iat: ctx.now(), accessJti: randomBytes(12).toString('base64url') },
): TokenResponse {
  const iat = issue.iat;
  const access = signJwt(
    {
      token_type: 'access_token',
      sid: sessionId,
      jti: issue.accessJti,
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
      lastUsedAt: now,
      prevRefreshJti: null,
      rotatedAt: null,
    })
    .execute();
  return mint(ctx, sessionId, refreshJti, user, client, roles, expiresAt);
}

/**
 * Refresh rotation: the session's refresh jti moves on to one derived from the presented one;
 * the old refresh token is spent. The update is conditional on the old jti so two racing
 * refreshes cannot both rotate; the loser is answered by `replayRotation`. A rotation is a use
 * of the session (the idle limit counts from it).
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
  const refreshJti = derive(ctx, 'refresh', sessionId, presentedJti);
  const now = ctx.now();
  const result = await ctx.db
    .updateTable('authSession')
    .set({
      refreshJti,
      prevRefreshJti: presentedJti,
      rotatedAt: now,
      lastUsedAt: now,
      roleId: roles.roleIds.join(','),
      deptId: roles.deptIds.join(','),
    })
    .where('id', '=', sessionId)
    .where('refreshJti', '=', presentedJti)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return mint(ctx, sessionId, refreshJti, user, client, roles, expiresAt, {
    iat: now,
    accessJti: derive(ctx, 'access', sessionId, refreshJti),
  });
}

export interface RotatedSession {
  id: string;
  tenantId: string;
  roleId: string;
  deptId: string;
  refreshJti: string;
  prevRefreshJti: string | null;
  rotatedAt: number | null;
  expiresAt: number;
}

/**
 * The grace window: the refresh token the last rotation spent, presented again within
 * REFRESH_GRACE_SECONDS, gets that rotation's pair again (same claims, same iat, same jtis, so
 * the same tokens) and nothing is revoked. Anything else (later, or a token older than the last
 * rotation) is undefined: the caller treats it as reuse.
 */
export async function replayRotation(
  ctx: AppContext,
  session: RotatedSession,
  presentedJti: string,
  user: TokenUser,
  client: TokenClient,
): Promise<TokenResponse | undefined> {
  if (
    session.prevRefreshJti !== presentedJti ||
    session.rotatedAt === null ||
    ctx.now() - session.rotatedAt > REFRESH_GRACE_SECONDS ||
    session.refreshJti !== derive(ctx, 'refresh', session.id, presentedJti)
  )
    return undefined;
  // The roles the rotation stored, in its order (sessionRoles read them in the same order).
  const roleIds = splitIds(session.roleId);
  const found = roleIds.length
    ? await ctx.db
        .selectFrom('bladeRole')
        .select(['id', 'roleAlias', 'roleName'])
        .where('id', 'in', roleIds)
        .where('tenantId', '=', session.tenantId)
        .execute()
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const roles: SessionRoles = {
    roleIds,
    deptIds: splitIds(session.deptId),
    roleAliases: roleIds.map((id) => byId.get(id)?.roleAlias ?? ''),
    roleNames: roleIds.map((id) => byId.get(id)?.roleName ?? ''),
  };
  return mint(ctx, session.id, session.refreshJti, user, client, roles, session.expiresAt, {
    iat: session.rotatedAt,
    accessJti: derive(ctx, 'access', session.id, session.refreshJti),
  });
}

const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

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
