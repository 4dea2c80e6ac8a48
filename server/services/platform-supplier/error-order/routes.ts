import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorOrderLifecycle } from '../../../../machines/lifecycles/error-order-machine.js';
import {
  ERROR_ORDER_REMARK_MAX,
  SUP_ERROR_ORDER,
  SUP_ERROR_ORDER_CODES,
  SUP_ERROR_ORDER_EXPORT,
  WARNING_ERROR_ORDER,
  WARNING_GET,
  supErrorOrderContract,
  type ErrorOrderWarning,
} from '../../../../src/contracts/platform-supplier/sup-error-order.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { ApiError, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { requiredParam } from '../../../lib/params.js';
import { nowText } from '../../../lib/time.js';
import { optionalText, parseBody } from '../../../lib/validation.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { reissueOrder } from '../order/fulfil.js';
import { auditErrorOrder, cancelErrorOrder } from '../order/error-order-moves.js';
import { listRoutes, namesOf, yuanAndState } from '../order/list-kit.js';

const shape = yuanAndState(supErrorOrderContract, errorOrderLifecycle.states);

type Row = Record<string, unknown> & { supId: string; goodId: string };

async function userNames(db: Kysely<DB>, tenantId: string, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('bladeUser')
    .select(['id', 'realName', 'account'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.realName || r.account]));
}

export async function presentErrorOrders(ctx: AppContext, user: AuthUser, rows: Row[]) {
  const [names, people] = await Promise.all([
    namesOf(ctx.db, user.tenantId, rows),
    userNames(
      ctx.db,
      user.tenantId,
      rows.flatMap((r) => [r.auditUser as string, r.handleUser as string]),
    ),
  ]);
  return rows.map((r) =>
    shape({
      ...r,
      quantity: Number(r.quantity ?? 0),
      supName: names.supName(r.supId),
      goodName: names.goodName(r.goodId),
      auditUserName: people.get(r.auditUser as string) ?? '',
      handleUserName: people.get(r.handleUser as string) ?? '',
    }),
  );
}

const idField = z.string({ error: 'id:请选择异常订单' }).trim().min(1, '请选择异常订单').max(32);
const actionBody = z.object({
  id: idField,
  remark: optionalText(ERROR_ORDER_REMARK_MAX),
});
const idBody = z.object({ id: idField });

const PHONE = /^1\d{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const THRESHOLD_MESSAGE = '预警阈值须为1到100000的整数';
const list = (pattern: RegExp, message: string) =>
  z
    .union([z.array(z.string()), z.string()], { error: message })
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(/[,，\s]+/)).map((s) => s.trim()).filter(Boolean),
    )
    .refine((v) => v.length <= 10 && v.every((s) => s.length <= 100 && pattern.test(s)), message);
const warningBody = z.object({
  enabled: z
    .union([z.boolean(), z.number(), z.string()])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
  threshold: z.coerce
    .number({ error: THRESHOLD_MESSAGE })
    .int(THRESHOLD_MESSAGE)
    .min(1, THRESHOLD_MESSAGE)
    .max(100000, THRESHOLD_MESSAGE),
  phones: list(PHONE, '通知手机号须为11位手机号，最多10个'),
  emails: list(EMAIL, '通知邮箱格式不正确，最多10个'),
});

const DEFAULT_WARNING: ErrorOrderWarning = {
  enabled: false,
  threshold: 10,
  phones: [],
  emails: [],
};

/**
 * `${SUPPLIER_SERVICE}/sup-error-order` (issue 18 item 3) and the error-order warning settings:
 * list, detail, export-sup-error-order, audit, reissue, resend, cancel; warning/errorOrder,
 * warning/getWarning. Every write is idempotent and asks the error order's lifecycle (409 naming
 * its state), with a conditional update so of concurrent actions one wins.
 */
