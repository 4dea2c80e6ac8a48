import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { WechatConfig } from '../../config.js';
import { badRequest, OAuthError } from '../../lib/errors.js';
import { ok } from '../../lib/envelope.js';
import { assertOutboundResolved } from '../../lib/outbound.js';
import { param } from '../../lib/params.js';
import { PUBLIC } from '../../auth/index.js';

/**
 * WeChat login (spec sections 2 and 4, contract.md 2.9; issue 16 item 17). The console's
 * /wx-login asks `oauth/render/wechat` for the provider's address and a `state` (stored here as
 * a one-time ticket, CSRF), the provider sends the browser back to /wx-login with `code` and
 * `state`, and the console calls the token endpoint with grant_type=social. Without WECHAT_APPID
 * the provider is the embedded sandbox: its authorise address is a route of this server that
 * sends the browser straight back with a code for a test open id (`openid`, default
 * `sandbox-openid`); nothing goes over the network. With WECHAT_APPID the real OAuth endpoints
 * (configurable) are called, their hosts checked by lib/outbound.ts.
 */
export const SOCIAL_SOURCE = 'wechat';
export const STATE_SECONDS = 10 * 60;
export const BIND_SECONDS = 10 * 60;
export const SANDBOX_OPEN_ID = 'sandbox-openid';
const OPEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const STATE_INVALID = '登录状态已失效，请重新登录';
export const SOCIAL_CODE_INVALID = '微信授权码无效或已使用，请重新登录';
export const BIND_INVALID = '绑定已失效，请重新使用微信登录';
export const NOT_BOUND = '该微信尚未绑定账号，请先绑定手机号';

export interface SocialProfile {
  openId: string;
  unionId: string | null;
  nickname: string | null;
  avatar: string | null;
}

export const ticketHash = (ticket: string) =>
  createHash('sha256').update(`social-ticket\0${ticket}`).digest('hex');

const sandboxMac = (ctx: Pick<AppContext, 'jwtSecret'>, openId: string, state: string) =>
  createHmac('sha256', ctx.jwtSecret)
    .update(`wx-sandbox\0${openId}\0${state}`)
    .digest('base64url')
    .slice(0, 22);

/** The sandbox's code for an open id and state: deterministic, useless with another state. */
export function sandboxCode(
  ctx: Pick<AppContext, 'jwtSecret'>,
  openId: string,
  state: string,
): string {
  return `sbx.${Buffer.from(openId).toString('base64url')}.${sandboxMac(ctx, openId, state)}`;
}

function sandboxExchange(ctx: AppContext, code: string, state: string): SocialProfile {
  const [tag, encoded, mac] = code.split('.');
  const openId = tag === 'sbx' && encoded ? Buffer.from(encoded, 'base64url').toString() : '';
  const expected = Buffer.from(sandboxMac(ctx, openId, state));
  if (
    !OPEN_ID.test(openId) ||
    !mac ||
    mac.length !== expected.length ||
    !timingSafeEqual(Buffer.from(mac), expected)
  )
    throw new OAuthError(400, SOCIAL_CODE_INVALID);
  return { openId, unionId: null, nickname: `微信用户${openId.slice(-4)}`, avatar: null };
}

async function getJson(ctx: AppContext, address: string): Promise<Record<string, unknown>> {
  const url = new URL(address);
  await assertOutboundResolved(url.hostname, ctx.config.outboundAllowlist);
  const answer = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  const body = (await answer.json()) as unknown;
  if (!answer.ok || !body || typeof body !== 'object') throw new Error('wechat answer');
  return body as Record<string, unknown>;
}

