import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  GOOD_MAP_REFUSALS,
  MAPPED_GOODS_MAX,
  PRIORITY_MAX,
  PRODUCT_GOOD_MAP,
  PRODUCT_GOOD_MAP_SET_RULE,
  WEIGHT_MAX,
  type GoodMap,
  type GoodOption,
  type MappedGood,
  type SetRuleOption,
} from '../../../../src/contracts/platform-client/product-good-map.js';
import {
  PRODUCT_REFUSALS,
  psclientProductContract,
  SET_RULES,
  type SetRule,
} from '../../../../src/contracts/platform-client/psclient-product.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badInput, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { STALE_VERSION } from '../../../lib/records.js';
import { bodyObject, requiredParam } from '../../../lib/params.js';
import type { TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { COUPON_CODE_GOOD, goodStocks } from './stock.js';

const { codes } = psclientProductContract;
const MAP_CODE = `${codes.menu}_good_map`;
const READ = perm(codes.menu, codes.view!, MAP_CODE);
const WRITE = perm(MAP_CODE);
const RULES = perm(codes.menu, codes.view!, codes.add!, codes.edit!, MAP_CODE);

const text = (zh: string, en: string) => ({ zh, en });
const RULE_VALUES = Object.keys(SET_RULES) as [SetRule, ...SetRule[]];

/** A whole number from `min` to `max` (absent: 1), or the message. */
const bounded = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 1 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

const saveBody = z.object({
  productId: z
    .string({ error: PRODUCT_REFUSALS.productId.zh })
    .min(1, PRODUCT_REFUSALS.productId.zh),
  setRule: z.enum(RULE_VALUES, { error: GOOD_MAP_REFUSALS.setRule.zh }),
  version: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z.number().int().optional(),
  ),
  goods: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(
        z.object({
          goodId: z
            .string({ error: GOOD_MAP_REFUSALS.goodId.zh })
            .regex(/^[A-Za-z0-9_-]{1,32}$/, GOOD_MAP_REFUSALS.goodId.zh),
          priority: bounded(PRIORITY_MAX, GOOD_MAP_REFUSALS.priority.zh),
          weight: bounded(WEIGHT_MAX, GOOD_MAP_REFUSALS.weight.zh),
        }),
        { error: GOOD_MAP_REFUSALS.goodId.zh },
      )
      .max(MAPPED_GOODS_MAX, GOOD_MAP_REFUSALS.goods.zh),
  ),
});

