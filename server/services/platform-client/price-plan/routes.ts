import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  PLAN_REMARK_MAX,
  PRICE_PLAN_CALLS as CALLS,
  PRICE_PLAN_CODES as CODES,
  pricePlanContract,
  VOID_REASON_MAX,
  type ProductGoodsCost,
} from '../../../../src/contracts/platform-client/price-plan.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { requiredParam } from '../../../lib/params.js';
import type { TableCall } from '../../../lib/table/index.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { parseBody } from '../../../lib/validation.js';
import { goodMapOf } from '../product/good-map-routes.js';
import { createBody, createPlan, updateBody, updatePlan, voidBody, voidPlan } from './plans.js';
import { pricePlanScheduler } from './scheduler.js';
import table from './table.js';

const text = (zh: string, en: string) => ({ zh, en });
const PLAN_ANSWER = text(
  '{id, productId, oldPrice, newPrice, effectiveTime, state, appliedTime, appliedPrice, remark, version}：价格为元',
  '{id, productId, oldPrice, newPrice, effectiveTime, state, appliedTime, appliedPrice, remark, version}: prices in yuan',
);

/**
 * Price plans (issue 27 item 7): the declared list (`price-management/list`, detail),
 * goods-2-product (a product's price and its mapped goods' costs, for the margin of a new
 * price), and the spec's job calls under `blade-xxljob/price` (timing/modification, update/plan,
 * to-void), each behind its button and idempotent by Idempotency-Key. The scheduler that applies
 * due plans starts with the server and stops with it.
 */
export default async function pricePlanRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const scheduler = pricePlanScheduler(ctx, { logger: app.log });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  await app.register(tableRoutes(table));

  const { codes } = pricePlanContract;
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx,
    db: ctx.db,
    user: currentUser(request),
  });
  app.get(
    `/api/${CALLS.goods}`,
    {
      config: {
        access: perm(codes.menu, CODES.timing, CODES.updatePlan),
        doc: {
          summary: text(
            '产品的当前售价与映射商品的成本、面值（用于计算新价格的毛利）',
            "A product's sale price and its mapped goods' cost and face value (the margin of a new price)",
          ),
          query: [{ name: 'productId', type: 'string', required: true }],
          response: text(
            '{productId, productCode, productName, salePrice, marketAmount, goods: [{goodId, goodCode, goodName, supName, costPrice, marketAmount, priority, weight, stock, sellable}]}：金额为元',
            '{productId, productCode, productName, salePrice, marketAmount, goods: [...]}: amounts in yuan',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const map = await goodMapOf(call, requiredParam(request, 'productId'));
      const product = await ctx.db
        .selectFrom('bladePsclientProduct')
        .select(['productCode', 'productName', 'salePrice', 'marketAmount'])
        .where('tenantId', '=', call.user.tenantId)
        .where('id', '=', map.productId)
        .executeTakeFirstOrThrow();
      const answer: ProductGoodsCost = {
        productId: map.productId,
        productCode: product.productCode,
        productName: product.productName,
        salePrice: fenToYuan(Number(product.salePrice)),
        marketAmount: fenToYuan(Number(product.marketAmount)),
        goods: map.goods,
      };
      return ok(answer);
    },
  );

  const who = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { tenantId: user.tenantId, userId: user.userId };
  };
  type Text = ReturnType<typeof text>;
  const job = (code: string, summary: Text, schema: z.ZodType, description: Text) => ({
    config: {
      access: perm(code),
      idempotent: true as const,
      doc: { summary, body: { schema, description }, response: PLAN_ANSWER },
    },
  });

  app.post(
    `/api/${CALLS.create}`,
    job(
      CODES.timing,
      text(
        '新建调价计划：产品自生效时间起按新价格销售',
        "Plan a product's new sale price from a set time",
      ),
      createBody,
      text(
        `productId 本租户产品；newPrice 元（大于0，最多两位小数）；effectiveTime yyyy-MM-dd HH:mm:ss，须晚于当前时间；remark 不超过${PLAN_REMARK_MAX}字`,
        `productId a product of your tenant; newPrice yuan (above 0, at most 2 decimals); effectiveTime yyyy-MM-dd HH:mm:ss, in the future; remark at most ${PLAN_REMARK_MAX} characters`,
      ),
    ),
    async (request) =>
      ok(await createPlan(ctx, who(request), parseBody(createBody, request.body)), '新增成功'),
  );

  app.post(
    `/api/${CALLS.update}`,
    job(
      CODES.updatePlan,
      text('修改待生效的调价计划（新价格、生效时间、备注）', 'Change a pending price plan'),
      updateBody,
      text(
        'id；version（可选，乐观锁）；newPrice、effectiveTime、remark 同新建。仅待生效的计划可修改，否则 409',
        'id; version (optional, optimistic lock); newPrice, effectiveTime, remark as when created. Only a pending plan changes, else 409',
      ),
    ),
    async (request) =>
      ok(await updatePlan(ctx, who(request), parseBody(updateBody, request.body)), '修改成功'),
  );

  app.post(
    `/api/${CALLS.void}`,
    job(
      CODES.void,
      text('作废待生效的调价计划', 'Void a pending price plan'),
      voidBody,
      text(
        `id；reason 作废原因（不超过${VOID_REASON_MAX}字）。仅待生效的计划可作废，否则 409`,
        `id; reason (at most ${VOID_REASON_MAX} characters). Only a pending plan is voided, else 409`,
      ),
    ),
    async (request) =>
      ok(await voidPlan(ctx, who(request), parseBody(voidBody, request.body)), '作废成功'),
  );
}
