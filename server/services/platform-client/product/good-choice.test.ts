import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { createTestApp, type TestApp } from '../../../test/support.js';
import { insertCodes, insertGood, insertSupplier } from '../../platform-supplier/test-fixtures.js';
import { chooseGood, orderByRule } from './good-choice.js';
import { audit } from './test-fixtures.js';

/**
 * The good an order takes (issue 27 item 3): each rule's order, and the goods that cannot serve
 * the order skipped (too few codes, disabled, off the shelf, supplier removed or disabled).
 */
describe('chooseGood', () => {
  let t: TestApp;
  const tenantId = '000000';
  const now = () => nowText();

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  }, 60_000);
  afterAll(() => t.close());

  const db = () => t.database.db;
  const product = async (setRule: string) => {
    const id = nextId();
    await db()
      .insertInto('bladePsclientProduct')
      .values({
        id,
        tenantId,
        productCode: `GC${id.slice(-8)}`,
        productName: '选择',
        marketAmount: 5000,
        salePrice: 4900,
        setRule,
        onShelf: 1,
        pictures: null,
        videos: null,
        description: null,
        enabled: 1,
        remark: null,
        ...audit(),
      })
      .execute();
    return id;
  };
  const map = async (productId: string, goodId: string, priority: number, weight = 1) =>
    db()
      .insertInto('bladeProductGoodMap')
      .values({
        id: nextId(),
        tenantId,
        productId,
        goodId,
        priority,
        weight,
        createUser: null,
        createTime: null,
      })
      .execute();
  /** A coupon-code good of a fresh supplier with `codes` unused codes. */
  const good = async (costPrice: number, codes: number, over: { goodType?: number } = {}) => {
    const supId = await insertSupplier(db(), tenantId, `GS${nextId().slice(-8)}`);
    const goodId = await insertGood(db(), tenantId, supId, `GG${nextId().slice(-8)}`, {
      costPrice,
      marketAmount: 5000,
      ...over,
    });
    if (codes > 0) await insertCodes(t.app.ctx, tenantId, supId, goodId, codes);
    return { goodId, supId };
  };

  it('priority: the lowest priority, then the cheaper; skips a good without enough codes', async () => {
    const id = await product('priority');
    const a = await good(4800, 1);
    const b = await good(4600, 5);
    const c = await good(4500, 5);
    await map(id, a.goodId, 1);
    await map(id, b.goodId, 2);
    await map(id, c.goodId, 2);
    const one = await chooseGood(db(), { tenantId, productId: id, quantity: 1, now: now() });
    expect(one).toEqual({
      goodId: a.goodId,
      supId: a.supId,
      goodType: 1,
      costPrice: 4800,
      marketAmount: 5000,
    });
    // Two units: a has one code; of the priority-2 goods the cheaper first.
    const two = await chooseGood(db(), { tenantId, productId: id, quantity: 2, now: now() });
    expect(two?.goodId).toBe(c.goodId);
    expect(
      await chooseGood(db(), { tenantId, productId: id, quantity: 6, now: now() }),
    ).toBeUndefined();
  });

  it('lowestCost: the cheapest first, whatever its priority; expired codes do not count', async () => {
    const id = await product('lowestCost');
    const dear = await good(4900, 3);
    const cheap = await good(4000, 0);
    await insertCodes(t.app.ctx, tenantId, cheap.supId, cheap.goodId, 3, {
      validEnd: '2000-01-01 00:00:00',
    });
    const middle = await good(4200, 3);
    await map(id, dear.goodId, 1);
    await map(id, cheap.goodId, 3);
    await map(id, middle.goodId, 2);
    expect(
      (await chooseGood(db(), { tenantId, productId: id, quantity: 1, now: now() }))?.goodId,
    ).toBe(middle.goodId);
    await insertCodes(t.app.ctx, tenantId, cheap.supId, cheap.goodId, 1);
    expect(
      (await chooseGood(db(), { tenantId, productId: id, quantity: 1, now: now() }))?.goodId,
    ).toBe(cheap.goodId);
  });

  it('weighted: one drawn by weight with the given random, then the rest by priority', async () => {
    const id = await product('weighted');
    const a = await good(4500, 5);
    const b = await good(4500, 5);
    const c = await good(4500, 5);
    await map(id, a.goodId, 1, 20);
    await map(id, b.goodId, 2, 30);
    await map(id, c.goodId, 3, 50);
    const pick = async (r: number, quantity = 1) =>
      (await chooseGood(db(), { tenantId, productId: id, quantity, now: now(), random: () => r }))
        ?.goodId;
    // Cumulative shares in priority order: a [0, 0.2), b [0.2, 0.5), c [0.5, 1).
    expect(await pick(0)).toBe(a.goodId);
    expect(await pick(0.19)).toBe(a.goodId);
    expect(await pick(0.2)).toBe(b.goodId);
    expect(await pick(0.49)).toBe(b.goodId);
    expect(await pick(0.5)).toBe(c.goodId);
    expect(await pick(0.999)).toBe(c.goodId);
    // The drawn one without stock: the rest by priority.
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'issued' })
      .where('goodId', '=', c.goodId)
      .execute();
    expect(await pick(0.9)).toBe(a.goodId);
  });

  it('orders weighted draws in proportion to the weights', () => {
    const candidates = [
      {
        goodId: 'a',
        supId: 's',
        goodType: 2,
        costPrice: 1,
        marketAmount: 1,
        priority: 1,
        weight: 1,
      },
      {
        goodId: 'b',
        supId: 's',
        goodType: 2,
        costPrice: 1,
        marketAmount: 1,
        priority: 2,
        weight: 3,
      },
    ];
    const firsts = Array.from(
      { length: 100 },
      (_, i) => orderByRule('weighted', candidates, () => i / 100)[0]!.goodId,
    );
    expect(firsts.filter((g) => g === 'a')).toHaveLength(25);
    expect(orderByRule('weighted', candidates, () => 0.5).map((c) => c.goodId)).toEqual(['b', 'a']);
  });

  it('skips a disabled or off-shelf good and one whose supplier is removed or disabled', async () => {
    const id = await product('priority');
    const disabled = await good(4000, 5);
    const offShelf = await good(4000, 5);
    const removedSup = await good(4000, 5);
    const disabledSup = await good(4000, 5);
    const last = await good(4900, 0, { goodType: 2 });
    await map(id, disabled.goodId, 1);
    await map(id, offShelf.goodId, 2);
    await map(id, removedSup.goodId, 3);
    await map(id, disabledSup.goodId, 4);
    await map(id, last.goodId, 5);
    await db()
      .updateTable('bladeSupGood')
      .set({ status: 0 })
      .where('id', '=', disabled.goodId)
      .execute();
    await db()
      .updateTable('bladeSupGood')
      .set({ onShelf: 0 })
      .where('id', '=', offShelf.goodId)
      .execute();
    await db()
      .updateTable('bladeSup')
      .set({ isDeleted: 1 })
      .where('id', '=', removedSup.supId)
      .execute();
    await db()
      .updateTable('bladeSup')
      .set({ status: 0 })
      .where('id', '=', disabledSup.supId)
      .execute();
    // A direct-recharge good needs no codes.
    const chosen = await chooseGood(db(), { tenantId, productId: id, quantity: 100, now: now() });
    expect(chosen).toMatchObject({ goodId: last.goodId, goodType: 2, costPrice: 4900 });
    await db()
      .updateTable('bladeSupGood')
      .set({ isDeleted: 1 })
      .where('id', '=', last.goodId)
      .execute();
    expect(
      await chooseGood(db(), { tenantId, productId: id, quantity: 1, now: now() }),
    ).toBeUndefined();
  });

  it('is undefined for a product without goods, removed, or of another tenant', async () => {
    const id = await product('priority');
    expect(
      await chooseGood(db(), { tenantId, productId: id, quantity: 1, now: now() }),
    ).toBeUndefined();
    const g = await good(4000, 2);
    await map(id, g.goodId, 1);
    expect(
      await chooseGood(db(), { tenantId: '100001', productId: id, quantity: 1, now: now() }),
    ).toBeUndefined();
    await db()
      .updateTable('bladePsclientProduct')
      .set({ isDeleted: 1 })
      .where('id', '=', id)
      .execute();
    expect(
      await chooseGood(db(), { tenantId, productId: id, quantity: 1, now: now() }),
    ).toBeUndefined();
  });
});
