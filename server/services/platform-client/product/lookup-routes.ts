import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  PRODUCT_REFUSALS,
  PSCLIENT_PRODUCT,
  type AuthorisedProduct,
  type ProductStore,
} from '../../../../src/contracts/platform-client/psclient-product.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { param, requiredParam } from '../../../lib/params.js';
import { withNames } from '../../platform-supplier/sup-store/repository.js';
import { callOf } from '../../shared/call.js';
import { PRODUCT_READ, productOf, productQuery, text } from './calls.js';

/**
 * What a product reaches: listAllClient (the products an access party's apps may order) and
 * listGoodStoreMapping (the stores that redeem its mapped goods).
 */
export default async function productLookupRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${PSCLIENT_PRODUCT}`;

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
      const call = callOf(app, request);
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
      const call = callOf(app, request);
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
}
