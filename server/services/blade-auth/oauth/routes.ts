import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { z } from 'zod';
import { OAuthError, badRequest } from '../../../lib/errors.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { nextId } from '../../../lib/ids.js';
import { captchaImage } from '../../../lib/captcha.js';
import { verifyJwt } from '../../../lib/jwt.js';
import { param } from '../../../lib/params.js';
import { nowText } from '../../../lib/time.js';
import { PUBLIC, SIGNED_IN, currentUser, permissionCodes } from '../../../auth/index.js';
import type { RouteDocInput } from '../../../lib/api-doc/index.js';
import {
  BAD_CREDENTIALS,
  authenticateClient,
  checkCaptcha,
  clearClientCache,
  sessionRoles,
  verifyCredentials,
} from '../login.js';
import { replayRotation, revokeSession, rotateSession, startSession } from '../tokens.js';
import { openLoginPassword, SpentCiphertexts } from '../password-stamp.js';
import { socialGrant, verifyPhoneGrant } from '../grants.js';
import { socialRoutes } from '../social.js';
import { maskText } from '../../blade-log/mask.js';

const CAPTCHA_SECONDS = 5 * 60;

/**
 * The token endpoint in the API reference (lib/api-doc). Parameters are form fields (the
 * console's way: no credential in a URL) or, as BladeX gateways send them, query parameters.
 */
const TOKEN_DOC: RouteDocInput = {
  summary: { zh: '登录或刷新令牌', en: 'Sign in, or refresh the tokens' },
  clientAuth: true,
  query: [
    {
      name: 'grant_type',
      type: 'string',
      required: true,
      enum: ['password', 'captcha', 'refresh_token', 'verify_phone', 'social'],
      description: { zh: '授权类型', en: 'Grant type' },
    },
    {
      name: 'tenantId',
      type: 'string',
      pattern: '^\\d{6}$',
      description: { zh: '租户编号（默认 000000）', en: 'Tenant id (default 000000)' },
    },
    {
      name: 'username',
      type: 'string',
      maxLength: 45,
      description: { zh: '账号（password/captcha）', en: 'Account (password/captcha grants)' },
    },
    {
      name: 'password',
      type: 'string',
      description: {
        zh: '密码的 RSA-OAEP-SHA256 密文（base64，公钥见 oauth/public-key）',
        en: 'The password as RSA-OAEP-SHA256 ciphertext (base64; key from oauth/public-key)',
      },
    },
    {
      name: 'refresh_token',
      type: 'string',
      description: { zh: '刷新令牌（refresh_token）', en: 'Refresh token (refresh_token grant)' },
    },
    {
      name: 'phone',
      type: 'string',
      pattern: '^1\\d{10}$',
      description: { zh: '手机号（verify_phone）', en: 'Phone (verify_phone grant)' },
    },
    {
      name: 'code',
      type: 'string',
      description: {
        zh: '短信验证码（verify_phone，来自 sms/endpoint/send-login-validate）或第三方授权码（social）',
        en: 'SMS code (verify_phone, from sms/endpoint/send-login-validate) or the provider code (social)',
      },
    },
    {
      name: 'bind_ticket',
      type: 'string',
      description: {
        zh: 'verify_phone：social 未绑定时返回的绑定票据，验证手机号后绑定微信',
        en: 'verify_phone: the ticket an unbound social login answered; binds the WeChat account',
      },
    },
    {
      name: 'source',
      type: 'string',
      enum: ['wechat'],
      description: { zh: '第三方来源（social）', en: 'Provider (social grant)' },
    },
    {
      name: 'state',
      type: 'string',
      description: {
        zh: 'oauth/render 签发的一次性 state（social）',
        en: 'The one-time state oauth/render issued (social)',
      },
    },
    {
      name: 'Captcha-Key',
      in: 'header',
      type: 'string',
      description: { zh: '验证码模式：验证码的 key', en: 'Captcha mode: the captcha key' },
    },
    {
      name: 'Captcha-Code',
      in: 'header',
      type: 'string',
      description: { zh: '验证码模式：输入的验证码', en: 'Captcha mode: the code typed' },
    },
  ],
  response: {
    zh: '令牌 JSON（不带信封）：access_token、refresh_token、expires_in、must_change_password、crypto_key 等；失败为 {error_code, error_description}',
    en: 'Token JSON (no envelope): access_token, refresh_token, expires_in, must_change_password, crypto_key, ...; failures are {error_code, error_description}',
  },
};

