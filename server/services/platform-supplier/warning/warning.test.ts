import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../lib/ids.js';
import { formatDateTime, nowText } from '../../../lib/time.js';
import { insertCodes } from '../test-fixtures.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { WARNING_LIST } from './routes.js';
import type { GoodWarnings } from './repository.js';

const URL = `/api/${WARNING_LIST}`;

describe('sup-good/warning-list (issue 17 item 6)', () => {
  let t: TestApp;
  let supply: string;
  let finance: string;
  let otherTenant: string;

  const audit = () => ({
    createUser: null,
    createDept: null,
    createTime: nowText(),
    updateUser: null,
    updateTime: nowText(),
    isDeleted: 0,
    version: 1,
  });
  async function supplier(tenantId: string, supName: string, isDeleted = 0) {
    const id = nextId();
    await t.app.ctx.db
      .insertInto('bladeSup')
      .values({
        id,
        tenantId,
        supCode: `W${id.slice(-8)}`,
        supName,
        shortName: null,
        contactName: null,
        contactPhone: null,
        settlementType: 1,
        supplyType: 1,
        driver: 'sandbox',
        interfaceEndpoint: null,
        interfaceKey: null,
        interfaceSecret: null,
        remark: null,
        ...audit(),
        status: 1,
        isDeleted,
      })
      .execute();
    return id;
  }
  async function good(
    tenantId: string,
    supId: string,
    goodCode: string,
    extra: { goodType?: number; stockWarn?: number | null; status?: number; isDeleted?: number },
  ) {
    await t.app.ctx.db
      .insertInto('bladeSupGood')
      .values({
        id: nextId(),
        tenantId,
        supId,
        goodCode,
        goodName: `商品${goodCode}`,
        goodType: extra.goodType ?? 1,
        marketAmount: 5000,
        costPrice: 4500,
        validDays: 365,
        validEnd: null,
        onShelf: 1,
        stockWarn: extra.stockWarn === undefined ? 10 : extra.stockWarn,
        validTimeWarn: 7,
        interfaceGoodCode: null,
        signMethod: null,
        remark: null,
        ...audit(),
        status: extra.status ?? 1,
        isDeleted: extra.isDeleted ?? 0,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    supply = await t.login('supply', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    otherTenant = await t.login('admin', DEMO_PASSWORD, DEMO_TENANT);
    // Start from no goods, whatever the demo data holds.
    await t.app.ctx.db.deleteFrom('bladeSupGood').execute();
    const sup = await supplier('000000', '预警测试供应商');
    const gone = await supplier('000000', '已删除的供应商', 1);
    await good('000000', sup, 'W-LOW-5', { stockWarn: 5 });
    await good('000000', sup, 'W-LOW-50', { stockWarn: 50 });
    await good('000000', sup, 'W-LOW-20', { stockWarn: 20 });
    await good('000000', sup, 'W-NONE', { stockWarn: null });
    await good('000000', sup, 'W-ZERO', { stockWarn: 0 });
    await good('000000', sup, 'W-RECHARGE', { goodType: 2, stockWarn: 10 });
    await good('000000', sup, 'W-OFF', { status: 0 });
    await good('000000', sup, 'W-DELETED', { isDeleted: 1 });
    await good('000000', gone, 'W-GONE-SUP', {});
    const other = await supplier(DEMO_TENANT, '他租户供应商');
    await good(DEMO_TENANT, other, 'W-OTHER', { stockWarn: 99 });
  });
  afterAll(() => t.close());

  it('lists enabled coupon-code goods with a stock warning, largest threshold first', async () => {
    const answer = data<GoodWarnings>(await t.get(URL, supply));
    expect(answer).toMatchObject({ total: 3, stockCount: 3, expiryCount: 0 });
    expect(answer.records.map((r) => r.goodCode)).toEqual(['W-LOW-50', 'W-LOW-20', 'W-LOW-5']);
    expect(answer.records[0]).toMatchObject({
      goodName: '商品W-LOW-50',
      supName: '预警测试供应商',
      kind: 'stock',
      stockWarn: 50,
      unusedStock: 0,
    });
  });

  it('takes a size (default 5, at most 50) and still counts them all', async () => {
    const one = data<GoodWarnings>(await t.get(URL, supply, { size: '1' }));
    expect(one.total).toBe(3);
    expect(one.records).toHaveLength(1);
    const none = data<GoodWarnings>(await t.get(URL, supply, { size: '0' }));
    expect(none).toMatchObject({ total: 3, records: [] });
  });

  it("answers only the caller's tenant", async () => {
    const other = data<GoodWarnings>(await t.get(URL, otherTenant));
    expect(other.records.map((r) => r.goodCode)).toEqual(['W-OTHER']);
  });

  it('needs the goods screen', async () => {
    expect((await t.get(URL)).statusCode).toBe(401);
    expect((await t.get(URL, finance)).statusCode).toBe(403);
  });

  it('counts unused valid codes as stock and warns of codes ending within validTimeWarn days (issue 18)', async () => {
    const idOf = async (goodCode: string) =>
      await t.app.ctx.db
        .selectFrom('bladeSupGood')
        .select(['id', 'supId'])
        .where('goodCode', '=', goodCode)
        .executeTakeFirstOrThrow();
    const low5 = await idOf('W-LOW-5');
    const low20 = await idOf('W-LOW-20');
    const inDays = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));
    // W-LOW-5: 5 valid unused codes reach its threshold; used and past-validEnd codes do not count.
    await insertCodes(t.app.ctx, '000000', low5.supId, low5.id, 5);
    await insertCodes(t.app.ctx, '000000', low5.supId, low5.id, 3, { state: 'used' });
    await insertCodes(t.app.ctx, '000000', low5.supId, low5.id, 2, {
      validEnd: '2020-01-01 00:00:00',
    });
    // W-LOW-20: 3 unused codes (still below 20), 2 of them ending within its 7 days.
    const soon = inDays(3);
    await insertCodes(t.app.ctx, '000000', low20.supId, low20.id, 2, { validEnd: soon });
    await insertCodes(t.app.ctx, '000000', low20.supId, low20.id, 1, { validEnd: inDays(30) });
    const answer = data<GoodWarnings>(await t.get(URL, supply));
    expect(answer).toMatchObject({ total: 3, stockCount: 2, expiryCount: 1 });
    expect(answer.records.map((r) => [r.goodCode, r.kind, r.unusedStock])).toEqual([
      ['W-LOW-50', 'stock', 0],
      ['W-LOW-20', 'stock', 3],
      ['W-LOW-20', 'expiry', 3],
    ]);
    expect(answer.records[2]).toMatchObject({
      expiringCount: 2,
      nearestExpiry: soon,
      validTimeWarn: 7,
    });
    const two = data<GoodWarnings>(await t.get(URL, supply, { size: '2' }));
    expect(two.records.map((r) => r.kind)).toEqual(['stock', 'stock']);
    expect(two.expiryCount).toBe(1);
  });
});
