import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FORBIDDEN_DAY_REFUSALS,
  FORBIDDEN_DAYS_MAX,
  FORBIDDEN_REASON_MAX,
  FORBIDDEN_SALE_DAY,
  type ForbiddenDay,
  type ForbiddenDays,
} from '../../../../src/contracts/platform-client/product-good-map.js';
import { psclientProductContract } from '../../../../src/contracts/platform-client/psclient-product.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, param } from '../../../lib/params.js';
import { insertAudit } from '../../../lib/records.js';
import type { TableCall } from '../../../lib/table/index.js';
import { nowText, parseDateTime } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { businessDay } from './forbidden-days.js';
import { PRODUCT_READERS } from './table.js';

const { codes } = psclientProductContract;
const READ = perm(codes.menu, codes.view!, codes.edit!, ...PRODUCT_READERS);
const WRITE = perm(codes.edit!);
const text = (zh: string, en: string) => ({ zh, en });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const saveBody = z.object({
  productId: z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误')
      .nullable(),
  ),
  days: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(
        z.object({
          saleDay: z
            .string({ error: FORBIDDEN_DAY_REFUSALS.saleDay.zh })
            .trim()
            .refine((d) => DAY.test(d) && parseDateTime(d) !== undefined, {
              message: FORBIDDEN_DAY_REFUSALS.saleDay.zh,
            }),
          reason: z.preprocess(
            (v) => (v === undefined || v === null || v === '' ? null : v),
            z
              .string()
              .trim()
              .max(FORBIDDEN_REASON_MAX, FORBIDDEN_DAY_REFUSALS.reason.zh)
              .nullable(),
          ),
        }),
      )
      .max(FORBIDDEN_DAYS_MAX, FORBIDDEN_DAY_REFUSALS.days.zh),
  ),
});

/** The days of one product (or with null of every product) from `today` on, by day. */
async function daysOf(
  call: TableCall,
  productId: string | null,
  today: string,
): Promise<ForbiddenDay[]> {
  let q = call.db
    .selectFrom('bladeForbiddenSaleDay')
    .select(['id', 'saleDay', 'reason'])
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .where('saleDay', '>=', today);
  q = productId === null ? q.where('productId', 'is', null) : q.where('productId', '=', productId);
  return q.orderBy('saleDay').orderBy('id').execute();
}

async function assertProduct(call: TableCall, id: string) {
  const found = await call.db
    .selectFrom('bladePsclientProduct')
    .select('id')
    .where('id', '=', id)
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw notFound();
}

/**
 * forbidden-sale-day get (the spec's) and save (beyond it): the business days (Asia/Shanghai) on
 * which a product, or every product, is not sold; the open API refuses orders on them.
 */
export default async function forbiddenDayRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${FORBIDDEN_SALE_DAY}`;
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx: app.ctx,
    db: app.ctx.db,
    user: currentUser(request),
  });

  app.get(
    `${base}/get`,
    {
      config: {
        access: READ,
        doc: {
          summary: text('禁售日', 'Forbidden-sale days'),
          query: [
            {
              name: 'productId',
              type: 'string',
              description: text(
                '产品id；不传只返回全部产品的禁售日',
                'A product; none: only the all-product days',
              ),
            },
          ],
          response: text(
            '{productId, productDays: [{id, saleDay, reason}], allProductDays: [...], today}：今天（上海时间）及以后的禁售日，yyyy-MM-dd',
            '{productId, productDays, allProductDays, today}: days from today (Shanghai) on, yyyy-MM-dd',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const productId = param(request, 'productId') ?? null;
      if (productId) await assertProduct(call, productId);
      const today = businessDay();
      const answer: ForbiddenDays = {
        productId,
        productDays: productId ? await daysOf(call, productId, today) : [],
        allProductDays: await daysOf(call, null, today),
        today,
      };
      return ok(answer);
    },
  );

  app.post(
    `${base}/save`,
    {
      config: {
        access: WRITE,
        doc: {
          summary: text('保存禁售日', 'Save forbidden-sale days'),
          body: {
            schema: saveBody,
            description: text(
              '替换该产品（productId 为空：全部产品）今天及以后的禁售日；过去的保留',
              "Replaces the product's (productId null: every product's) days from today on; past days stay",
            ),
          },
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const body = parseBody(saveBody, bodyObject(request));
      const today = businessDay();
      const seen = new Set<string>();
      body.days.forEach((d, i) => {
        if (d.saleDay < today)
          throw badInput(`days.${i}.saleDay:${FORBIDDEN_DAY_REFUSALS.past.zh}`);
        if (seen.has(d.saleDay))
          throw badInput(`days.${i}.saleDay:${FORBIDDEN_DAY_REFUSALS.duplicate.zh}`);
        seen.add(d.saleDay);
      });
      if (body.productId) await assertProduct(call, body.productId);
      const now = nowText();
      const tenantId = call.user.tenantId;
      await call.db.transaction().execute(async (trx) => {
        let old = trx
          .updateTable('bladeForbiddenSaleDay')
          .set({ isDeleted: 1, updateUser: call.user.userId, updateTime: now })
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .where('saleDay', '>=', today);
        old =
          body.productId === null
            ? old.where('productId', 'is', null)
            : old.where('productId', '=', body.productId);
        await old.execute();
        if (body.days.length > 0)
          await trx
            .insertInto('bladeForbiddenSaleDay')
            .values(
              [...body.days]
                .sort((a, b) => (a.saleDay < b.saleDay ? -1 : 1))
                .map((d) => ({
                  id: nextId(),
                  tenantId,
                  productId: body.productId,
                  saleDay: d.saleDay,
                  reason: d.reason,
                  ...insertAudit(call.user, now),
                })),
            )
            .execute();
      });
      return ok(
        {
          productId: body.productId,
          days: await daysOf(call, body.productId, today),
        },
        '保存成功',
      );
    },
  );
}
