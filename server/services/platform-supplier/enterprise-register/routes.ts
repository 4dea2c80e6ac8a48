import type { FastifyInstance } from 'fastify';
import { enterpriseRegisterContract as contract } from '../../../../src/contracts/platform-supplier/enterprise-register.js';
import { currentUser, perm, PUBLIC } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { param } from '../../../lib/params.js';
import { tableRoutes } from '../../../lib/table/index.js';
import {
  approveApplication,
  checkApplicationCaptcha,
  rejectApplication,
  submitApplication,
} from './repository.js';
import table from './table.js';

/** Applications a public address may send in an hour (a form a person fills in, not a feed). */
export const SUBMITS_PER_HOUR = 5;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * enterprise-register (issue 17 item 5): `submit` is public (the sign-up page), rate-limited per
 * address and captcha-checked in captcha mode (CAPTCHA, like /login: `Captcha-Key` and
 * `Captcha-Code` headers); the review is the tenant's own: list and detail are the engine's
 * (table.ts, the screen's menu or view code), approve and reject behind `enterprise_register_audit`.
 */
export default async function enterpriseRegisterRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(table));
  const ctx = app.ctx;
  const base = `/api/${contract.service}`;
  const audit = perm('enterprise_register_audit');

  app.post(
    `${base}/submit`,
    {
      config: {
        access: PUBLIC,
        rateLimit: { max: SUBMITS_PER_HOUR, timeWindow: '1 hour' },
        doc: {
          summary: {
            zh: '企业注册申请（公开，按地址限流，验证码模式下需验证码）',
            en: 'Apply as a supplier (public, rate-limited per address, captcha in captcha mode)',
          },
          query: [
            { name: 'tenantId', type: 'string', required: true },
            { name: 'Captcha-Key', in: 'header', type: 'string' },
            { name: 'Captcha-Code', in: 'header', type: 'string' },
          ],
          body: { schema: contract.input },
        },
      },
    },
    async (request) => {
      if (ctx.config.captcha) {
        await checkApplicationCaptcha(
          ctx,
          header(request.headers['captcha-key']),
          header(request.headers['captcha-code']),
        );
      }
      const id = await submitApplication(ctx, param(request, 'tenantId'), request.body);
      return ok({ id }, '提交成功，请等待审核');
    },
  );

  app.post(
    `${base}/approve`,
    {
      config: {
        access: audit,
        idempotent: true,
        doc: {
          summary: {
            zh: '通过申请：创建供应商（编码可填，空则生成）',
            en: 'Approve: the application becomes a supplier (code entered or generated)',
          },
          query: [
            { name: 'id', type: 'string', required: true },
            { name: 'version', type: 'integer' },
            { name: 'supCode', type: 'string', maxLength: 32 },
            { name: 'settlementType', type: 'integer' },
          ],
        },
      },
    },
    async (request) => {
      const answer = await approveApplication(ctx, currentUser(request), reviewBody(request));
      return ok(answer, '审核通过');
    },
  );

  app.post(
    `${base}/reject`,
    {
      config: {
        access: audit,
        doc: {
          summary: { zh: '驳回申请（须填原因）', en: 'Reject with a reason' },
          query: [
            { name: 'id', type: 'string', required: true },
            { name: 'version', type: 'integer' },
            { name: 'reason', type: 'string', required: true, maxLength: 500 },
          ],
        },
      },
    },
    async (request) => {
      await rejectApplication(ctx, currentUser(request), reviewBody(request));
      return ok({}, '已驳回');
    },
  );
}

/** The review's parameters from the query string or the body (BladeX's @RequestParam). */
function reviewBody(request: import('fastify').FastifyRequest): Record<string, string | undefined> {
  return Object.fromEntries(
    ['id', 'version', 'supCode', 'settlementType', 'reason'].map((name) => [
      name,
      param(request, name),
    ]),
  );
}
