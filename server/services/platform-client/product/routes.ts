import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  PRODUCT_REFUSALS,
  PRODUCT_WARNING_SET,
  PSCLIENT_PRODUCT,
  psclientProductContract,
  STOCK_WARN_MAX,
  type AuthorisedProduct,
  type ProductMedia,
  type ProductMediaAnswer,
  type ProductStore,
  type ProductWarning,
} from '../../../../src/contracts/platform-client/psclient-product.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, idList, param, requiredParam } from '../../../lib/params.js';
import { tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { escapeLike, likeExpr } from '../../../lib/query.js';
import { withNames } from '../../platform-supplier/sup-store/repository.js';
import forbiddenDayRoutes from './forbidden-day-routes.js';
import goodMapRoutes from './good-map-routes.js';
import { DEFAULT_WARNING, productStocks, storedThreshold, storeThreshold } from './stock.js';
import productTable, { mediaList, PRODUCT_READERS } from './table.js';

const { codes } = psclientProductContract;
const code = (alias: string) => `${codes.menu}_${alias}`;
export const PRODUCT_READ = perm(codes.menu, codes.view!, ...PRODUCT_READERS);
const FORM = perm(codes.menu, codes.view!, codes.add!, codes.edit!);
const WARN_READ = perm(codes.menu, codes.view!, code('warn_setting'));
const WARN_WRITE = perm(code('warn_setting'));

const text = (zh: string, en: string) => ({ zh, en });
const productQuery = [
  {
    name: 'productId',
    type: 'string' as const,
    required: true,
    description: text('产品id', 'Product id'),
  },
];

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

/** The caller's live product, or 404. */
export async function productOf(call: TableCall, id: string) {
  const row = await call.db
    .selectFrom('bladePsclientProduct')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * The spec's calls of psclient-product beyond the engine's (issue 27 item 3): listAllClient,
 * listPicAndVideo, judge-product-code, exist-product-code, listGoodStoreMapping, shelfConfig,
 * the stock thresholds (add/warning/one, warning/one/get, client-product-warning-set), the media
 * the form offers; and product-good-map and forbidden-sale-day (their own files). Every query is
 * bound to the token's tenant; another tenant's product answers 404.
 */
export default async function clientProductRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${PSCLIENT_PRODUCT}`;
  await tableRoutes(productTable)(app);
  await goodMapRoutes(app);
  await forbiddenDayRoutes(app);
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx: app.ctx,
    db: app.ctx.db,
    user: currentUser(request),
  });

  app.get(
    `${base}/listAllClient`,
    {
      config: {
        access: PRODUCT_READ,
        doc: {
          summary: text('接入方已授权的产品', "The products an access party's apps may order"),
          query: [{ name: 'clientId', type: 'string', required: true }],
          response: text(
            '[{id, productCode, productName, marketAmount, salePrice, onShelf, enabled, appIds}]：授权给该接入方任一应用的在用产品（金额为元），appIds 为已授权的应用',
            "[{id, productCode, productName, marketAmount, salePrice, onShelf, enabled, appIds}]: live products authorised to any of the party's apps (yuan); appIds the apps authorised",
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const clientId = param(request, 'clientId');
      if (!clientId) throw badRequest(`clientId:${PRODUCT_REFUSALS.clientId.zh}`);
      const tenantId = call.user.tenantId;
      const client = await call.db
        .selectFrom('bladePsclient')
        .select('id')
        .where('id', '=', clientId)
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!client) throw notFound();
      const rows = await call.db
        .selectFrom('bladePsclientAppProduct as ap')
        .innerJoin('bladePsclientApp as a', 'a.id', 'ap.appId')
        .innerJoin('bladePsclientProduct as p', 'p.id', 'ap.productId')
        .select([
          'p.id',
          'p.productCode',
          'p.productName',
          'p.marketAmount',
          'p.salePrice',
          'p.onShelf',
          'p.enabled',
          'ap.appId',
        ])
        .where('ap.tenantId', '=', tenantId)
        .where('a.tenantId', '=', tenantId)
        .where('a.clientId', '=', clientId)
        .where('a.isDeleted', '=', 0)
        .where('p.tenantId', '=', tenantId)
        .where('p.isDeleted', '=', 0)
        .orderBy('p.productCode')
        .orderBy('p.id')
        .orderBy('ap.appId')
        .execute();
      const products = new Map<string, AuthorisedProduct>();
      for (const r of rows) {
        const known = products.get(r.id);
        if (known) known.appIds.push(r.appId);
        else
          products.set(r.id, {
            id: r.id,
            productCode: r.productCode,
            productName: r.productName,
            marketAmount: fenToYuan(Number(r.marketAmount)),
            salePrice: fenToYuan(Number(r.salePrice)),
            onShelf: Number(r.onShelf),
            enabled: Number(r.enabled),
            appIds: [r.appId],
          });
      }
      return ok([...products.values()]);
    },
  );

  app.get(
    `${base}/listPicAndVideo`,
    {
      config: {
        access: PRODUCT_READ,
        doc: {
          summary: text('产品的图片和视频', "A product's pictures and videos"),
          query: productQuery,
          response: text(
            '{productId, pictures: [{id, name, link}], videos: [{id, name, link}]}，按设置的顺序；已从素材库删除的不返回',
            '{productId, pictures: [{id, name, link}], videos: [{id, name, link}]} in their order; ones removed from the stock are left out',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const product = await productOf(call, requiredParam(request, 'productId'));
      const read = async (table: 'bladePic' | 'bladeVideo', ids: string[]) => {
        if (ids.length === 0) return [];
        const rows = await call.db
          .selectFrom(table)
          .select(['id', 'name', 'link'])
          .where('tenantId', '=', call.user.tenantId)
          .where('isDeleted', '=', 0)
          .where('id', 'in', ids)
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.flatMap((id) => {
          const r = byId.get(id);
          return r ? [{ id: r.id, name: r.name, link: r.link } satisfies ProductMedia] : [];
        });
      };
      const answer: ProductMediaAnswer = {
        productId: product.id,
        pictures: await read('bladePic', mediaList(product.pictures)),
        videos: await read('bladeVideo', mediaList(product.videos)),
      };
      return ok(answer);
    },
  );

  app.get(
    `${base}/media-options`,
    {
      config: {
        access: FORM,
        doc: {
          summary: text('产品表单可选的图片或视频', 'Pictures or videos the product form offers'),
          query: [
            { name: 'kind', type: 'string', required: true, enum: ['picture', 'video'] },
            { name: 'name', type: 'string', description: text('名称包含', 'Name contains') },
          ],
          response: text(
            '[{id, name, link}]：素材库中最新的500个',
            '[{id, name, link}]: the newest 500 of the stock',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const kind = param(request, 'kind');
      if (kind !== 'picture' && kind !== 'video') throw badRequest('kind:参数格式错误');
      const name = param(request, 'name');
      let q = call.db
        .selectFrom(kind === 'picture' ? 'bladePic' : 'bladeVideo')
        .select(['id', 'name', 'link'])
        .where('tenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0);
      if (name) q = q.where(likeExpr('name', `%${escapeLike(name)}%`, app.ctx.dialect));
      const rows = await q.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(500).execute();
      return ok(rows satisfies ProductMedia[]);
    },
  );

  /** Whether a live product of the tenant other than `id` has the code. */
  const codeTaken = async (call: TableCall, productCode: string, id?: string) => {
    let q = call.db
      .selectFrom('bladePsclientProduct')
      .select('id')
      .where('tenantId', '=', call.user.tenantId)
      .where('productCode', '=', productCode)
      .where('isDeleted', '=', 0);
    if (id) q = q.where('id', '<>', id);
    return (await q.executeTakeFirst()) !== undefined;
  };
  const codeParam = (request: FastifyRequest) => {
    const value = param(request, 'productCode')?.trim();
    if (!value) throw badRequest(`productCode:${PRODUCT_REFUSALS.productCode.zh}`);
    return value;
  };

  app.get(
    `${base}/judge-product-code`,
    {
      config: {
        access: FORM,
        doc: {
          summary: text('产品编码是否可用于该产品', 'Whether the code is free for this product'),
          query: [
            { name: 'productCode', type: 'string', required: true },
            {
              name: 'id',
              type: 'string',
              description: text('编辑的产品id；新增不传', 'The product edited; none for a new one'),
            },
          ],
          response: text(
            'true：没有其他在用产品使用该编码；false：已被占用',
            'true: no other live product has the code; false: taken',
          ),
        },
      },
    },
    async (request) =>
      ok(!(await codeTaken(callOf(request), codeParam(request), param(request, 'id')))),
  );

  app.get(
    `${base}/exist-product-code`,
    {
      config: {
        access: FORM,
        doc: {
          summary: text('是否存在该编码的产品', 'Whether a live product has the code'),
          query: [{ name: 'productCode', type: 'string', required: true }],
          response: text('true：存在；false：不存在', 'true: one has it; false: none'),
        },
      },
    },
    async (request) => ok(await codeTaken(callOf(request), codeParam(request))),
  );

  app.get(
    `${base}/listGoodStoreMapping`,
    {
      config: {
        access: PRODUCT_READ,
        doc: {
          summary: text('产品可核销的门店', "Stores that redeem the product's goods"),
          query: [
            ...productQuery,
            { name: 'current', type: 'integer' },
            {
              name: 'size',
              type: 'integer',
              description: text('每页条数，最多500', 'Page size, at most 500'),
            },
          ],
          response: text(
            '分页：{records: [{id, storeCode, storeName, supId, supName, regionName, address, phone, goods: [{goodId, goodName}]}], total, current, size}：启用门店中适用于产品映射商品的（门店未限定适用商品时适用其供应商的全部商品）',
            "A page of {id, storeCode, storeName, supId, supName, regionName, address, phone, goods}: enabled stores that accept a mapped good (a store naming no goods accepts all of its supplier's)",
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const tenantId = call.user.tenantId;
      const product = await productOf(call, requiredParam(request, 'productId'));
      const current = Math.max(1, Number.parseInt(param(request, 'current') ?? '1', 10) || 1);
      const size = Math.min(
        500,
        Math.max(1, Number.parseInt(param(request, 'size') ?? '10', 10) || 10),
      );
      const goods = await call.db
        .selectFrom('bladeProductGoodMap as m')
        .innerJoin('bladeSupGood as g', 'g.id', 'm.goodId')
        .select(['g.id', 'g.supId', 'g.goodName'])
        .where('m.tenantId', '=', tenantId)
        .where('m.productId', '=', product.id)
        .where('g.tenantId', '=', tenantId)
        .where('g.isDeleted', '=', 0)
        .orderBy('m.priority')
        .orderBy('g.id')
        .execute();
      const empty = { records: [] as ProductStore[], total: 0, current, size, pages: 0 };
      if (goods.length === 0) return ok(empty);
      const stores = () =>
        call.db
          .selectFrom('bladeSupStore as st')
          .where('st.tenantId', '=', tenantId)
          .where('st.isDeleted', '=', 0)
          .where('st.status', '=', 1)
          .where((eb) =>
            eb.or(
              goods.map((g) =>
                eb.and([
                  eb('st.supId', '=', g.supId),
                  eb.or([
                    eb('st.goodIds', 'is', null),
                    eb('st.goodIds', '=', ''),
                    eb(sql<string>`',' || ${sql.ref('st.goodIds')} || ','`, 'like', `%,${g.id},%`),
                  ]),
                ]),
              ),
            ),
          );
      const counted = await stores()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      const total = Number(counted?.n ?? 0);
      const rows = await stores()
        .select([
          'st.id',
          'st.storeCode',
          'st.storeName',
          'st.supId',
          'st.provinceCode',
          'st.cityCode',
          'st.districtCode',
          'st.address',
          'st.phone',
          'st.goodIds',
        ])
        .orderBy('st.storeCode')
        .orderBy('st.id')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      const named = await withNames(call.db, tenantId, rows);
      const records: ProductStore[] = named.map((r) => {
        const accepts = new Set((r.goodIds ?? '').split(',').filter(Boolean));
        return {
          id: r.id,
          storeCode: r.storeCode,
          storeName: r.storeName,
          supId: r.supId,
          supName: r.supName,
          regionName: r.regionName,
          address: r.address,
          phone: r.phone,
          goods: goods
            .filter((g) => g.supId === r.supId && (accepts.size === 0 || accepts.has(g.id)))
            .map((g) => ({ goodId: g.id, goodName: g.goodName })),
        };
      });
      return ok({ records, total, current, size, pages: Math.ceil(total / size) });
    },
  );

  const shelfBody = z.object({
    onShelf: z.preprocess(
      (v) => (v === 1 || v === '1' || v === true ? 1 : v === 0 || v === '0' || v === false ? 0 : v),
      z.union([z.literal(0), z.literal(1)], { error: PRODUCT_REFUSALS.onShelf.zh }),
    ),
  });

  app.post(
    `${base}/shelfConfig`,
    {
      config: {
        access: perm(code('shelf')),
        doc: {
          summary: text('产品上架/下架', 'Products on or off the shelf'),
          query: [
            {
              name: 'ids',
              type: 'string',
              required: true,
              description: text(
                '产品id，逗号分隔（也可在JSON体中）',
                'Product ids, comma-joined (or in the JSON body)',
              ),
            },
            { name: 'onShelf', type: 'integer', required: true, enum: ['0', '1'] },
          ],
          body: { description: text('{ids: [...], onShelf: 1|0}', '{ids: [...], onShelf: 1|0}') },
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const ids = [...new Set(idList(request))];
      const { onShelf } = parseBody(shelfBody, {
        onShelf:
          param(request, 'onShelf') ?? (request.body as { onShelf?: unknown } | undefined)?.onShelf,
      });
      await call.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('bladePsclientProduct')
          .set({
            onShelf,
            updateUser: call.user.userId,
            updateTime: nowText(),
            version: sql<number>`version + 1`,
          })
          .where('id', 'in', ids)
          .where('tenantId', '=', call.user.tenantId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        // All or nothing: an id that is not the caller's live product undoes the rest.
        if (Number(changed.numUpdatedRows) !== ids.length) throw notFound();
      });
      return okStatus(onShelf === 1 ? '上架成功' : '下架成功');
    },
  );

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
    async (request) => ok(await warningOf(callOf(request), requiredParam(request, 'productId'))),
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
      const call = callOf(request);
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
      const call = callOf(request);
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
      const call = callOf(request);
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
