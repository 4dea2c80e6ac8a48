import { sql } from 'kysely';
import {
  CREDIT_CODE_PATTERN,
  enterpriseRegisterContract as contract,
  REJECT_REASON_MAX,
  SUP_CODE_MAX,
  SUP_CODE_PATTERN,
  type EnterpriseRegisterState,
} from '../../../../src/contracts/platform-supplier/enterprise-register.js';
import type { AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { ApiError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { z } from 'zod';
import { openContactPhone, sealContactPhone } from '../sup/contact-phone.js';
import { stateName } from './table.js';

/** The tenant an application is for: an existing, enabled one (like register-guest). */
async function applicantTenant(ctx: AppContext, tenantId: string | undefined): Promise<string> {
  const id = tenantId?.trim() ?? '';
  const tenant = /^\d{6}$/.test(id)
    ? await ctx.db
        .selectFrom('bladeTenant')
        .select('tenantId')
        .where('tenantId', '=', id)
        .where('isDeleted', '=', 0)
        .where('status', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (!tenant) throw badRequest('租户信息错误!');
  return tenant.tenantId;
}

/** Captcha mode: one valid, unused answer (deleted on first use, right or wrong). */
export async function checkApplicationCaptcha(
  ctx: AppContext,
  key: string | undefined,
  code: string | undefined,
): Promise<void> {
  if (!key || !code) throw badRequest('验证码不正确');
  const row = await ctx.db
    .deleteFrom('authCaptcha')
    .where('captchaKey', '=', key)
    .returning(['code', 'expiresAt'])
    .executeTakeFirst();
  if (!row || row.expiresAt <= ctx.now() || row.code !== code.trim().toLowerCase()) {
    throw badRequest('验证码不正确');
  }
}

/**
 * A supplier's application (public). The credit code is taken in capitals; a second application
 * with a credit code that is already waiting for review in the tenant is refused (409).
 */
export async function submitApplication(
  ctx: AppContext,
  tenantId: string | undefined,
  body: unknown,
): Promise<string> {
  const tenant = await applicantTenant(ctx, tenantId);
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const creditCode = (raw as { creditCode?: unknown }).creditCode;
  const input = parseBody(contract.input, {
    ...raw,
    ...(typeof creditCode === 'string' ? { creditCode: creditCode.trim().toUpperCase() } : {}),
  });
  if (!CREDIT_CODE_PATTERN.test(input.creditCode)) {
    throw badRequest(`creditCode:${contract.fields.creditCode.pattern.message.zh}`);
  }
  const waiting = await ctx.db
    .selectFrom('bladeSupEnterpriseRegister')
    .select('id')
    .where('tenantId', '=', tenant)
    .where('creditCode', '=', input.creditCode)
    .where('state', '=', 'pending')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (waiting) throw conflict('creditCode:该统一社会信用代码已有待审核的申请');
  const id = nextId();
  await ctx.db
    .insertInto('bladeSupEnterpriseRegister')
    .values({
      id,
      tenantId: tenant,
      companyName: input.companyName,
      creditCode: input.creditCode,
      contactName: input.contactName,
      contactPhone: sealContactPhone(ctx, input.contactPhone) ?? '',
      email: input.email,
      supplyType: input.supplyType,
      remark: input.remark ?? null,
      state: 'pending',
      rejectReason: null,
      supId: null,
      auditUser: null,
      auditTime: null,
      ...insertAudit(null, nowText()),
      version: 1,
    })
    .execute();
  return id;
}

const versionInput = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
  z.number({ error: '参数格式错误: version' }).int('参数格式错误: version').optional(),
);
const idInput = z
  .string({ error: '缺少必要的请求参数: id' })
  .regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误: id');

const approveInput = z.object({
  id: idInput,
  version: versionInput,
  supCode: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : String(v).trim()),
    z
      .string()
      .max(SUP_CODE_MAX, `长度不能超过${SUP_CODE_MAX}个字符`)
      .regex(SUP_CODE_PATTERN, '供应商编码只能包含字母、数字、下划线和短横线')
      .optional(),
  ),
  settlementType: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 1 : Number(v)),
    z
      .number({ error: '请选择结算方式' })
      .int('请选择结算方式')
      .min(1, '请选择结算方式')
      .max(2, '请选择结算方式'),
  ),
});

const rejectInput = z.object({
  id: idInput,
  version: versionInput,
  reason: z
    .string({ error: '请输入驳回原因' })
    .trim()
    .min(1, '请输入驳回原因')
    .max(REJECT_REASON_MAX, `长度不能超过${REJECT_REASON_MAX}个字符`),
});

