import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_GOOD_MAP,
  PRODUCT_GOOD_MAP_SET_RULE,
  type GoodMap,
  type GoodOption,
  type SetRuleOption,
} from '../../../../src/contracts/platform-client/product-good-map.js';
import { PSCLIENT_PRODUCT } from '../../../../src/contracts/platform-client/psclient-product.js';
import { nextId } from '../../../lib/ids.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { insertCodes, insertGood, insertSupplier } from '../../platform-supplier/test-fixtures.js';

/** product-good-map get/save and the set rules (issue 27 item 3). */
const MAP = `/api/${PRODUCT_GOOD_MAP}`;
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('blade-quanyi-platform-client/product-good-map', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let supply: string;
  let productId: string;
  let supId: string;
  let g1: string;
  let g2: string;
  let theirGood: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    supply = await t.login('supply', DEMO_PASSWORD);
    const db = t.database.db;
    supId = await insertSupplier(db, '000000', `MAP${nextId().slice(-6)}`);
    g1 = await insertGood(db, '000000', supId, 'MAP-G1', { costPrice: 4500, marketAmount: 5000 });
    g2 = await insertGood(db, '000000', supId, 'MAP-G2', { goodType: 2, costPrice: 900 });
    await insertCodes(t.app.ctx, '000000', supId, g1, 4);
    const theirSup = await insertSupplier(db, DEMO_TENANT, `MAPT${nextId().slice(-6)}`);
    theirGood = await insertGood(db, DEMO_TENANT, theirSup, 'MAP-T1');
    productId = data<{ id: string }>(
      await t.post(`/api/${PSCLIENT_PRODUCT}/submit`, admin, {
        productCode: 'MAP-P1',
        productName: '映射产品',
        marketAmount: 50,
        salePrice: 49,
        setRule: 'priority',
      }),
    ).id;
  }, 60_000);
  afterAll(() => t.close());

  const save = (token: string, body: Record<string, unknown>) =>
    t.post(`${MAP}/save`, token, { productId, setRule: 'priority', ...body });
  const get = async (token = admin) =>
    data<GoodMap>(await t.get(`${MAP}/get`, token, { productId }));

  it('saves a map with its rule and answers the goods with supplier, prices and stock', async () => {
    const res = await save(admin, {
      setRule: 'weighted',
      goods: [
        { goodId: g2, priority: 2, weight: 30 },
        { goodId: g1, priority: 1, weight: 70 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const map = await get();
    expect(map.setRule).toBe('weighted');
    expect(map.goods).toEqual([
      expect.objectContaining({
        goodId: g1,
        goodCode: 'MAP-G1',
        supId,
        supName: expect.stringContaining('供应商'),
        costPrice: 45,
        marketAmount: 50,
        priority: 1,
        weight: 70,
        stock: 4,
        sellable: 1,
      }),
      expect.objectContaining({ goodId: g2, costPrice: 9, priority: 2, weight: 30, stock: null }),
    ]);
    const rows = await t.database.db
      .selectFrom('bladeProductGoodMap')
      .select(['goodId', 'priority', 'weight'])
      .where('productId', '=', productId)
      .orderBy('priority')
      .execute();
    expect(rows).toEqual([
      { goodId: g1, priority: 1, weight: 70 },
      { goodId: g2, priority: 2, weight: 30 },
    ]);
    const product = await t.database.db
      .selectFrom('bladePsclientProduct')
      .select('setRule')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.setRule).toBe('weighted');
  });

  it('replaces the map, and an empty one is allowed', async () => {
    await save(admin, { goods: [{ goodId: g1, priority: 1, weight: 1 }] });
    expect((await get()).goods.map((g) => g.goodId)).toEqual([g1]);
    expect((await save(admin, { goods: [] })).statusCode).toBe(200);
    expect((await get()).goods).toEqual([]);
  });

  it("refuses another tenant's good, a duplicate, bad priority and weight, a bad rule: nothing changes", async () => {
    await save(admin, { goods: [{ goodId: g1, priority: 1, weight: 1 }] });
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          goods: [
            { goodId: g1, priority: 1, weight: 1 },
            { goodId: theirGood, priority: 2, weight: 1 },
          ],
        },
        'goods.1.goodId:商品不存在或不属于本租户',
      ],
      [
        {
          goods: [
            { goodId: g2, priority: 1, weight: 1 },
            { goodId: g2, priority: 2, weight: 1 },
          ],
        },
        'goods.1.goodId:同一商品不能重复映射',
      ],
      [
        { goods: [{ goodId: g2, priority: 0, weight: 1 }] },
        'goods.0.priority:优先级须为1到9999的整数',
      ],
      [
        { goods: [{ goodId: g2, priority: 1.5, weight: 1 }] },
        'goods.0.priority:优先级须为1到9999的整数',
      ],
      [{ goods: [{ goodId: g2, priority: 1, weight: 0 }] }, 'goods.0.weight:权重须为1到100的整数'],
      [
        { goods: [{ goodId: g2, priority: 1, weight: 101 }] },
        'goods.0.weight:权重须为1到100的整数',
      ],
      [{ setRule: 'random', goods: [] }, 'setRule:配置规则须为优先级、最低成本、按权重之一'],
    ];
    for (const [body, message] of cases) {
      const res = await save(admin, body);
      expect([res.statusCode, msg(res)]).toEqual([400, message]);
    }
    expect((await get()).goods.map((g) => g.goodId)).toEqual([g1]);
  });

  it('keeps tenants apart and needs the good-map button to save; a stale version is 409', async () => {
    expect((await t.get(`${MAP}/get`, tenantAdmin, { productId })).statusCode).toBe(404);
    expect((await save(tenantAdmin, { goods: [] })).statusCode).toBe(404);
    expect((await save(supply, { goods: [] })).statusCode).toBe(403);
    expect((await t.get(`${MAP}/get`, supply, { productId })).statusCode).toBe(403);
    const stale = await save(admin, { version: 1, goods: [] });
    expect(stale.statusCode).toBe(409);
  });

  it('offers the tenant’s live goods and the three rules', async () => {
    const goods = data<GoodOption[]>(await t.get(`${MAP}/goods`, admin));
    expect(goods.find((g) => g.id === g1)).toMatchObject({ costPrice: 45, marketAmount: 50 });
    expect(goods.some((g) => g.id === theirGood)).toBe(false);
    const rules = data<SetRuleOption[]>(
      await t.get(`/api/${PRODUCT_GOOD_MAP_SET_RULE}/list`, admin),
    );
    expect(rules).toEqual([
      { value: 'priority', zh: '优先级', en: 'Priority' },
      { value: 'lowestCost', zh: '最低成本', en: 'Lowest cost' },
      { value: 'weighted', zh: '按权重', en: 'Weighted' },
    ]);
  });
});
