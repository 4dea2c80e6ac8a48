import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import { pricePlanLifecycle } from '../../../../machines/lifecycles/price-plan-machine.js';
import {
  PRICE_MANAGEMENT,
  PRICE_PLAN_CALLS,
  PRICE_PLAN_REFUSALS,
  type PricePlan,
  type ProductGoodsCost,
} from '../../../../src/contracts/platform-client/price-plan.js';
import { STALE_VERSION } from '../../../lib/records.js';
import { formatDateTime } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { insertApp, insertClient, insertProduct, openCall } from '../test-fixtures.js';
import { pricePlanScheduler, type PlanOutcome, type PricePlanScheduler } from './scheduler.js';

/**
 * Price plans (issue 27 item 7): the job calls with their refusals, tenant isolation and
 * permissions, and the scheduler applying each due plan exactly once (also with two server
 * processes on one database, and after a restart).
 */
describe('price plans', () => {
  let t: TestApp;
  let finance: string;
  let supply: string;
  let otherTenant: string;
  let goodId: string;
  const T = '000000';
  const LIST = `/api/${PRICE_MANAGEMENT}/list`;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    // The tests drive the scheduler themselves (the restart test starts one with a server).
    await pricePlanScheduler(t.app.ctx).stop();
    finance = await t.login('finance', DEMO_PASSWORD);
    supply = await t.login('supply', DEMO_PASSWORD);
    otherTenant = await t.tenantAdminToken();
    const supId = await insertSupplier(t.app.ctx.db, T, 'PPS1');
    goodId = await insertGood(t.app.ctx.db, T, supId, 'PPS1-G', {
      costPrice: 4500,
      marketAmount: 5000,
    });
    await insertBalance(t.app.ctx.db, T, supId, 10_000_000);
  }, 60_000);
  afterAll(() => t.close());

  /** A fresh product of tenant 000000 (sale price 49.90 yuan). */
  const product = (salePrice = 4990, extra: Parameters<typeof insertProduct>[3] = {}) =>
    insertProduct(t.app.ctx.db, T, `PP${Date.now() % 1e6}${++seq}`, { salePrice, ...extra });
  /** The server clock + `s` seconds as a stored time. */
  const at = (s: number, app = t) => formatDateTime(new Date((app.app.ctx.now() + s) * 1000));
  const post = (path: string, body: object, token = finance, key?: string) =>
    t.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const create = (body: object, token = finance, key?: string) =>
    post(PRICE_PLAN_CALLS.create, body, token, key);
  const planned = async (productId: string, newPrice: number | string, s = 3600) =>
    data<PricePlan>(await create({ productId, newPrice, effectiveTime: at(s), remark: '调价' }));
  const planRow = (id: string) =>
    t.app.ctx.db
      .selectFrom('bladePricePlan')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const productRow = (id: string) =>
    t.app.ctx.db
      .selectFrom('bladePsclientProduct')
      .select(['salePrice', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const msg = (res: { json(): unknown }) => (res.json() as { msg: string }).msg;
  /** Claims until none is due, with every outcome. */
  const claimAll = async (s: PricePlanScheduler) => {
    const out: PlanOutcome[] = [];
    for (let o = await s.claim(); o; o = await s.claim()) out.push(o);
    return out;
  };
  /** Runs `work` with the clocks of `apps` `s` seconds ahead. */
  const later = async <R>(s: number, work: () => Promise<R>, apps = [t]) => {
    for (const a of apps) a.advance(s);
    try {
      return await work();
    } finally {
      for (const a of apps) a.advance(-s);
    }
  };

  it('creates a pending plan with the current price as the old one; the list says who and when', async () => {
    const productId = await product(4990, { goodIds: [goodId] });
    const plan = await planned(productId, '59.9');
    expect(plan).toMatchObject({ productId, oldPrice: 49.9, newPrice: 59.9, state: 'pending' });
    const page = data<{ records: PricePlan[]; total: number }>(
      await t.get(LIST, finance, { productId }),
    );
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      id: plan.id,
      productName: expect.stringMatching(/^产品PP/),
      productCode: expect.stringMatching(/^PP/),
      oldPrice: 49.9,
      newPrice: 59.9,
      state: 'pending',
      remark: '调价',
      createUserName: '赵财务',
      appliedTime: '',
      version: 1,
    });
    // Filters: state and the effective-time range.
    const count = async (q: Record<string, string>) =>
      data<{ total: number }>(await t.get(LIST, finance, { productId, ...q })).total;
    expect(await count({ state: 'pending' })).toBe(1);
    expect(await count({ state: 'applied' })).toBe(0);
    expect(await count({ effectiveTime_datege: at(3000), effectiveTime_datele: at(4000) })).toBe(1);
    expect(await count({ effectiveTime_datege: at(4000) })).toBe(0);
  });

  it('goods-2-product answers the price and the mapped goods with their costs', async () => {
    const productId = await product(4990, { goodIds: [goodId] });
    const goods = data<ProductGoodsCost>(
      await t.get(`/api/${PRICE_PLAN_CALLS.goods}`, finance, { productId }),
    );
    expect(goods).toMatchObject({ productId, salePrice: 49.9, marketAmount: 50 });
    expect(goods.goods).toEqual([
      expect.objectContaining({ goodId, goodName: '商品PPS1-G', costPrice: 45, marketAmount: 50 }),
    ]);
  });

  it('refuses a past time, a bad time, a price not above 0 or too large, another tenant’s product', async () => {
    const productId = await product();
    const refused = async (body: object, message: string) => {
      const res = await create({ productId, newPrice: 10, effectiveTime: at(60), ...body });
      expect([res.statusCode, msg(res)]).toEqual([400, message]);
    };
    await refused({ effectiveTime: at(-60) }, `effectiveTime:${PRICE_PLAN_REFUSALS.past.zh}`);
    await refused({ effectiveTime: at(0) }, `effectiveTime:${PRICE_PLAN_REFUSALS.past.zh}`);
    await refused(
      { effectiveTime: '2099-02-30 10:00:00' },
      `effectiveTime:${PRICE_PLAN_REFUSALS.effectiveTime.zh}`,
    );
    await refused(
      { effectiveTime: '2099-01-01' },
      `effectiveTime:${PRICE_PLAN_REFUSALS.effectiveTime.zh}`,
    );
    await refused({ effectiveTime: '' }, 'effectiveTime:请选择生效时间');
    const range = 'newPrice:新价格须为0.01到9999999999.99元的金额（最多两位小数）';
    for (const newPrice of [0, -1, '0.001', '1.234', 'abc', '10000000000', 1e20])
      await refused({ newPrice }, range);
    await refused({ newPrice: '' }, 'newPrice:请输入新价格');
    await refused({ newPrice: null }, 'newPrice:请输入新价格');
    const foreign = await insertProduct(t.app.ctx.db, DEMO_TENANT, `PPX${Date.now() % 1e6}`);
    await refused({ productId: foreign }, 'productId:产品不存在');
    await refused({ productId: '' }, 'productId:请选择产品');
    // One second ahead is the earliest time taken.
    expect((await create({ productId, newPrice: 10, effectiveTime: at(1) })).statusCode).toBe(200);
  });

  it('is idempotent by Idempotency-Key', async () => {
    const productId = await product();
    const body = { productId, newPrice: 12, effectiveTime: at(600) };
    const key = `pp-${Date.now()}`;
    const [a, b] = await Promise.all([create(body, finance, key), create(body, finance, key)]);
    expect(data<PricePlan>(a).id).toBe(data<PricePlan>(b).id);
    expect(data<{ total: number }>(await t.get(LIST, finance, { productId })).total).toBe(1);
  });

  it('changes a pending plan (version-checked); a void or applied one is refused naming its state', async () => {
    const productId = await product();
    const plan = await planned(productId, 20);
    const update = (body: object) => post(PRICE_PLAN_CALLS.update, body);
    const changed = data<PricePlan>(
      await update({ id: plan.id, version: 1, newPrice: 21.5, effectiveTime: at(120), remark: '' }),
    );
    expect(changed).toMatchObject({ newPrice: 21.5, effectiveTime: at(120), remark: null });
    expect(changed.version).toBe(2);
    const stale = await update({ id: plan.id, version: 1, newPrice: 22, effectiveTime: at(120) });
    expect([stale.statusCode, msg(stale)]).toEqual([409, STALE_VERSION]);
    const past = await update({ id: plan.id, newPrice: 22, effectiveTime: at(-1) });
    expect(past.statusCode).toBe(400);
    const noReason = await post(PRICE_PLAN_CALLS.void, { id: plan.id });
    expect([noReason.statusCode, msg(noReason)]).toEqual([
      400,
      `reason:${PRICE_PLAN_REFUSALS.reason.zh}`,
    ]);

    const voided = data<PricePlan>(
      await post(PRICE_PLAN_CALLS.void, { id: plan.id, reason: '不调了' }),
    );
    expect(voided.state).toBe('void');
    const row = data<{ records: PricePlan[] }>(await t.get(LIST, finance, { productId }))
      .records[0]!;
    expect(row).toMatchObject({ state: 'void', voidUserName: '赵财务', voidReason: '不调了' });
    expect(row.voidTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const named = refusedMessage(pricePlanLifecycle, 'void');
    expect(named).toBe('调价计划当前状态为「已作废」，不能执行此操作');
    const again = await post(PRICE_PLAN_CALLS.void, { id: plan.id, reason: '再作废' });
    expect([again.statusCode, msg(again)]).toEqual([409, named]);
    const edit = await update({ id: plan.id, newPrice: 30, effectiveTime: at(300) });
    expect([edit.statusCode, msg(edit)]).toEqual([409, named]);

    const due = await planned(productId, 25, 30);
    await later(60, () => pricePlanScheduler(t.app.ctx).drain());
    const applied = refusedMessage(pricePlanLifecycle, 'applied');
    for (const res of [
      await update({ id: due.id, newPrice: 30, effectiveTime: at(300) }),
      await post(PRICE_PLAN_CALLS.void, { id: due.id, reason: '晚了' }),
    ])
      expect([res.statusCode, msg(res)]).toEqual([409, applied]);
    expect(Number((await productRow(productId)).salePrice)).toBe(2500);
  });

  it('keeps tenants apart and asks for the screen’s buttons', async () => {
    const productId = await product();
    const plan = await planned(productId, 20);
    const theirs = data<{ records: PricePlan[] }>(await t.get(LIST, otherTenant, { productId }));
    expect(theirs.records).toEqual([]);
    const update = { id: plan.id, newPrice: 30, effectiveTime: at(300) };
    expect((await post(PRICE_PLAN_CALLS.update, update, otherTenant)).statusCode).toBe(404);
    const voidBody = { id: plan.id, reason: 'x' };
    expect((await post(PRICE_PLAN_CALLS.void, voidBody, otherTenant)).statusCode).toBe(404);
    expect(
      (await t.get(`/api/${PRICE_PLAN_CALLS.goods}`, otherTenant, { productId })).statusCode,
    ).toBe(404);
    expect(
      (await t.get(`/api/${PRICE_MANAGEMENT}/detail`, otherTenant, { id: plan.id })).statusCode,
    ).toBe(404);

    const body = { productId, newPrice: 1, effectiveTime: at(60) };
    for (const res of [
      await t.get(LIST, supply),
      await t.get(`/api/${PRICE_PLAN_CALLS.goods}`, supply, { productId }),
      await create(body, supply),
      await post(PRICE_PLAN_CALLS.update, update, supply),
      await post(PRICE_PLAN_CALLS.void, voidBody, supply),
    ])
      expect(res.statusCode).toBe(403);
    // The engine's submit and remove are not served under price-management.
    expect((await post(`${PRICE_MANAGEMENT}/submit`, body)).statusCode).toBe(404);
    expect((await post(`${PRICE_MANAGEMENT}/remove`, {})).statusCode).toBe(404);
    expect((await planRow(plan.id)).state).toBe('pending');
  });

  it('applies a due plan once: the sale price changes and new orders pay it', async () => {
    const clientId = await insertClient(t.app.ctx.db, T, `PPC${Date.now() % 1e5}`);
    const app = await insertApp(t.app.ctx, T, clientId, { prepay: 1_000_000 });
    const productId = await product(4990, { goodIds: [goodId], appIds: [app.id] });
    const { productCode } = await t.app.ctx.db
      .selectFrom('bladePsclientProduct')
      .select('productCode')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    await insertCodes(t.app.ctx, T, (await productGood()).supId, goodId, 2);
    const plan = await planned(productId, '39.9', 30);
    const notYet = await planned(productId, '45', 3600);
    const scheduler = pricePlanScheduler(t.app.ctx);
    const before = await productRow(productId);
    expect(await claimAll(scheduler)).not.toContainEqual(expect.objectContaining({ id: plan.id }));
    expect((await planRow(plan.id)).state).toBe('pending');

    const outcomes = await later(60, () => claimAll(scheduler));
    expect(outcomes.filter((o) => o.id === plan.id)).toEqual([
      { id: plan.id, tenantId: T, productId, outcome: 'applied', price: 3990 },
    ]);
    expect(await later(60, () => claimAll(scheduler))).toEqual([]);
    const applied = await planRow(plan.id);
    expect(applied).toMatchObject({ state: 'applied', appliedPrice: 3990, version: 2 });
    expect(applied.appliedTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await productRow(productId)).toEqual({
      salePrice: 3990,
      version: Number(before.version) + 1,
    });
    expect((await planRow(notYet.id)).state).toBe('pending');

    const order = await openCall(t, app, 'POST', '/orders', {
      outOrderNo: `PP-${Date.now()}`,
      productCode,
      quantity: 2,
    });
    expect(order.statusCode).toBe(200);
    const placed = await t.app.ctx.db
      .selectFrom('bladeClientProductOrder')
      .select(['salePrice', 'amount', 'state'])
      .where('productId', '=', productId)
      .executeTakeFirstOrThrow();
    expect(placed).toEqual({ salePrice: 3990, amount: 7980, state: 'success' });
  });

  const productGood = () =>
    t.app.ctx.db
      .selectFrom('bladeSupGood')
      .select('supId')
      .where('id', '=', goodId)
      .executeTakeFirstOrThrow();

  it('applies two plans of one product due at once in effective-time order; a removed product’s plan is void', async () => {
    const productId = await product();
    // The later one is made first: the id order is not the effective order.
    const second = await planned(productId, 30, 40);
    const first = await planned(productId, 20, 20);
    const gone = await product();
    const orphan = await planned(gone, 15, 20);
    await t.app.ctx.db
      .updateTable('bladePsclientProduct')
      .set({ isDeleted: 1 })
      .where('id', '=', gone)
      .execute();
    await later(60, () => pricePlanScheduler(t.app.ctx).drain());
    expect(Number((await productRow(productId)).salePrice)).toBe(3000);
    const [a, b] = [await planRow(first.id), await planRow(second.id)];
    expect([a.state, b.state]).toEqual(['applied', 'applied']);
    expect(a.appliedTime! <= b.appliedTime!).toBe(true);
    expect(await planRow(orphan.id)).toMatchObject({
      state: 'void',
      voidReason: PRICE_PLAN_REFUSALS.productRemoved.zh,
      voidUser: null,
      appliedTime: null,
    });
  });

  it('two server processes on one database apply each due plan once', async () => {
    const other = await createTestApp({ sameDatabaseAs: t, demo: false });
    try {
      await other.app.ready();
      await pricePlanScheduler(other.app.ctx).stop();
      const products = await Promise.all([product(), product(), product(), product()]);
      const plans: { id: string; productId: string; price: number }[] = [];
      for (const [i, productId] of products.entries())
        for (let k = 0; k < 3; k++) {
          const price = 1000 + i * 100 + k;
          const p = await planned(productId, price / 100, 10 + k * 5);
          plans.push({ id: p.id, productId, price });
        }
      const before = new Map(
        await Promise.all(
          products.map(async (id) => [id, Number((await productRow(id)).version)] as const),
        ),
      );
      const [s1, s2] = [pricePlanScheduler(t.app.ctx), pricePlanScheduler(other.app.ctx)];
      const outcomes = (
        await later(
          60,
          () => Promise.all([claimAll(s1), claimAll(s2), claimAll(s1), claimAll(s2)]),
          [t, other],
        )
      ).flat();
      const mine = new Set(plans.map((p) => p.id));
      const applied = outcomes.filter((o) => mine.has(o.id) && o.outcome === 'applied');
      expect(applied.map((o) => o.id).sort()).toEqual([...mine].sort());
      for (const p of plans)
        expect(await planRow(p.id)).toMatchObject({
          state: 'applied',
          appliedPrice: p.price,
          version: 2,
        });
      for (const [i, productId] of products.entries())
        expect(await productRow(productId)).toEqual({
          salePrice: 1000 + i * 100 + 2,
          version: before.get(productId)! + 3,
        });
    } finally {
      await other.close();
    }
  });

  it('a restarted server applies the plans that fell due while none ran', async () => {
    const productId = await product();
    const plan = await planned(productId, 66, 30);
    // No scheduler runs here (stopped); a new server on the same database starts its own.
    const restarted = await createTestApp({ sameDatabaseAs: t, demo: false });
    try {
      restarted.advance(60);
      await restarted.app.ready();
      const until = Date.now() + 10_000;
      while ((await planRow(plan.id)).state === 'pending' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      expect(await planRow(plan.id)).toMatchObject({ state: 'applied', appliedPrice: 6600 });
      expect(Number((await productRow(productId)).salePrice)).toBe(6600);
    } finally {
      await restarted.close();
    }
  });
});