/** The 409 of a review of an application that is no longer pending, naming where it stands. */
function notPending(state: string): ApiError {
  return conflict(`该申请${stateName(state)}，不能再审核`);
}

const SUP_CODE_TAKEN = 'supCode:供应商编码已存在';

/** A unique violation of blade_sup's live codes (migration 027; PostgreSQL 23505, SQLite). */
function isCodeClash(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code === '23505') return e.constraint === 'blade_sup_code_live';
  return (
    typeof e?.message === 'string' &&
    e.message.includes('UNIQUE constraint failed: blade_sup.tenant_id, blade_sup.sup_code')
  );
}

/** A generated supplier code: SUP + the date + 6 characters of a fresh id. */
function generatedSupCode(): string {
  const date = nowText().slice(0, 10).replaceAll('-', '');
  return `SUP${date}${nextId().slice(-6)}`;
}

/**
 * Marks a pending application `approved` or `rejected` with one conditional update (state and,
 * when given, version), so of two reviews at once exactly one changes it; the loser learns the
 * state it found (409) or that its copy was stale.
 */
async function claimReview(
  db: AppContext['db'],
  user: AuthUser,
  id: string,
  version: number | undefined,
  set: { state: EnterpriseRegisterState; supId?: string; rejectReason?: string },
): Promise<void> {
  const now = nowText();
  let q = db
    .updateTable('bladeSupEnterpriseRegister')
    .set({
      ...set,
      auditUser: user.userId,
      auditTime: now,
      updateUser: user.userId,
      updateTime: now,
      version: sql<number>`version + 1`,
    })
    .where('tenantId', '=', user.tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .where('state', '=', 'pending');
  if (version !== undefined) q = q.where('version', '=', version);
  const result = await q.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const found = await db
    .selectFrom('bladeSupEnterpriseRegister')
    .select(['state', 'version'])
    .where('tenantId', '=', user.tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw notFound();
  if (found.state !== 'pending') throw notPending(found.state);
  throw conflict('数据已被其他用户修改，请刷新后重试');
}

/**
 * Approve: in one transaction the application is claimed (pending -> approved) and becomes a
 * supplier of the tenant (blade_sup: name, contact, supply type from the application; the code
 * entered by the approver or generated; settlement type chosen, prepaid by default; enabled,
 * sandbox driver). A code already used in the tenant is 409 `supCode:供应商编码已存在`, and
 * nothing is changed.
 */
export async function approveApplication(
  ctx: AppContext,
  user: AuthUser,
  body: unknown,
): Promise<{ id: string; supId: string; supCode: string }> {
  const input = parseBody(approveInput, body);
  const supCode = input.supCode ?? generatedSupCode();
  return ctx.db.transaction().execute(async (trx) => {
    const app = await trx
      .selectFrom('bladeSupEnterpriseRegister')
      .select(['companyName', 'contactName', 'contactPhone', 'supplyType', 'remark', 'state'])
      .where('tenantId', '=', user.tenantId)
      .where('id', '=', input.id)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!app) throw notFound();
    if (app.state !== 'pending') throw notPending(app.state);
    const supId = nextId();
    await claimReview(trx, user, input.id, input.version, { state: 'approved', supId });
    const taken = await trx
      .selectFrom('bladeSup')
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .where('supCode', '=', supCode)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (taken) throw conflict(SUP_CODE_TAKEN);
    await trx
      .insertInto('bladeSup')
      .values({
        id: supId,
        tenantId: user.tenantId,
        supCode,
        supName: app.companyName,
        shortName: null,
        contactName: app.contactName,
        // Stored sealed on both tables: opened from the application, sealed anew for the supplier.
        contactPhone: sealContactPhone(ctx, openContactPhone(ctx, app.contactPhone)),
        settlementType: input.settlementType,
        supplyType: app.supplyType,
        driver: 'sandbox',
        interfaceEndpoint: null,
        interfaceKey: null,
        interfaceSecret: null,
        remark: app.remark,
        ...insertAudit(user, nowText()),
        version: 1,
      })
      .execute()
      .catch((error: unknown) => {
        // Another approval or supplier save took the code since the check: the live-code index.
        throw isCodeClash(error) ? conflict(SUP_CODE_TAKEN) : error;
      });
    return { id: input.id, supId, supCode };
  });
}

export async function rejectApplication(ctx: AppContext, user: AuthUser, body: unknown) {
  const input = parseBody(rejectInput, body);
  await claimReview(ctx.db, user, input.id, input.version, {
    state: 'rejected',
    rejectReason: input.reason,
  });
}