/** The caller's live product (its rule and version), or 404. */
async function productOf(call: TableCall, id: string) {
  const row = await call.db
    .selectFrom('bladePsclientProduct')
    .select(['id', 'setRule', 'version'])
    .where('id', '=', id)
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The product's map as product-good-map/get answers it (live goods only, by priority). */
export async function goodMapOf(call: TableCall, productId: string): Promise<GoodMap> {
  const product = await productOf(call, productId);
  const tenantId = call.user.tenantId;
  const rows = await call.db
    .selectFrom('bladeProductGoodMap as m')
    .innerJoin('bladeSupGood as g', 'g.id', 'm.goodId')
    .leftJoin('bladeSup as s', (j) =>
      j.onRef('s.id', '=', 'g.supId').on('s.tenantId', '=', tenantId).on('s.isDeleted', '=', 0),
    )
    .select([
      'g.id as goodId',
      'g.goodCode',
      'g.goodName',
      'g.goodType',
      'g.supId',
      's.supName',
      's.status as supStatus',
      'g.costPrice',
      'g.marketAmount',
      'g.status',
      'g.onShelf',
      'm.priority',
      'm.weight',
    ])
    .where('m.tenantId', '=', tenantId)
    .where('m.productId', '=', product.id)
    .where('g.tenantId', '=', tenantId)
    .where('g.isDeleted', '=', 0)
    .orderBy('m.priority')
    .orderBy('g.costPrice')
    .orderBy('g.id')
    .execute();
  const coupon = rows.filter((r) => Number(r.goodType) === COUPON_CODE_GOOD);
  const stocks = await goodStocks(
    call.db,
    tenantId,
    coupon.map((r) => r.goodId),
    nowText(),
  );
  const goods: MappedGood[] = rows.map((r) => ({
    goodId: r.goodId,
    goodCode: r.goodCode,
    goodName: r.goodName,
    goodType: Number(r.goodType),
    supId: r.supId,
    supName: r.supName ?? '',
    costPrice: fenToYuan(Number(r.costPrice)),
    marketAmount: fenToYuan(Number(r.marketAmount)),
    priority: Number(r.priority),
    weight: Number(r.weight),
    stock: Number(r.goodType) === COUPON_CODE_GOOD ? (stocks.get(r.goodId) ?? 0) : null,
    sellable:
      Number(r.status) === 1 && Number(r.onShelf) === 1 && Number(r.supStatus) === 1 ? 1 : 0,
  }));
  return { productId: product.id, setRule: product.setRule as SetRule, goods };
}

/**
 * product-good-map get/save and product-good-map-set-rule list (issue 27 item 3): the goods a
 * client product is fulfilled from, with the rule's inputs (priority, weight), and the rules.
 */
export default async function goodMapRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${PRODUCT_GOOD_MAP}`;
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
          summary: text('产品的商品映射', "A product's goods mapping"),
          query: [{ name: 'productId', type: 'string', required: true }],
          response: text(
            '{productId, setRule, goods: [{goodId, goodCode, goodName, goodType, supId, supName, costPrice, marketAmount, priority, weight, stock, sellable}]}：金额为元；stock 为券码商品未使用且未过期的券码数（其他商品为 null）；sellable 为 1 时可供下单',
            '{productId, setRule, goods: [...]}: amounts in yuan; stock the unused unexpired codes of a coupon-code good (null for others); sellable 1 when an order may take it',
          ),
        },
      },
    },
    async (request) => ok(await goodMapOf(callOf(request), requiredParam(request, 'productId'))),
  );

  app.post(
    `${base}/save`,
    {
      config: {
        access: WRITE,
        doc: {
          summary: text('保存产品的商品映射', "Save a product's goods mapping"),
          body: {
            schema: saveBody,
            description: text(
              `替换产品的映射与配置规则；商品须为本租户在用商品，优先级1到${PRIORITY_MAX}（小的优先），权重1到${WEIGHT_MAX}；可为空；version（可选）为产品的版本号`,
              `Replaces the map and the rule; goods are live goods of your tenant, priority 1 to ${PRIORITY_MAX} (lower first), weight 1 to ${WEIGHT_MAX}; may be empty; version (optional) the product's`,
            ),
          },
          response: text('保存后的映射（同 get）', 'The map as saved (as get answers it)'),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const tenantId = call.user.tenantId;
      const body = parseBody(saveBody, bodyObject(request));
      const seen = new Set<string>();
      body.goods.forEach((g, i) => {
        if (seen.has(g.goodId))
          throw badInput(`goods.${i}.goodId:${GOOD_MAP_REFUSALS.duplicate.zh}`);
        seen.add(g.goodId);
      });
      const ids = [...seen];
      const live =
        ids.length === 0
          ? []
          : await call.db
              .selectFrom('bladeSupGood')
              .select('id')
              .where('tenantId', '=', tenantId)
              .where('isDeleted', '=', 0)
              .where('id', 'in', ids)
              .execute();
      const known = new Set(live.map((g) => g.id));
      const missing = body.goods.findIndex((g) => !known.has(g.goodId));
      if (missing >= 0) throw badInput(`goods.${missing}.goodId:${GOOD_MAP_REFUSALS.good.zh}`);
      const now = nowText();
      await call.db.transaction().execute(async (trx) => {
        // The product's row first: concurrent saves of one product take turns on it.
        let q = trx
          .updateTable('bladePsclientProduct')
          .set({
            setRule: body.setRule,
            updateUser: call.user.userId,
            updateTime: now,
            version: sql<number>`version + 1`,
          })
          .where('id', '=', body.productId)
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0);
        if (body.version !== undefined) q = q.where('version', '=', body.version);
        const changed = await q.executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) {
          await productOf({ ...call, db: trx }, body.productId);
          throw conflict(STALE_VERSION);
        }
        await trx
          .deleteFrom('bladeProductGoodMap')
          .where('tenantId', '=', tenantId)
          .where('productId', '=', body.productId)
          .execute();
        if (body.goods.length > 0)
          await trx
            .insertInto('bladeProductGoodMap')
            .values(
              body.goods.map((g) => ({
                id: nextId(),
                tenantId,
                productId: body.productId,
                goodId: g.goodId,
                priority: g.priority,
                weight: g.weight,
                createUser: call.user.userId,
                createTime: now,
              })),
            )
            .execute();
      });
      return ok(await goodMapOf(call, body.productId), '保存成功');
    },
  );

  app.get(
    `${base}/goods`,
    {
      config: {
        access: WRITE,
        doc: {
          summary: text('可映射的商品', 'Goods a product may be mapped to'),
          response: text(
            '[{id, goodCode, goodName, goodType, supId, supName, costPrice, marketAmount}]：本租户在用供应商的在用商品（金额为元）',
            '[{id, goodCode, goodName, goodType, supId, supName, costPrice, marketAmount}]: live goods of live suppliers of your tenant (yuan)',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const tenantId = call.user.tenantId;
      const rows = await call.db
        .selectFrom('bladeSupGood as g')
        .innerJoin('bladeSup as s', 's.id', 'g.supId')
        .select([
          'g.id',
          'g.goodCode',
          'g.goodName',
          'g.goodType',
          'g.supId',
          's.supName',
          'g.costPrice',
          'g.marketAmount',
        ])
        .where('g.tenantId', '=', tenantId)
        .where('g.isDeleted', '=', 0)
        .where('s.tenantId', '=', tenantId)
        .where('s.isDeleted', '=', 0)
        .orderBy('s.supName')
        .orderBy('g.goodName')
        .orderBy('g.id')
        .limit(5000)
        .execute();
      return ok(
        rows.map((r): GoodOption => ({
          ...r,
          goodType: Number(r.goodType),
          costPrice: fenToYuan(Number(r.costPrice)),
          marketAmount: fenToYuan(Number(r.marketAmount)),
        })),
      );
    },
  );

  app.get(
    `/api/${PRODUCT_GOOD_MAP_SET_RULE}/list`,
    {
      config: {
        access: RULES,
        doc: {
          summary: text('商品映射的配置规则', 'The rules that pick the good of an order'),
          response: text(
            '[{value, zh, en}]：priority 优先级、lowestCost 最低成本、weighted 按权重',
            '[{value, zh, en}]: priority, lowestCost, weighted',
          ),
        },
      },
    },
    async () =>
      ok(
        RULE_VALUES.map((value): SetRuleOption => ({
          value,
          zh: SET_RULES[value].zh,
          en: SET_RULES[value].en,
        })),
      ),
  );
}
