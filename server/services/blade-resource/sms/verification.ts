import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { okStatus } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { param } from '../../../lib/params.js';
import { PUBLIC } from '../../../auth/index.js';
import { issueCode, type CodePurpose } from '../../blade-auth/verification-codes.js';
import { enabledSetting } from '../settings.js';
import { smsDriverFor, type SmsMessage } from './driver.js';

/** Spec section 9: a phone is 11 digits starting with 1 (mainland mobile). */
export const PHONE = /^1\d{10}$/;

/**
 * The platform's default SMS setting for verification codes, used when the tenant has no
 * enabled one: the embedded server sends nothing over the network (the outbox driver records
 * the message), so a login by phone works out of the box. A tenant that enables its own setting
 * sends with that one.
 */
export const DEFAULT_CODE_SETTING: SmsMessage['setting'] = {
  id: '0',
  smsCode: 'platform-verify',
  category: 0,
  templateId: 'login-validate',
  signName: '权益平台',
};

/** Sends a verification code to one phone with the tenant's enabled setting, else the default. */
export async function sendCodeSms(
  ctx: AppContext,
  tenantId: string,
  phone: string,
  code: string,
  userId: string,
): Promise<void> {
  const setting = (await enabledSetting(ctx.db, 'bladeSms', tenantId)) ?? DEFAULT_CODE_SETTING;
  await smsDriverFor(setting).send(ctx.db, {
    tenantId,
    setting,
    phones: [phone],
    params: { code, minutes: '5' },
    userId,
  });
}

/** Issues a code for `phone` and sends it (when `deliver`); 429 when a send limit refuses it. */
export async function sendPhoneCode(
  ctx: AppContext,
  request: FastifyRequest,
  options: {
    tenantId: string;
    phone: string;
    purpose: CodePurpose;
    userId?: string;
    deliver: boolean;
  },
): Promise<void> {
  const code = await issueCode(ctx, {
    tenantId: options.tenantId,
    channel: 'sms',
    target: options.phone,
    purpose: options.purpose,
    userId: options.userId,
    ip: request.ip,
  });
  if (options.deliver)
    await sendCodeSms(ctx, options.tenantId, options.phone, code, options.userId ?? '');
}

/**
 * `endpoint/send-login-validate` (spec section 7): the code for a login by phone (verify_phone)
 * and for binding a WeChat account, so it is public. Parameters `phone` and `tenantId` (or the
 * Tenant-Id header). The answer is the same whether or not a user of the tenant has that phone
 * (nothing is told about who is registered, and strangers' phones get no message); the send
 * limits apply either way.
 */
export function sendLoginValidateRoute(app: FastifyInstance, base: string): void {
  const ctx = app.ctx;
  app.post(
    `${base}/endpoint/send-login-validate`,
    {
      config: {
        access: PUBLIC,
        rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: '1 minute' },
        doc: {
          summary: {
            zh: '发送登录验证码（手机号登录、绑定微信）：同一手机号60秒一次，每日上限',
            en: 'Send a login code (phone login, WeChat binding): one a minute per phone, a daily cap',
          },
          query: [
            {
              name: 'phone',
              type: 'string',
              required: true,
              pattern: '^1\\d{10}$',
              description: { zh: '手机号', en: 'Phone' },
            },
            {
              name: 'tenantId',
              type: 'string',
              pattern: '^\\d{6}$',
              description: { zh: '租户编号（默认 000000）', en: 'Tenant id (default 000000)' },
            },
          ],
        },
      },
    },
    async (request) => {
      const phone = (param(request, 'phone') ?? '').trim();
      if (!phone) throw badRequest('phone:手机号不能为空');
      if (!PHONE.test(phone)) throw badRequest('phone:手机号格式不正确');
      const tenantId =
        param(request, 'tenantId') ?? String(request.headers['tenant-id'] ?? '000000');
      if (!/^\d{6}$/.test(tenantId)) throw badRequest('tenantId:租户编号格式不正确');
      const holder = await ctx.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('phone', '=', phone)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      await sendPhoneCode(ctx, request, {
        tenantId,
        phone,
        purpose: 'login',
        deliver: holder !== undefined,
      });
      return okStatus('验证码已发送');
    },
  );
}