async function wechatExchange(
  ctx: AppContext,
  wechat: WechatConfig,
  code: string,
): Promise<SocialProfile> {
  const token = new URL(wechat.tokenUrl);
  token.search = new URLSearchParams({
    appid: wechat.appId,
    secret: wechat.secret,
    code,
    grant_type: 'authorization_code',
  }).toString();
  let answer: Record<string, unknown>;
  try {
    answer = await getJson(ctx, token.toString());
  } catch {
    throw new OAuthError(400, SOCIAL_CODE_INVALID);
  }
  const openId = typeof answer.openid === 'string' ? answer.openid : '';
  const accessToken = typeof answer.access_token === 'string' ? answer.access_token : '';
  if (!openId || !accessToken) throw new OAuthError(400, SOCIAL_CODE_INVALID);
  const profile: SocialProfile = {
    openId: openId.slice(0, 128),
    unionId: typeof answer.unionid === 'string' ? answer.unionid.slice(0, 128) : null,
    nickname: null,
    avatar: null,
  };
  try {
    const info = new URL(wechat.userInfoUrl);
    info.search = new URLSearchParams({ access_token: accessToken, openid: openId }).toString();
    const user = await getJson(ctx, info.toString());
    if (typeof user.nickname === 'string') profile.nickname = user.nickname.slice(0, 100);
    if (typeof user.headimgurl === 'string' && /^https:\/\//.test(user.headimgurl))
      profile.avatar = user.headimgurl.slice(0, 500);
  } catch {
    // The profile is a nicety: the open id is what logs in.
  }
  return profile;
}

/** The provider's answer for a code: the open id (and the profile when it gives one). */
export function exchangeSocialCode(
  ctx: AppContext,
  code: string,
  state: string,
): Promise<SocialProfile> {
  const wechat = ctx.config.wechat;
  return wechat
    ? wechatExchange(ctx, wechat, code)
    : Promise.resolve(sandboxExchange(ctx, code, state));
}

/** Spends the state an authorisation round trip carried: once, before it expires, same tenant. */
export async function spendState(ctx: AppContext, state: string, tenantId: string): Promise<void> {
  if (!state || state.length > 128) throw new OAuthError(400, STATE_INVALID);
  const row = await ctx.db
    .deleteFrom('authSocialTicket')
    .where('ticketHash', '=', ticketHash(state))
    .where('kind', '=', 'state')
    .returning(['tenantId', 'source', 'expiresAt'])
    .executeTakeFirst();
  if (
    !row ||
    row.expiresAt <= ctx.now() ||
    row.tenantId !== tenantId ||
    row.source !== SOCIAL_SOURCE
  )
    throw new OAuthError(400, STATE_INVALID);
}

/** A one-time ticket for an open id no user holds yet: /wx-relate-phone binds it. */
export async function issueBindTicket(
  ctx: AppContext,
  tenantId: string,
  profile: SocialProfile,
): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  const now = ctx.now();
  await ctx.db.deleteFrom('authSocialTicket').where('expiresAt', '<=', now).execute();
  await ctx.db
    .insertInto('authSocialTicket')
    .values({
      ticketHash: ticketHash(ticket),
      kind: 'bind',
      tenantId,
      source: SOCIAL_SOURCE,
      openId: profile.openId,
      unionId: profile.unionId,
      nickname: profile.nickname,
      avatar: profile.avatar,
      expiresAt: now + BIND_SECONDS,
    })
    .execute();
  return ticket;
}

/** `oauth/render/wechat` and, for the sandbox, its authorise page. */
export function socialRoutes(app: FastifyInstance, base: string): void {
  const ctx = app.ctx;
  const wechat = ctx.config.wechat;

  app.get(
    `${base}/render/:source`,
    {
      config: {
        access: PUBLIC,
        rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: '1 minute' },
        doc: {
          summary: {
            zh: '第三方登录：授权地址与 state（一次性，10分钟）',
            en: 'Social login: the authorise address and a one-time state (10 minutes)',
          },
        },
      },
    },
    async (request) => {
      const { source } = request.params as { source: string };
      if (source !== SOCIAL_SOURCE) throw badRequest('source:不支持的登录方式');
      const tenantId =
        param(request, 'tenantId') ?? String(request.headers['tenant-id'] ?? '000000');
      if (!/^\d{6}$/.test(tenantId)) throw badRequest('tenantId:租户编号格式不正确');
      const state = randomBytes(24).toString('base64url');
      const now = ctx.now();
      await ctx.db.deleteFrom('authSocialTicket').where('expiresAt', '<=', now).execute();
      await ctx.db
        .insertInto('authSocialTicket')
        .values({
          ticketHash: ticketHash(state),
          kind: 'state',
          tenantId,
          source,
          openId: null,
          unionId: null,
          nickname: null,
          avatar: null,
          expiresAt: now + STATE_SECONDS,
        })
        .execute();
      let url: string;
      if (wechat) {
        const authorize = new URL(wechat.authorizeUrl);
        authorize.search = new URLSearchParams({
          appid: wechat.appId,
          redirect_uri: wechat.redirectUri,
          response_type: 'code',
          scope: 'snsapi_login',
          state,
        }).toString();
        authorize.hash = 'wechat_redirect';
        url = authorize.toString();
      } else {
        url = `${base}/sandbox/${SOCIAL_SOURCE}/authorize?${new URLSearchParams({ state })}`;
      }
      return ok({ url, state, sandbox: !wechat });
    },
  );

  if (!wechat) {
    // The sandbox provider: "authorises" at once and sends the browser back to the console's
    // /wx-login (a fixed path: no open redirect) with a code for the test open id.
    app.get(
      `${base}/sandbox/${SOCIAL_SOURCE}/authorize`,
      {
        config: {
          access: PUBLIC,
          rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: '1 minute' },
        },
      },
      async (request, reply) => {
        const state = param(request, 'state') ?? '';
        const openId = param(request, 'openid') ?? SANDBOX_OPEN_ID;
        if (!state || state.length > 128 || !OPEN_ID.test(openId)) throw badRequest('参数错误');
        const query = new URLSearchParams({ code: sandboxCode(ctx, openId, state), state });
        return reply.header('cache-control', 'no-store').redirect(`/wx-login?${query}`, 302);
      },
    );
  }
}
