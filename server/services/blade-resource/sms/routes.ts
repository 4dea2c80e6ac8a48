import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { param } from '../../../lib/params.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { currentUser, perm } from '../../../auth/index.js';
import { enabledSetting, enableRoutes } from '../settings.js';
import { smsDriverFor } from './driver.js';
import smsTable from './table.js';
import { sendLoginValidateRoute } from './verification.js';

/** Spec section 9: a phone is 11 digits starting with 1 (mainland mobile). */
const PHONE = /^1\d{10}$/;
export const MAX_PHONES = 100;
const MAX_PARAMS = 20;
const PARAM_KEY = /^[A-Za-z0-9_]{1,32}$/;
const PARAM_VALUE_MAX = 200;
const PARAMS_MESSAGE = 'params:短信参数必须是JSON对象，例如 {"code":"1234"}';

function bodyField(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** `phones`: comma-joined (a JSON body may send an array); each a mobile number, no repeats. */
export function parsePhones(raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.map(String).join(',') : typeof raw === 'string' ? raw : '';
  const phones = [
    ...new Set(
      text
        .split(/[\s,，;；]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (phones.length === 0) throw badRequest('phones:请输入手机号');
  if (phones.length > MAX_PHONES) throw badRequest(`phones:一次最多发送${MAX_PHONES}个手机号`);
  const bad = phones.find((p) => !PHONE.test(p));
  if (bad !== undefined) throw badRequest(`phones:手机号格式不正确: ${bad.slice(0, 20)}`);
  return phones;
}

/** `params`: a JSON object (text, or an object in a JSON body) of short scalar values. */
export function parseParams(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(PARAMS_MESSAGE);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(PARAMS_MESSAGE);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_PARAMS) throw badRequest(`params:短信参数最多${MAX_PARAMS}个`);
  const out: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (!PARAM_KEY.test(key)) throw badRequest(PARAMS_MESSAGE);
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw badRequest(PARAMS_MESSAGE);
    const s = String(v);
    if (s.length > PARAM_VALUE_MAX)
      throw badRequest(`params:短信参数值长度不能超过${PARAM_VALUE_MAX}个字符`);
    out[key] = s;
  }
  return out;
}

/**
 * blade-resource/sms: the settings (table.ts), enable/disable (one enabled per tenant) and
 * `endpoint/send-message` (code, phones, params): the setting named by `code` (its resource code),
 * else the tenant's enabled one, sends the template to every phone through its driver (the
 * embedded outbox). Sending needs `sms_edit`: the menu has no button of its own for it.
 */
export default async function smsRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(smsTable)(app);
  const base = '/api/blade-resource/sms';
  enableRoutes(app, base, 'bladeSms', 'sms_enable');
  sendLoginValidateRoute(app, base);

  app.post(
    `${base}/endpoint/send-message`,
    { config: { access: perm('sms_edit') } },
    async (request) => {
      const user = currentUser(request);
      const db = app.ctx.db;
      const phones = parsePhones(bodyField(request, 'phones') ?? param(request, 'phones'));
      const params = parseParams(
        typeof bodyField(request, 'params') === 'object'
          ? bodyField(request, 'params')
          : param(request, 'params'),
      );
      const code = param(request, 'code');
      const setting = code
        ? await db
            .selectFrom('bladeSms')
            .selectAll()
            .where('tenantId', '=', user.tenantId)
            .where('smsCode', '=', code)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
        : await enabledSetting(db, 'bladeSms', user.tenantId);
      if (!setting) throw badRequest(code ? '短信配置不存在' : '未启用短信配置');
      await smsDriverFor(setting).send(db, {
        tenantId: user.tenantId,
        setting,
        phones,
        params,
        userId: user.userId,
      });
      return ok({ success: true, count: phones.length }, '发送成功');
    },
  );
}