/** Debug-log entries the console uploads (spec section 3: type, url, message, stack, info, time). */
const logEntries = z
  .array(
    z.object({
      type: z.string().max(50).default('error'),
      url: z.string().max(2000).default(''),
      message: z.string().max(10_000).default(''),
      stack: z.string().max(20_000).default(''),
      info: z.string().max(10_000).default(''),
      time: z.union([z.string(), z.number()]).transform(String).default(''),
    }),
  )
  .max(200);

export default async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-auth/oauth';
  const spent = new SpentCiphertexts(ctx);

  app.get(`${base}/public-key`, { config: { access: PUBLIC } }, async () =>
    ok({
      publicKey: ctx.rsa.publicKeyBase64,
      pem: ctx.rsa.publicKeyPem,
      algorithm: 'RSA-OAEP',
      hash: 'SHA-256',
      // Login settings the console needs before the form: captcha mode is the server's (CAPTCHA).
      captcha: ctx.config.captcha,
      // The server's clock (epoch seconds): the console stamps login passwords with it
      // (password-stamp.ts), so a browser with a wrong clock still logs in.
      now: ctx.now(),
    }),
  );

  socialRoutes(app, base);

  // Raw {key, image} (contract.md 2.12).
  app.get(
    `${base}/captcha`,
    {
      config: {
        access: PUBLIC,
        rateLimit: { max: ctx.config.captchaRateLimit, timeWindow: '1 minute' },
      },
    },
    async () => {
      const key = randomUUID();
      const code = ctx.captchaText();
      const now = ctx.now();
      await ctx.db.deleteFrom('authCaptcha').where('expiresAt', '<=', now).execute();
      await ctx.db
        .insertInto('authCaptcha')
        .values({ captchaKey: key, code: code.toLowerCase(), expiresAt: now + CAPTCHA_SECONDS })
        .execute();
      return { key, image: captchaImage(code) };
    },
  );

  app.post(
    `${base}/token`,
    {
      config: {
        access: PUBLIC,
        audit: 'login',
        doc: TOKEN_DOC,
        rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const client = await authenticateClient(ctx, request);
      const grantType = param(request, 'grant_type') ?? 'password';
      if (
        !client.grantTypes.includes(grantType) ||
        !['password', 'captcha', 'refresh_token', 'verify_phone', 'social'].includes(grantType)
      ) {
        throw new OAuthError(400, `不支持的授权类型: ${grantType.slice(0, 40)}`);
      }
      if (grantType === 'verify_phone') return verifyPhoneGrant(ctx, request, client);
      if (grantType === 'social') return socialGrant(ctx, request, reply, client, spent);

      if (grantType === 'refresh_token') {
        const claims = verifyJwt(param(request, 'refresh_token') ?? '', ctx.jwtSecret, ctx.now());
        if (
          !claims ||
          claims.token_type !== 'refresh_token' ||
          typeof claims.sid !== 'string' ||
          typeof claims.jti !== 'string' ||
          claims.client_id !== client.clientId
        ) {
          throw new OAuthError(401, '令牌无效或已过期，请重新登录');
        }
        const readSession = (id: string) =>
          ctx.db.selectFrom('authSession').selectAll().where('id', '=', id).executeTakeFirst();
        let session = await readSession(claims.sid);
        if (!session || session.revokedAt !== null || session.expiresAt <= ctx.now()) {
          throw await sessionOver(ctx, session?.userId);
        }
        if (ctx.now() - session.lastUsedAt > ctx.config.sessionIdleSeconds) {
          // Idle limit (SESSION_IDLE_HOURS): not signed in or refreshed for too long.
          await revokeSession(ctx, session.id, 'idle');
          throw new OAuthError(401, '令牌已失效，请重新登录');
        }
        const user = await ctx.db
          .selectFrom('bladeUser')
          .select([
            'id',
            'tenantId',
            'account',
            'name',
            'realName',
            'avatar',
            'status',
            'roleId',
            'deptId',
            'mustChangePassword',
          ])
          .where('id', '=', session.userId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        if (!user || user.status !== 1) {
          await revokeSession(ctx, session.id, 'user-unusable');
          throw await sessionOver(ctx, session.userId);
        }
        if (session.refreshJti === claims.jti) {
          const roles = await sessionRoles(ctx, user, request);
          const rotated = await rotateSession(
            ctx,
            session.id,
            claims.jti,
            user,
            client,
            roles,
            session.expiresAt,
          );
          if (rotated) return rotated;
          // Another refresh of the same token rotated first: answer what it answered.
          session = await readSession(session.id);
          if (!session || session.revokedAt !== null) {
            throw new OAuthError(401, '令牌已失效，请重新登录');
          }
        }
        // The token the last rotation spent, within the grace window: the same new pair.
        const replayed = await replayRotation(ctx, session, claims.jti, user, client);
        if (replayed) return replayed;
        // A spent refresh token came back later: someone holds a copy. End the whole family.
        await revokeSession(ctx, session.id, 'refresh-reuse');
        throw new OAuthError(401, '令牌已失效，请重新登录');
      }

      const tenantId =
        param(request, 'tenantId') ?? String(request.headers['tenant-id'] ?? '000000');
      const account = param(request, 'username') ?? param(request, 'account') ?? '';
      if (!/^\d{6}$/.test(tenantId) || account.length === 0 || account.length > 45) {
        throw new OAuthError(400, BAD_CREDENTIALS);
      }
      // Captcha mode (spec section 9): no password login without a valid, unused captcha.
      if (ctx.config.captcha || grantType === 'captcha') {
        const header = (name: string) => {
          const v = request.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        await checkCaptcha(ctx, header('captcha-key'), header('captcha-code'));
      }
      const plain = await openLoginPassword(ctx, spent, param(request, 'password'));
      const user = await verifyCredentials(ctx, tenantId, account, plain);
      const roles = await sessionRoles(ctx, user, request);
      return startSession(ctx, user, client, roles);
    },
  );

  app.get(
    `${base}/logout`,
    { config: { access: { kind: 'user', duringPasswordChange: true }, audit: 'logout' } },
    async (request) => {
      await revokeSession(ctx, currentUser(request).sessionId, 'logout');
      return okStatus('退出成功');
    },
  );

  // The console ships its local debug log here (spec section 8); this does not log out.
  app.post(
    `${base}/logout`,
    { config: { access: { kind: 'user', duringPasswordChange: true }, audit: 'own' } },
    async (request) => {
      const user = currentUser(request);
      const parsed = logEntries.safeParse(request.body ?? []);
      if (!parsed.success) throw badRequest('日志格式错误');
      const createTime = nowText();
      const rows = parsed.data.map((e) => ({
        id: nextId(),
        tenantId: user.tenantId,
        userId: user.userId,
        ...e,
        // What the browser recorded may quote a request: no credential is stored.
        url: maskText(e.url),
        message: maskText(e.message),
        stack: maskText(e.stack),
        info: maskText(e.info),
        createTime,
      }));
      for (let i = 0; i < rows.length; i += 50)
        await ctx.db
          .insertInto('bladeClientLog')
          .values(rows.slice(i, i + 50))
          .execute();
      return ok({ count: rows.length }, '发送成功');
    },
  );

  app.get(`${base}/user-info`, { config: { access: SIGNED_IN } }, async (request) => {
    const auth = currentUser(request);
    const user = await ctx.db
      .selectFrom('bladeUser')
      .select([
        'id',
        'tenantId',
        'account',
        'name',
        'realName',
        'avatar',
        'email',
        'deptId',
        'roleId',
      ])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    const permissions = [...(await permissionCodes(ctx.db, auth))].sort();
    return ok({
      user_id: user.id,
      tenant_id: user.tenantId,
      account: user.account,
      user_name: user.account,
      nick_name: user.name ?? '',
      real_name: user.realName ?? '',
      avatar: user.avatar ?? '',
      email: user.email ?? '',
      role_id: auth.roleIds.join(','),
      role_name: auth.roleAliases.join(','),
      dept_id: auth.deptIds.join(','),
      is_super_admin: auth.isSuperAdmin,
      permissions,
    });
  });

  app.get(`${base}/clear-cache`, { config: { access: SIGNED_IN } }, async () => {
    clearClientCache();
    return okStatus('清除缓存成功');
  });
}

/**
 * A refresh refused because the session is over. When the account has been disabled the answer
 * says so (`error: account_disabled`), so the console's /login can tell the user why instead of
 * a bare "please sign in again" (issue 16 item 10).
 */
async function sessionOver(ctx: AppContext, userId: string | undefined): Promise<OAuthError> {
  const user = userId
    ? await ctx.db
        .selectFrom('bladeUser')
        .select(['status', 'isDeleted'])
        .where('id', '=', userId)
        .executeTakeFirst()
    : undefined;
  return user && user.isDeleted === 0 && user.status !== 1 && user.status !== 2
    ? new OAuthError(401, '账号已被禁用，请联系管理员', {}, 'account_disabled')
    : new OAuthError(401, '令牌已失效，请重新登录');
}
