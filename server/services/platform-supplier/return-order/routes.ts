import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refundLifecycle } from '../../../../machines/lifecycles/refund-machine.js';
import {
  ORDER_REFUND,
  REFUND_REASON_MAX,
  REFUND_REASON_REQUIRED,
  SUP_RETURN_ORDER,
  SUP_RETURN_ORDER_CODES,
  SUP_RETURN_ORDER_EXPORT,
  supReturnOrderContract,
} from '../../../../src/contracts/platform-supplier/sup-return-order.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { ok } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { requiredParam } from '../../../lib/params.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { listRoutes, namesOf, yuanAndState } from '../order/list-kit.js';
import { refundOrder } from '../order/refund.js';

const shape = yuanAndState(supReturnOrderContract, refundLifecycle.states);

type Row = Record<string, unknown> & { supId: string; goodId: string };

export async function presentReturns(ctx: AppContext, user: AuthUser, rows: Row[]) {
  const names = await namesOf(ctx.db, user.tenantId, rows);
  return rows.map((r) =>
    shape({ ...r, supName: names.supName(r.supId), goodName: names.goodName(r.goodId) }),
  );
}

export const QUANTITY_MESSAGE = '退款数量须为正整数';

const refundBody = z.object({
  orderId: z.string({ error: '请选择订单' }).trim().min(1, '请选择订单').max(32, '请选择订单'),
  quantity: z
    .union([z.number(), z.string().trim()], { error: QUANTITY_MESSAGE })
    .optional()
    .transform((v, c) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
        c.addIssue({ code: 'custom', message: QUANTITY_MESSAGE });
        return z.NEVER;
      }
      return n;
    }),
  reason: requiredText(REFUND_REASON_REQUIRED.zh, REFUND_REASON_MAX),
});

/**
 * `${SUPPLIER_SERVICE}/sup-return-order` (issue 18 item 3): list, detail, export, and
 * order-refund (idempotent; the refund machine and the order's lifecycle decide: 409 naming the
 * order's state, 400 saying how many codes are refundable).
 */
export default async function supReturnOrderRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${SUP_RETURN_ORDER}`;
  const { codes } = supReturnOrderContract;

  listRoutes(
    app,
    {
      contract: supReturnOrderContract,
      alias: 'r',
      base: (db, user) =>
        db
          .selectFrom('bladeSupReturnOrder as r')
          .where('r.tenantId', '=', user.tenantId)
          .where('r.isDeleted', '=', 0),
      select: (qb) => qb.selectAll('r'),
      present: (ctx, user, rows) => presentReturns(ctx, user, rows as Row[]),
    },
    SUP_RETURN_ORDER_EXPORT,
  );

  app.get(
    `${base}/detail`,
    {
      config: {
        access: perm(codes.menu, SUP_RETURN_ORDER_CODES.view),
        doc: {
          summary: { zh: '退款订单详情', en: 'A refund order' },
          query: [{ name: 'id', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await app.ctx.db
        .selectFrom('bladeSupReturnOrder')
        .selectAll()
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', requiredParam(request, 'id'))
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw notFound();
      const [shown] = await presentReturns(app.ctx, user, [row]);
      return ok(shown);
    },
  );

  app.post(
    `/api/${ORDER_REFUND}`,
    {
      config: {
        access: perm(SUP_RETURN_ORDER_CODES.refund),
        idempotent: true,
        doc: {
          summary: {
            zh: '订单退款：退回订单中未使用的券码，成本退回原扣款余额',
            en: "Refund an order's unused codes; the cost goes back to the balance charged",
          },
          body: { schema: refundBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(refundBody, request.body);
      const row = await refundOrder(app.ctx, {
        tenantId: user.tenantId,
        orderId: body.orderId,
        quantity: body.quantity,
        reason: body.reason,
        userId: user.userId,
      });
      const [shown] = await presentReturns(app.ctx, user, [row]);
      return ok(shown);
    },
  );
}
