import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AMOUNT_MAX_FEN, fenToYuan, parseYuan } from '../../../../src/contracts/money.js';
import {
  BILL_CODES,
  BILL_REFUSALS as R,
  REFUND_FEE,
  REFUND_REASON_MAX,
} from '../../../../src/contracts/platform-parking/park-bill.js';
import { parkLotContract } from '../../../../src/contracts/platform-parking/park-lot.js';
import { currentUser, perm, permissionCodes } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { parseBody } from '../../../lib/validation.js';
import { loadParkData } from './load.js';
import { refundBill } from './refund.js';
import { BillRefundSweeper } from './refund-sweeper.js';

/** Which bill kinds each refund button may refund. */
const REFUND_KINDS = [
  [BILL_CODES.tempRefund, 'temporary'],
  [BILL_CODES.monthRefund, 'monthTicket'],
] as const;

const refundBody = z.object({
  billId: z
    .string({ error: R.billId.zh })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, R.billId.zh),
  amount: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v, c) => {
      if (v === null || v === undefined || v === '') return undefined;
      const fen = parseYuan(v);
      if (fen === undefined || fen < 1 || fen > AMOUNT_MAX_FEN) {
        c.addIssue({ code: 'custom', message: R.amount.zh });
        return z.NEVER;
      }
      return fen;
    }),
  reason: z
    .string({ error: R.reason.zh })
    .trim()
    .min(1, R.reason.zh)
    .max(REFUND_REASON_MAX, R.reasonLength.zh),
});

const loadBody = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean),
    )
    .refine((ids) => ids.length <= 1000 && ids.every((id) => /^[A-Za-z0-9_-]{1,32}$/.test(id)), {
      message: '参数格式错误: ids',
    }),
});

/**
 * The parking calls beyond the declared lists (issue 28 item 1): refundFee on a bill (the spec's
 * path is malformed; served as `parking/bill/refundFee`) and loadingParkData on the lot screen.
 */
export default async function parkBillRoutes(app: FastifyInstance): Promise<void> {
  const sweeper = new BillRefundSweeper(app.ctx, { logger: app.log });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());

  app.post(
    `/api/${REFUND_FEE}`,
    {
      config: {
        access: perm(BILL_CODES.tempRefund, BILL_CODES.monthRefund),
        idempotent: true,
        doc: {
          summary: {
            zh: '账单退款：部分或全部，不超过实付减已退，经停车场接口退回',
            en: 'Refund part or all of a parking bill through its operator',
          },
          body: {
            schema: refundBody,
            description: {
              zh: 'billId 账单ID；amount 元（空：全部可退金额）；reason 不超过200字',
              en: 'billId; amount in yuan (empty: all that is refundable); reason',
            },
          },
          response: {
            zh: '{id, refundNo, billId, billNo, amount (元), reason, state, operatorRefundNo}；state 为 requested 时停车场尚未答复，将自动重试',
            en: 'The refund record, amount in yuan; state requested: the operator has not answered yet, it is asked again',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(refundBody, request.body);
      const granted = user.isSuperAdmin ? undefined : await permissionCodes(app.ctx.db, user);
      const billTypes = REFUND_KINDS.filter(([code]) => !granted || granted.has(code)).map(
        ([, kind]) => kind,
      );
      const refund = await refundBill(app.ctx, {
        tenantId: user.tenantId,
        billId: body.billId,
        billTypes,
        fen: body.amount,
        reason: body.reason,
        userId: user.userId,
      });
      // Refused by the operator: recorded on the bill's refunds, answered as the refusal.
      if (refund.state === 'failed') throw badRequest(refund.failReason ?? '');
      // `requested`: the operator has not answered; the sweep asks again (the console says so).
      return ok({ ...refund, amount: fenToYuan(refund.amount) });
    },
  );

  app.post(
    `/api/${parkLotContract.service}/loadingParkData`,
    {
      config: {
        access: perm(`${parkLotContract.menu}_load`),
        idempotent: true,
        doc: {
          summary: {
            zh: '同步停车场数据：从停车场接口更新车场并记录近7天账单（已记录的账单不重复）',
            en: "Load lots and their last 7 days' bills from the operator (each bill once)",
          },
          body: {
            schema: loadBody,
            description: {
              zh: 'ids 车场ID，逗号分隔（空：全部启用的车场）',
              en: 'ids: lot ids, comma-joined (empty: every enabled lot)',
            },
          },
          response: {
            zh: '{lots, lotsAdded, billsAdded, flowsAdded, failed: [{lotCode, message}]}',
            en: '{lots, lotsAdded, billsAdded, flowsAdded, failed}',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是JSON对象');
      const { ids } = parseBody(loadBody, body);
      return ok(
        await loadParkData(app.ctx, { tenantId: user.tenantId, lotIds: ids, userId: user.userId }),
      );
    },
  );
}
