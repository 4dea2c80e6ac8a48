import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CLIENT_ORDER,
  CLIENT_ORDER_CODES,
  USER_ORDER,
} from '../../../../src/contracts/platform-client/client-order.js';
import { CLIENT_SERVICE } from '../../../../src/contracts/business-services.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { parseBody } from '../../../lib/validation.js';
import callbackRoutes from '../callback/routes.js';
import { callbackWorker } from '../callback/worker.js';
import openApiRoutes from '../open-api/routes.js';
import {
  cancelClientOrder,
  closeFailOrder,
  reissueFailOrder,
  resendFailOrder,
} from './fail-moves.js';
import { ClientOrderRecovery } from './recovery.js';
import { returnClientOrder } from './return-order.js';
import {
  clientOrderTable,
  clientReturnTable,
  placeOrderFailTable,
  userOrderTable,
  userReturnTable,
} from './table.js';

const returnBody = z.object({
  id: z.string({ error: 'id:请选择订单' }).trim().min(1, '请选择订单'),
  quantity: z
    .number({ error: 'quantity:退货数量须为正整数' })
    .int('quantity:退货数量须为正整数')
    .min(1, 'quantity:退货数量须为正整数')
    .optional(),
  reason: z
    .string({ error: 'reason:请输入退货原因' })
    .trim()
    .min(1, 'reason:请输入退货原因')
    .max(200, 'reason:长度不能超过200个字符'),
});
const idBody = z.object({ id: z.string({ error: 'id:请选择订单' }).trim().min(1, '请选择订单') });
const remarkBody = z.object({ remark: z.string().trim().max(500).optional() }).optional();

/**
 * The client order service (issue 27 items 4-6): the declared order and return lists, the
 * money moves on them (return, order-return, cancel-order; place-order-fail close, resend,
 * reissue: each idempotent by Idempotency-Key and checked by its lifecycle), the open API, and
 * the workers that deliver callbacks and recover interrupted orders (started with the server).
 */
export default async function clientOrderRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(tableRoutes(clientOrderTable));
  await app.register(tableRoutes(userOrderTable));
  await app.register(tableRoutes(clientReturnTable));
  await app.register(tableRoutes(userReturnTable));
  await app.register(tableRoutes(placeOrderFailTable));
  await app.register(openApiRoutes);
  await app.register(callbackRoutes);

  const callbacks = callbackWorker(ctx, { logger: app.log });
  const recovery = new ClientOrderRecovery(ctx, { logger: app.log });
  app.addHook('onReady', async () => {
    callbacks.start();
    recovery.start();
  });
  app.addHook('onClose', async () => {
    await callbacks.stop();
    await recovery.stop();
  });

  const returning = (code: string) => ({
    config: {
      access: perm(code),
      idempotent: true as const,
      doc: {
        summary: {
          zh: '退货退款：退回未使用的券码，按比例退回应用预存',
          en: 'Return unused codes; the prepay is credited pro rata',
        },
        body: { schema: returnBody },
      },
    },
  });
  const doReturn = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const body = parseBody(returnBody, request.body);
    const done = await returnClientOrder(ctx, {
      tenantId: user.tenantId,
      orderId: body.id,
      quantity: body.quantity,
      reason: body.reason,
      userId: user.userId,
    });
    return ok(done, '退货成功');
  };
  app.post(`/api/${CLIENT_ORDER}/return`, returning(CLIENT_ORDER_CODES.refund), doReturn);
  app.post(`/api/${USER_ORDER}/order-return`, returning(CLIENT_ORDER_CODES.userRefund), doReturn);

  app.post(
    `/api/${USER_ORDER}/cancel-order`,
    {
      config: {
        access: perm(CLIENT_ORDER_CODES.userCancel),
        idempotent: true,
        doc: {
          summary: {
            zh: '取消订单（未发放的订单；已扣款的退回预存）',
            en: 'Cancel an order not yet fulfilled (a charged one is credited back)',
          },
          body: { schema: idBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = parseBody(idBody, request.body);
      return ok(
        await cancelClientOrder(ctx, { tenantId: user.tenantId, id, userId: user.userId }),
        '取消成功',
      );
    },
  );

  const FAIL = `/api/${CLIENT_SERVICE}/place-order-fail`;
  const handling = (code: string, zh: string, en: string) => ({
    config: {
      access: perm(code),
      idempotent: true as const,
      doc: { summary: { zh, en } },
    },
  });
  const handle =
    (move: typeof closeFailOrder, message: string) => async (request: FastifyRequest) => {
      const user = currentUser(request);
      const { id } = request.params as { id: string };
      const body = parseBody(remarkBody, request.body ?? undefined);
      return ok(
        await move(ctx, {
          tenantId: user.tenantId,
          id,
          userId: user.userId,
          remark: body?.remark ?? null,
        }),
        message,
      );
    };
  app.put(
    `${FAIL}/closeFailOrder/:id`,
    handling(
      CLIENT_ORDER_CODES.close,
      '关闭下单失败记录（订单关闭）',
      'Close a failed place-order',
    ),
    handle(closeFailOrder, '关闭成功'),
  );
  app.post(
    `${FAIL}/resendFailOrder/:id`,
    handling(CLIENT_ORDER_CODES.resend, '重发失败通知给应用', 'Resend the failure to the app'),
    handle(resendFailOrder, '重发成功'),
  );
  app.post(
    `${FAIL}/reissueFailOrder/:id`,
    handling(
      CLIENT_ORDER_CODES.reissue,
      '补发：重新扣款并发放券码',
      'Reissue: charge again and issue codes',
    ),
    handle((c, a) => reissueFailOrder(ctx, a), '补发已处理'),
  );
}
