import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { couponCodeLifecycle } from '../../../../machines/lifecycles/coupon-code-machine.js';
import { supOrderLifecycle } from '../../../../machines/lifecycles/sup-order-machine.js';
import {
  SUP_ORDER,
  SUP_ORDER_CODES,
  SUP_ORDER_EXPORT,
  supOrderContract,
} from '../../../../src/contracts/platform-supplier/sup-order.js';
import { REFUNDED_STATE } from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import { currentUser, perm, permissionCodes, type AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { ok } from '../../../lib/envelope.js';
import { ApiError, notFound } from '../../../lib/errors.js';
import { chunks } from '../../../lib/chunks.js';
import { requiredParam } from '../../../lib/params.js';
import { parseBody } from '../../../lib/validation.js';
import { maskCode, openCode } from '../coupon-code/code-crypto.js';
import { orderRow, reissueOrder, resendOrder, type FulfilOutcome } from './fulfil.js';
import { listRoutes, namesOf, yuanAndState } from './list-kit.js';

/** Codes needed to see an order's codes in full: the order's view AND the code stock's view. */
export const FULL_CODE_CODES = [SUP_ORDER_CODES.view, 'code_batch_view'] as const;

const shape = yuanAndState(supOrderContract, supOrderLifecycle.states);
const codeShape = (state: string) => couponCodeLifecycle.states[state as 'unused']?.zh ?? state;

type Row = Record<string, unknown> & { supId: string; goodId: string };

/**
 * What the client got back per order (fen): the sum of its refunded return orders'
 * actual_amount (one grouped query per 500 orders, on the return orders' (tenant, order) index).
 * The order's own refunded_amount is the cost credited back to the balance, not this.
 */
async function refundedToClient(ctx: AppContext, tenantId: string, ids: readonly string[]) {
  const out = new Map<string, number>();
  for (const part of chunks([...new Set(ids)])) {
    const sums = await ctx.db
      .selectFrom('bladeSupReturnOrder')
      .select(['orderId', sql<number | string>`coalesce(sum(actual_amount), 0)`.as('actual')])
      .where('tenantId', '=', tenantId)
      .where('orderId', 'in', part)
      .where('state', '=', REFUNDED_STATE)
      .where('isDeleted', '=', 0)
      .groupBy('orderId')
      .execute();
    for (const s of sums) out.set(s.orderId, Number(s.actual));
  }
  return out;
}

/** Orders as the wire has them: names, state label, what the client got back, yuan. */
export async function presentOrders(ctx: AppContext, user: AuthUser, rows: Row[]) {
  const [names, back] = await Promise.all([
    namesOf(ctx.db, user.tenantId, rows),
    refundedToClient(
      ctx,
      user.tenantId,
      rows.map((r) => String(r.id)),
    ),
  ]);
  return rows.map((r) =>
    shape({
      ...r,
      supName: names.supName(r.supId),
      goodName: names.goodName(r.goodId),
      codeCount: Number(r.codeCount ?? 0),
      refundedActualAmount: back.get(String(r.id)) ?? 0,
    }),
  );
}

const idBody = z.object({ id: z.string({ error: 'id:请选择订单' }).trim().min(1, '请选择订单') });

/**
 * `${SUPPLIER_SERVICE}/sup-order` (issue 18 item 3): list (with each order's code count),
 * detail/get (with its codes), export-sup-order, reissue, resend. Orders are the tenant's
 * (another tenant's id: 404); reissue and resend are idempotent and checked by the order's
 * lifecycle (409 naming its state).
 */
export default async function supOrderRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${SUP_ORDER}`;
  const { codes } = supOrderContract;
  const READ = perm(codes.menu, SUP_ORDER_CODES.view);

  listRoutes(
    app,
    {
      contract: supOrderContract,
      alias: 'o',
      base: (db, user) =>
        db
          .selectFrom('bladeSupOrder as o')
          .where('o.tenantId', '=', user.tenantId)
          .where('o.isDeleted', '=', 0),
      select: (qb) =>
        qb
          .selectAll('o')
          .select(
            sql<number>`(select count(*) from blade_sup_coupon_code c where c.tenant_id = o.tenant_id and c.order_id = o.id)`.as(
              'codeCount',
            ),
          ),
      present: (ctx, user, rows) => presentOrders(ctx, user, rows as Row[]),
      answerCache: [
        'blade_sup_order',
        'blade_sup_coupon_code',
        'blade_sup_return_order',
        'blade_sup',
        'blade_sup_good',
      ],
    },
    SUP_ORDER_EXPORT,
  );

  async function detail(request: FastifyRequest) {
    const user = currentUser(request);
    const order = await orderRow(app.ctx.db, user.tenantId, requiredParam(request, 'id'));
    if (!order) throw notFound();
    const rows = await app.ctx.db
      .selectFrom('bladeSupCouponCode')
      .select([
        'id',
        'codeCipher',
        'codeMask',
        'pinCipher',
        'state',
        'validEnd',
        'issueTime',
        'usedTime',
      ])
      .where('tenantId', '=', user.tenantId)
      .where('orderId', '=', order.id)
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .execute();
    const granted = user.isSuperAdmin ? undefined : await permissionCodes(app.ctx.db, user);
    const full = !granted || FULL_CODE_CODES.every((c) => granted.has(c));
    const [shown] = await presentOrders(app.ctx, user, [{ ...order, codeCount: rows.length }]);
    return ok({
      ...shown,
      codes: rows.map((c) => ({
        id: c.id,
        code: full ? openCode(app.ctx, c.codeCipher) : c.codeMask,
        pin: c.pinCipher
          ? full
            ? openCode(app.ctx, c.pinCipher)
            : maskCode(openCode(app.ctx, c.pinCipher))
          : null,
        masked: !full,
        state: c.state,
        stateName: codeShape(c.state),
        validEnd: c.validEnd,
        issueTime: c.issueTime,
        usedTime: c.usedTime,
      })),
    });
  }
  for (const call of ['detail', 'get'])
    app.get(
      `${base}/${call}`,
      {
        config: {
          access: READ,
          doc: {
            summary: {
              zh: '供应商订单详情（含券码；同时拥有订单查看与券码查看权限者可见完整券码）',
              en: 'An order with its codes (in full with both the order view and code view buttons)',
            },
            query: [{ name: 'id', type: 'string', required: true }],
          },
        },
      },
      detail,
    );

  /** The outcome of a reissue: the order; a failure is a 400 with its reason (the order is saved). */
  const outcome = async (user: AuthUser, result: FulfilOutcome) => {
    if (result.error) throw new ApiError(400, result.error);
    const [shown] = await presentOrders(app.ctx, user, [
      { ...result.order, codeCount: result.codes.length },
    ]);
    return ok(shown);
  };

  app.post(
    `${base}/reissue`,
    {
      config: {
        access: perm(SUP_ORDER_CODES.reissue),
        idempotent: true,
        doc: {
          summary: {
            zh: '补发：失败的订单重新发放券码（同一订单，发放次数+1）',
            en: 'Reissue a failed order in place',
          },
          body: { schema: idBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = parseBody(idBody, request.body);
      return outcome(
        user,
        await reissueOrder(app.ctx, { tenantId: user.tenantId, orderId: id, userId: user.userId }),
      );
    },
  );

  app.post(
    `${base}/resend`,
    {
      config: {
        access: perm(SUP_ORDER_CODES.resend),
        idempotent: true,
        doc: {
          summary: {
            zh: '重发：成功或部分退款的订单再次下发券码（记录发放次数）',
            en: 'Resend the codes of a successful order',
          },
          body: { schema: idBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = parseBody(idBody, request.body);
      const order = await resendOrder(app.ctx, {
        tenantId: user.tenantId,
        orderId: id,
        userId: user.userId,
      });
      const [shown] = await presentOrders(app.ctx, user, [order]);
      return ok(shown);
    },
  );
}
