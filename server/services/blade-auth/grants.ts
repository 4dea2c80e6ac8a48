import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError, OAuthError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { param } from '../../lib/params.js';
import { nowText } from '../../lib/time.js';
import {
  assertUsable,
  clearFailures,
  countAttempt,
  LOGIN_USER_COLUMNS,
  sessionRoles,
  type LoginUserRow,
} from './login.js';
import type { SpentCiphertexts } from './password-stamp.js';
import {
  BIND_INVALID,
  exchangeSocialCode,
  issueBindTicket,
  NOT_BOUND,
  SOCIAL_CODE_INVALID,
  SOCIAL_SOURCE,
  spendState,
  ticketHash,
} from './social.js';
import { startSession, type TokenClient, type TokenResponse } from './tokens.js';
import { checkCode, CODE_WRONG, spendCode } from './verification-codes.js';
import { createHash } from 'node:crypto';

const PHONE = /^1\d{10}$/;
export const PHONE_NOT_REGISTERED = '该手机号未注册';
export const PHONE_SHARED = '该手机号对应多个账号，请使用账号密码登录';

function tenantOf(request: FastifyRequest): string {
  const tenantId = param(request, 'tenantId') ?? String(request.headers['tenant-id'] ?? '000000');
  if (!/^\d{6}$/.test(tenantId)) throw new OAuthError(400, CODE_WRONG);
  return tenantId;
}

async function loginTenant(ctx: AppContext, tenantId: string) {
  return ctx.db
    .selectFrom('bladeTenant')
    .select(['expireTime', 'status'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/**
 * grant_type=verify_phone (spec section 4): `phone` and the `code` send-login-validate sent.
 * Wrong codes count toward the same lock-out as wrong passwords (per tenant and `phone:<phone>`),
 * and each code allows five tries. With `bind_ticket` (from a social grant whose open id no user
 * holds) the WeChat account is bound to the phone's user in the same transaction that spends the
 * code, then the user is signed in.
 */
export async function verifyPhoneGrant(
  ctx: AppContext,
  request: FastifyRequest,
  client: TokenClient,
): Promise<TokenResponse> {
  const tenantId = tenantOf(request);
  const phone = (param(request, 'phone') ?? '').trim();
  if (!PHONE.test(phone)) throw new OAuthError(400, '手机号格式不正确');
  const lockKey = `phone:${phone}`;
  await countAttempt(ctx, tenantId, lockKey);
  let codeId: string;
  try {
    codeId = await checkCode(ctx, {
      tenantId,
      channel: 'sms',
      target: phone,
      purpose: 'login',
      code: param(request, 'code'),
    });
  } catch (err) {
    if (err instanceof ApiError) throw new OAuthError(400, CODE_WRONG);
    throw err;
  }
  const users = await ctx.db
    .selectFrom('bladeUser')
    .select(LOGIN_USER_COLUMNS)
    .where('tenantId', '=', tenantId)
    .where('phone', '=', phone)
    .where('isDeleted', '=', 0)
    .limit(2)
    .execute();
  if (users.length === 0) throw new OAuthError(400, PHONE_NOT_REGISTERED);
  if (users.length > 1) throw new OAuthError(400, PHONE_SHARED);
  const user: LoginUserRow = users[0]!;
  await clearFailures(ctx, tenantId, [lockKey]);
  assertUsable(ctx, await loginTenant(ctx, tenantId), user);

  const bindTicket = param(request, 'bind_ticket');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await spendCode(ctx, trx, codeId))) throw new OAuthError(400, CODE_WRONG);
    if (bindTicket === undefined) return;
    const ticket = await trx
      .deleteFrom('authSocialTicket')
      .where('ticketHash', '=', ticketHash(bindTicket))
      .where('kind', '=', 'bind')
      .returning(['tenantId', 'source', 'openId', 'unionId', 'nickname', 'avatar', 'expiresAt'])
      .executeTakeFirst();
    if (!ticket?.openId || ticket.expiresAt <= ctx.now() || ticket.tenantId !== tenantId)
      throw new OAuthError(400, BIND_INVALID);
    const bound = await trx
      .selectFrom('bladeUserOauth')
      .select('userId')
      .where('tenantId', '=', tenantId)
      .where('source', '=', ticket.source)
      .where('openId', '=', ticket.openId)
      .executeTakeFirst();
    if (bound && bound.userId !== user.id) throw new OAuthError(400, '该微信已绑定其他账号');
    if (!bound)
      await trx
        .insertInto('bladeUserOauth')
        .values({
          id: nextId(),
          tenantId,
          userId: user.id,
          source: ticket.source,
          openId: ticket.openId,
          unionId: ticket.unionId,
          nickname: ticket.nickname,
          avatar: ticket.avatar,
          createTime: nowText(),
        })
        .execute();
  });
  return startSession(ctx, user, client, await sessionRoles(ctx, user, request));
}

/**
 * grant_type=social (contract.md 2.9): `source` (wechat), `code`, `state`. The state must be one
 * oauth/render issued to this tenant and not yet spent (CSRF), and the code is accepted once
 * (its digest claimed like a login ciphertext). A bound open id signs its user in; an unbound one
 * answers 400 with a `bind_ticket` for /wx-relate-phone.
 */
export async function socialGrant(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  client: TokenClient,
  spent: SpentCiphertexts,
): Promise<TokenResponse | FastifyReply> {
  const tenantId = tenantOf(request);
  const source = param(request, 'source') ?? '';
  if (source !== SOCIAL_SOURCE) throw new OAuthError(400, '不支持的登录方式');
  const code = param(request, 'code') ?? '';
  const state = param(request, 'state') ?? '';
  await spendState(ctx, state, tenantId);
  if (!code || code.length > 512) throw new OAuthError(400, SOCIAL_CODE_INVALID);
  const now = ctx.now();
  const digest = createHash('sha256').update(`social\0${source}\0${code}`).digest('hex');
  if (!(await spent.claim(digest, now + 24 * 3600, now)))
    throw new OAuthError(400, SOCIAL_CODE_INVALID);
  const profile = await exchangeSocialCode(ctx, code, state);
  const binding = await ctx.db
    .selectFrom('bladeUserOauth')
    .select('userId')
    .where('tenantId', '=', tenantId)
    .where('source', '=', source)
    .where('openId', '=', profile.openId)
    .executeTakeFirst();
  const user = binding
    ? await ctx.db
        .selectFrom('bladeUser')
        .select(LOGIN_USER_COLUMNS)
        .where('id', '=', binding.userId)
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  if (!user) {
    const ticket = await issueBindTicket(ctx, tenantId, profile);
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ error_code: 400, error_description: NOT_BOUND, bind_ticket: ticket });
  }
  assertUsable(ctx, await loginTenant(ctx, tenantId), user);
  return startSession(ctx, user, client, await sessionRoles(ctx, user, request));
}