export default async function supErrorOrderRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${SUP_ERROR_ORDER}`;
  const { codes } = supErrorOrderContract;
  const db = app.ctx.db;

  listRoutes(
    app,
    {
      contract: supErrorOrderContract,
      alias: 'e',
      base: (d, user) =>
        d
          .selectFrom('bladeSupErrorOrder as e')
          .leftJoin('bladeSupOrder as o', (j) =>
            j.onRef('o.id', '=', 'e.orderId').onRef('o.tenantId', '=', 'e.tenantId'),
          )
          .where('e.tenantId', '=', user.tenantId)
          .where('e.isDeleted', '=', 0),
      select: (qb) =>
        qb.selectAll('e').select(['o.clientOrderId', 'o.quantity', 'o.state as orderState']),
      present: (ctx, user, rows) => presentErrorOrders(ctx, user, rows as Row[]),
    },
    SUP_ERROR_ORDER_EXPORT,
  );

  async function errorOrderOf(tenantId: string, id: string) {
    const row = await db
      .selectFrom('bladeSupErrorOrder as e')
      .leftJoin('bladeSupOrder as o', (j) =>
        j.onRef('o.id', '=', 'e.orderId').onRef('o.tenantId', '=', 'e.tenantId'),
      )
      .selectAll('e')
      .select(['o.clientOrderId', 'o.quantity', 'o.state as orderState'])
      .where('e.tenantId', '=', tenantId)
      .where('e.id', '=', id)
      .where('e.isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return { ...row, version: Number(row.version) };
  }
  const answer = async (user: AuthUser, id: string) => {
    const [shown] = await presentErrorOrders(app.ctx, user, [
      (await errorOrderOf(user.tenantId, id)) as Row,
    ]);
    return ok(shown);
  };

  /**
   * reissue and resend: the failed order is fulfilled again (reissueOrder); its success closes
   * this error order (`reissued` / `resent`) in the same transaction. A new failure keeps it
   * audited with the new error and answers 400 with it.
   */
  async function fulfilAgain(user: AuthUser, id: string, event: 'reissue' | 'resend') {
    const row = await errorOrderOf(user.tenantId, id);
    transitionOrConflict(errorOrderLifecycle, row.state, event);
    const result = await reissueOrder(app.ctx, {
      tenantId: user.tenantId,
      orderId: row.orderId,
      userId: user.userId,
      by: { id: row.id, event },
    });
    if (result.error) throw new ApiError(400, result.error);
    return answer(user, row.id);
  }

  app.get(
    `${base}/detail`,
    {
      config: {
        access: perm(codes.menu, SUP_ERROR_ORDER_CODES.view),
        doc: {
          summary: { zh: '异常订单详情', en: 'An error order' },
          query: [{ name: 'id', type: 'string', required: true }],
        },
      },
    },
    async (request) => answer(currentUser(request), requiredParam(request, 'id')),
  );

  const doc = (zh: string, en: string, schema: z.ZodType) => ({
    summary: { zh, en },
    body: { schema },
  });

  app.post(
    `${base}/audit`,
    {
      config: {
        access: perm(SUP_ERROR_ORDER_CODES.audit),
        idempotent: true,
        doc: doc('审核异常订单（待审核 -> 已审核）', 'Audit an error order', actionBody),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(actionBody, request.body);
      await auditErrorOrder(db, {
        tenantId: user.tenantId,
        id: body.id,
        userId: user.userId,
        remark: body.remark ?? null,
      });
      return answer(user, body.id);
    },
  );

  app.post(
    `${base}/reissue`,
    {
      config: {
        access: perm(SUP_ERROR_ORDER_CODES.reissue),
        idempotent: true,
        doc: doc(
          '补发（已审核 -> 已补发）：订单重新发放券码；再次失败时异常订单仍为已审核并记录新原因',
          'Reissue the failed order (audited -> reissued); a new failure keeps it audited',
          idBody,
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = parseBody(idBody, request.body);
      return fulfilAgain(user, id, 'reissue');
    },
  );

  app.post(
    `${base}/resend`,
    {
      config: {
        access: perm(SUP_ERROR_ORDER_CODES.resend),
        idempotent: true,
        doc: doc(
          '重发（已审核 -> 已重发）：失败的订单按原样重新提交发放；再次失败时异常订单仍为已审核并记录新原因',
          'Resend the failed order to fulfilment as it was (audited -> resent); a new failure keeps it audited',
          idBody,
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = parseBody(idBody, request.body);
      return fulfilAgain(user, id, 'resend');
    },
  );

  app.post(
    `${base}/cancel`,
    {
      config: {
        access: perm(SUP_ERROR_ORDER_CODES.cancel),
        idempotent: true,
        doc: doc(
          '取消（已审核 -> 已取消）：订单随之关闭（失败 -> 已关闭），不再补发；未扣款故无需退回',
          'Cancel (audited -> cancelled); the order is closed (failed -> closed) and cannot be reissued',
          actionBody,
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(actionBody, request.body);
      await cancelErrorOrder(db, {
        tenantId: user.tenantId,
        id: body.id,
        userId: user.userId,
        remark: body.remark ?? null,
        remarkMax: ERROR_ORDER_REMARK_MAX,
      });
      return answer(user, body.id);
    },
  );

  // Warning settings of error orders: one JSON row per tenant (kind 'errorOrder').
  async function settingsOf(tenantId: string): Promise<ErrorOrderWarning> {
    const row = await db
      .selectFrom('bladeSupWarningSetting')
      .select('config')
      .where('tenantId', '=', tenantId)
      .where('kind', '=', 'errorOrder')
      .executeTakeFirst();
    if (!row) return DEFAULT_WARNING;
    try {
      return { ...DEFAULT_WARNING, ...(JSON.parse(row.config) as Partial<ErrorOrderWarning>) };
    } catch {
      return DEFAULT_WARNING;
    }
  }
  async function warningState(tenantId: string) {
    const settings = await settingsOf(tenantId);
    const open = await db
      .selectFrom('bladeSupErrorOrder')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', tenantId)
      .where('state', '=', 'open')
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    const openCount = Number(open?.n ?? 0);
    return { ...settings, openCount, over: settings.enabled && openCount >= settings.threshold };
  }

  app.post(
    `/api/${WARNING_ERROR_ORDER}`,
    {
      config: {
        access: perm(SUP_ERROR_ORDER_CODES.warnSetting),
        idempotent: true,
        doc: doc(
          '异常订单预警设置：是否启用、待审核异常订单数阈值、通知手机号与邮箱',
          'Error-order warning settings',
          warningBody,
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(warningBody, request.body);
      const config = JSON.stringify({
        enabled: body.enabled,
        threshold: body.threshold,
        phones: body.phones,
        emails: body.emails,
      });
      const now = nowText();
      await db
        .insertInto('bladeSupWarningSetting')
        .values({
          id: nextId(),
          tenantId: user.tenantId,
          kind: 'errorOrder',
          config,
          updateUser: user.userId,
          updateTime: now,
        })
        .onConflict((oc) =>
          oc.columns(['tenantId', 'kind']).doUpdateSet({
            config,
            updateUser: user.userId,
            updateTime: now,
          }),
        )
        .execute();
      return ok(await warningState(user.tenantId));
    },
  );

  app.get(
    `/api/${WARNING_GET}`,
    {
      config: {
        access: perm(SUP_ERROR_ORDER_CODES.warnSetting, codes.menu, SUP_ERROR_ORDER_CODES.view),
        doc: {
          summary: {
            zh: '异常订单预警：设置、待审核异常订单数及是否超过阈值',
            en: 'Error-order warning: settings, open count, whether over the threshold',
          },
        },
      },
    },
    async (request) => ok(await warningState(currentUser(request).tenantId)),
  );
}
