import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { fenToYuan, parseYuan } from '../../../../src/contracts/money.js';
import {
  PAY_ORDER,
  PAY_ORDER_CALLS as CALLS,
  PAY_ORDER_CODES as CODES,
  PAY_ORDER_REFUSALS,
  payOrderContract,
  type PayOrderDay,
} from '../../../../src/contracts/platform-finance/pay-order.js';
import { currentUser, perm, PUBLIC } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { ApiError, notFound } from '../../../lib/errors.js';
import { contractList, tableRoutes } from '../../../lib/table/index.js';
import { filterConditions, type QueryMap } from '../../../lib/query.js';
import { parseBody } from '../../../lib/validation.js';
import { param } from '../../../lib/params.js';
import { PayDriverError, payDriver } from '../driver/index.js';
import {
  closePayOrder,
  confirmPayOrder,
  merchantOf,
  refundPayOrder,
  type PayOrderRow,
} from './payments.js';
import table from './table.js';

const text = (zh: string, en: string) => ({ zh, en });
const idBody = z.object({ id: z.string().min(1).max(32) });
const refundBody = z.object({
  id: z.string().min(1).max(32),
  amount: z.union([z.string(), z.number()]),
  reason: z.string().trim().max(200).optional(),
});

/** The order as the list answers it: yuan. */
const shown = (o: PayOrderRow) => ({
  ...o,
  amount: fenToYuan(o.amount),
  refundedAmount: fenToYuan(o.refundedAmount),
});

/**
 * Pay orders (issue 28 item 4): the declared list, detail and export; `day-report` (amount and
 * count per day over the list's filters: the chart); `refund` and `close` (idempotent, each
 * behind its button); `notify/{settingId}` (no token: the driver's signed notice, answered as
 * WeChat pay expects, `{code: 'SUCCESS'}`, or 400 `{code: 'FAIL'}`).
 */
export default async function payOrderRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${PAY_ORDER}`;
  await app.register(tableRoutes(table));
  const { codes } = payOrderContract;
  const spec = contractList(payOrderContract);

  app.get(
    `${base}/${CALLS.dayReport}`,
    {
      config: {
        access: perm(codes.menu, ...(codes.view ? [codes.view] : [])),
        doc: {
          summary: text(
            '支付订单按日汇总（金额、笔数），筛选条件同列表',
            'Pay orders per day (amount, count), filtered as the list',
          ),
          response: text('[{day, amount（元）, count}]', '[{day, amount (yuan), count}]'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const day = sql<string>`substr(${sql.ref('createTime')}, 1, 10)`;
      const conditions = filterConditions(request.query as QueryMap, spec, ctx.dialect);
      const rows = await ctx.db
        .selectFrom('bladePayOrder')
        .select([
          day.as('day'),
          sql<number>`sum(${sql.ref('amount')})`.as('amount'),
          sql<number>`count(*)`.as('count'),
        ])
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .where((eb) => eb.and(conditions))
        .groupBy(day)
        .orderBy(day)
        .execute();
      const days: PayOrderDay[] = rows.map((r) => ({
        day: r.day,
        amount: fenToYuan(Number(r.amount)),
        count: Number(r.count),
      }));
      return ok(days);
    },
  );

  app.post(
    `${base}/${CALLS.refund}`,
    {
      config: {
        access: perm(CODES.refund),
        idempotent: true,
        doc: {
          summary: text(
            '退款：已支付订单退回部分或全部剩余金额（不超过已付）',
            'Refund part or all of the rest of a paid order',
          ),
          body: { schema: refundBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(refundBody, request.body);
      const fen = parseYuan(body.amount);
      const order = await refundPayOrder(ctx, {
        tenantId: user.tenantId,
        id: body.id,
        amountFen: fen ?? -1,
        reason: body.reason || null,
        userId: user.userId,
      });
      return ok(shown(order), '退款成功');
    },
  );

  app.post(
    `${base}/${CALLS.close}`,
    {
      config: {
        access: perm(CODES.close),
        idempotent: true,
        doc: {
          summary: text(
            '关闭未支付的订单（id 在请求体或查询参数中）',
            'Close an unpaid order (id in the body or the query)',
          ),
          query: [{ name: 'id', type: 'string' }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The console's confirmed row action sends ?id=; a body {id} works too.
      const { id } = parseBody(idBody, request.body ?? { id: param(request, 'id') });
      return ok(
        shown(await closePayOrder(ctx, { tenantId: user.tenantId, id, userId: user.userId })),
      );
    },
  );

  await app.register(async (notify) => {
    // The signature covers the body's bytes: read as text, parsed after the check.
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    notify.post(
      `${base}/${CALLS.notify}/:settingId`,
      {
        config: {
          access: PUBLIC,
          doc: {
            summary: text(
              '支付结果通知（微信支付回调，签名校验，无需登录）',
              'Payment notice (the WeChat pay callback, signed, no token)',
            ),
          },
        },
      },
      async (request, reply) => {
        const { settingId } = request.params as { settingId: string };
        const setting = await ctx.db
          .selectFrom('bladeWechatPaySetting')
          .selectAll()
          .where('id', '=', settingId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        const fail = (message: string) => reply.status(400).send({ code: 'FAIL', message });
        if (!setting) return fail(notFound().message);
        const merchant = merchantOf(ctx, setting);
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
        );
        try {
          const paid = payDriver(ctx, merchant).readNotice(merchant, {
            headers,
            body: typeof request.body === 'string' ? request.body : '',
            now: ctx.now(),
          });
          await confirmPayOrder(ctx, merchant, paid);
          return reply.send({ code: 'SUCCESS', message: '成功' });
        } catch (error) {
          if (error instanceof PayDriverError) return fail(PAY_ORDER_REFUSALS.badNotice.zh);
          if (error instanceof ApiError) return fail(error.message);
          throw error;
        }
      },
    );
  });
}
