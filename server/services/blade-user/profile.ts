import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ID_PHOTO_EXTENSIONS, type IdPhoto } from '../../../src/contracts/auth-profile.js';
import { SIGNED_IN, currentUser } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { okStatus } from '../../lib/envelope.js';
import { badRequest } from '../../lib/errors.js';
import { bodyObject, param } from '../../lib/params.js';
import { parseDateTime, nowText } from '../../lib/time.js';
import { parseBody } from '../../lib/validation.js';
import { sendEmail } from '../blade-auth/email-outbox.js';
import { checkCode, issueCode, spendCode } from '../blade-auth/verification-codes.js';
import { sendPhoneCode } from '../blade-resource/sms/verification.js';
import { EMAIL, PHONE } from './input.js';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `长度不能超过${max}个字符`);

const photos = (message: string) =>
  z
    .array(
      z.object({
        attachId: z.preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          z.string({ error: message }).trim().min(1, message).max(32),
        ),
        name: z.string().max(255).optional().default(''),
        link: z.string().max(2000).optional().default(''),
      }),
      { error: message },
    )
    .min(1, message)
    .max(2, '最多上传2张照片');

/** Spec section 5: the phone check's three messages, in order. */
const phone = z
  .string({ error: '手机号不能为空' })
  .trim()
  .min(1, '手机号不能为空')
  .refine((v) => v.length === 11, '手机号长度不是11位')
  .refine((v) => PHONE.test(v), '手机号格式不正确');

/** Spec section 5 "Profile dialog: all fields required; ID photos required as arrays". */
const profileInput = z.object({
  realName: required('请输入真实姓名', 50),
  name: required('请输入用户名称', 50),
  nativePlace: required('请输入籍贯', 100),
  birthday: z
    .string({ error: '请选择出生日期' })
    .trim()
    .min(1, '请选择出生日期')
    .transform((v, c) => {
      const full = parseDateTime(v);
      if (!full) {
        c.addIssue({ code: 'custom', message: '请选择正确的出生日期' });
        return z.NEVER;
      }
      return full;
    }),
  idCardFront: photos('请上传身份证正面照片'),
  idCardBack: photos('请上传身份证反面照片'),
  phone,
  phoneCode: required('请输入手机验证码', 6),
  email: z
    .string({ error: '请输入邮箱' })
    .trim()
    .min(1, '请输入邮箱')
    .max(100, '长度不能超过100个字符')
    .refine((v) => EMAIL.test(v), '请输入正确的邮箱'),
  emailCode: required('请输入邮箱验证码', 6),
});

/** The attachments of the caller's tenant the photos name, re-read: the client's link is not trusted. */
async function checkedPhotos(
  ctx: AppContext,
  tenantId: string,
  field: string,
  given: { attachId: string }[],
): Promise<IdPhoto[]> {
  const ids = [...new Set(given.map((p) => p.attachId))];
  const rows = await ctx.db
    .selectFrom('bladeAttach')
    .select(['id', 'originalName', 'link', 'extension'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
  if (rows.length !== ids.length) throw badRequest(`${field}:照片不存在，请重新上传`);
  const allowed: readonly string[] = ID_PHOTO_EXTENSIONS;
  if (rows.some((r) => !allowed.includes(r.extension.toLowerCase().replace(/^\./, ''))))
    throw badRequest(`${field}:只能上传 jpg、jpeg、png 格式的照片`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { attachId: r.id, name: r.originalName, link: r.link };
  });
}

/** Reads a stored photo list; anything unreadable is an empty list. */
export function storedPhotos(text: string | null): IdPhoto[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter(
          (p): p is IdPhoto =>
            typeof p === 'object' && p !== null && typeof (p as IdPhoto).attachId === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The profile edit dialog's calls (spec screen 4; issue 16 item 16):
 * - `POST blade-user/send-validate` (`type` phone|email, `target`): a code to the caller's new
 *   phone (SMS outbox) or e-mail address (e-mail outbox), bound to the caller; one a minute per
 *   phone or address, a daily cap.
 * - `POST blade-user/update-profile` (JSON): every field required; the phone and e-mail codes
 *   are checked (five tries each), then spent with the update in one transaction, so a code
 *   works once and a refusal changes nothing.
 */
export function profileRoutes(app: FastifyInstance, base: string): void {
  const ctx = app.ctx;

  app.post(
    `${base}/send-validate`,
    {
      config: {
        access: SIGNED_IN,
        rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const type = param(request, 'type');
      const target = (param(request, 'target') ?? '').trim();
      if (type === 'phone') {
        parseBody(z.object({ phone }), { phone: target });
        await sendPhoneCode(ctx, request, {
          tenantId: user.tenantId,
          phone: target,
          purpose: 'profile',
          userId: user.userId,
          deliver: true,
        });
      } else if (type === 'email') {
        if (!target) throw badRequest('email:请输入邮箱');
        if (target.length > 100 || !EMAIL.test(target)) throw badRequest('email:请输入正确的邮箱');
        const code = await issueCode(ctx, {
          tenantId: user.tenantId,
          channel: 'email',
          target,
          purpose: 'profile',
          userId: user.userId,
          ip: request.ip,
        });
        await sendEmail(ctx, {
          tenantId: user.tenantId,
          email: target,
          subject: '邮箱验证码',
          content: `您的验证码是 ${code}，5分钟内有效。如非本人操作，请忽略本邮件。`,
          userId: user.userId,
        });
      } else {
        throw badRequest('type:验证方式只能是 phone 或 email');
      }
      return okStatus('验证码已发送');
    },
  );

  app.post(`${base}/update-profile`, { config: { access: SIGNED_IN } }, async (request) => {
    const user = currentUser(request);
    const body = parseBody(profileInput, bodyObject(request));
    const front = await checkedPhotos(ctx, user.tenantId, 'idCardFront', body.idCardFront);
    const back = await checkedPhotos(ctx, user.tenantId, 'idCardBack', body.idCardBack);
    const phoneCodeId = await checkCode(ctx, {
      tenantId: user.tenantId,
      channel: 'sms',
      target: body.phone,
      purpose: 'profile',
      userId: user.userId,
      code: body.phoneCode,
      field: 'phoneCode',
    });
    const emailCodeId = await checkCode(ctx, {
      tenantId: user.tenantId,
      channel: 'email',
      target: body.email,
      purpose: 'profile',
      userId: user.userId,
      code: body.emailCode,
      field: 'emailCode',
    });
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await spendCode(ctx, trx, phoneCodeId)))
        throw badRequest('phoneCode:验证码不正确或已过期');
      if (!(await spendCode(ctx, trx, emailCodeId)))
        throw badRequest('emailCode:验证码不正确或已过期');
      await trx
        .updateTable('bladeUser')
        .set((eb) => ({
          realName: body.realName,
          name: body.name,
          nativePlace: body.nativePlace,
          birthday: body.birthday,
          idCardFront: JSON.stringify(front),
          idCardBack: JSON.stringify(back),
          phone: body.phone,
          email: body.email,
          updateUser: user.userId,
          updateTime: nowText(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', user.userId)
        .where('tenantId', '=', user.tenantId)
        .execute();
    });
    return okStatus('修改成功');
  });
}
