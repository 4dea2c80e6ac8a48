import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PRODUCT_REFUSALS,
  PRODUCT_WARNING_SET,
  PSCLIENT_PRODUCT,
  psclientProductContract,
  STOCK_WARN_MAX,
  type ProductWarning,
} from '../../../../src/contracts/platform-client/psclient-product.js';
import { perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, requiredParam } from '../../../lib/params.js';
import type { TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { callOf } from '../../shared/call.js';
import { code, productOf, productQuery, text } from './calls.js';
import { DEFAULT_WARNING, productStocks, storedThreshold, storeThreshold } from './stock.js';

const { codes } = psclientProductContract;
const WARN_READ = perm(codes.menu, codes.view!, code('warn_setting'));
const WARN_WRITE = perm(code('warn_setting'));

const stockWarnInput = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? null : Number(v)),
  z
    .number({ error: PRODUCT_REFUSALS.stockWarn.zh })
    .int(PRODUCT_REFUSALS.stockWarn.zh)
    .min(0, PRODUCT_REFUSALS.stockWarn.zh)
    .max(STOCK_WARN_MAX, PRODUCT_REFUSALS.stockWarn.zh)
    .nullable(),
);
const productWarnBody = z.object({
  productId: z
    .string({ error: PRODUCT_REFUSALS.productId.zh })
    .min(1, PRODUCT_REFUSALS.productId.zh),
  stockWarn: stockWarnInput,
});
const defaultWarnBody = z.object({ stockWarn: stockWarnInput });

/**
 * The stock thresholds: a product's own (warning/one/get, add/warning/one) and the tenant's
 * default (client-product-warning-set get and submit).
 */
export default async function productWarningRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${PSCLIENT_PRODUCT}`;

  /** One product's warning answer. */
  const warningOf = async (call: TableCall, productId: string): Promise<ProductWarning> => {
    const product = await productOf(call, productId);
    const tenantId = call.user.tenantId;
    const stock = (await productStocks(call.db, tenantId, [product.id], nowText())).get(
      product.id,
    )!;
    return {
      productId: product.id,
      stockWarn: await storedThreshold(call.db, tenantId, product.id),
      defaultStockWarn: await storedThreshold(call.db, tenantId, DEFAULT_WARNING),
      availableStock: stock.availableStock,
      belowWarning: stock.belowWarning,
    };
  };

  app.get(
    `${base}/warning/one/get`,
    {
      config: {
        access: WARN_READ,
        doc: {
          summary: text('产品的库存预警值', "A product's stock threshold"),
          query: productQuery,
          response: text(
            '{productId, stockWarn（产品自己的，null 为使用默认）, defaultStockWarn, availableStock, belowWarning}',
            "{productId, stockWarn (the product's own; null: the default applies), defaultStockWarn, availableStock, belowWarning}",
          ),
        },
      },
    },
    async (request) =>
      ok(await warningOf(callOf(app, request), requiredParam(request, 'productId'))),
  );

  app.post(
    `${base}/add/warning/one`,
    {
      config: {
        access: WARN_WRITE,
        doc: {
          summary: text('设置产品的库存预警值', "Set a product's stock threshold"),
          body: {
            schema: productWarnBody,
            description: text(
              'stockWarn：可用库存低于该值时标记预警；空值恢复使用默认值',
              'stockWarn: the product is marked while its available stock is below it; empty: the default applies',
            ),
          },
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const { productId, stockWarn } = parseBody(productWarnBody, bodyObject(request));
      const product = await productOf(call, productId);
      await storeThreshold(
        call.db,
        {
          tenantId: call.user.tenantId,
          productId: product.id,
          stockWarn,
          userId: call.user.userId,
          now: nowText(),
        },
        nextId,
      );
      return ok(await warningOf(call, product.id), '保存成功');
    },
  );

  const setBase = `/api/${PRODUCT_WARNING_SET}`;
  app.get(
    `${setBase}/get`,
    {
      config: {
        access: WARN_READ,
        doc: {
          summary: text('产品默认库存预警值', 'The default stock threshold of products'),
          response: text('{stockWarn}：null 为不预警', '{stockWarn}: null for none'),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      return ok({ stockWarn: await storedThreshold(call.db, call.user.tenantId, DEFAULT_WARNING) });
    },
  );

  app.post(
    `${setBase}/submit`,
    {
      config: {
        access: WARN_WRITE,
        doc: {
          summary: text('设置产品默认库存预警值', 'Set the default stock threshold of products'),
          body: {
            schema: defaultWarnBody,
            description: text(
              '未单独设置预警值的产品使用该值；空值为不预警',
              'Products without their own threshold take it; empty: none',
            ),
          },
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const { stockWarn } = parseBody(defaultWarnBody, bodyObject(request));
      await storeThreshold(
        call.db,
        {
          tenantId: call.user.tenantId,
          productId: DEFAULT_WARNING,
          stockWarn,
          userId: call.user.userId,
          now: nowText(),
        },
        nextId,
      );
      return ok({ stockWarn }, '保存成功');
    },
  );
}
