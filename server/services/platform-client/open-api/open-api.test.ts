import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { businessDay } from '../product/forbidden-days.js';
import { prepayMismatches } from '../prepay/ledger.js';
import { changeAppStock, stockMismatches } from '../stock/ledger.js';
import {
  insertApp,
  insertClient,
  insertProduct,
  openCall,
  type TestClientApp,
} from '../test-fixtures.js';

/**
 * Issue 27 "Done when", open API: every refusal is a clear JSON answer with a stable code and
 * nothing changed; a good request places one order, charged once, with its codes.
 */
describe('open order API', () => {
  let t: TestApp;
  const T = '000000';
  let app: TestClientApp;
  let goodId: string;
  let supId: string;
  const PRICE = 4990;

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    const { db } = t.app.ctx;
    supId = await insertSupplier(db, T, 'OPEN1');
    goodId = await insertGood(db, T, supId, 'OPEN1-G', { marketAmount: 5000, costPrice: 4500 });
    await insertCodes(t.app.ctx, T, supId, goodId, 40);
    await insertBalance(db, T, supId, 10_000_000);
    const clientId = await insertClient(db, T, 'CL1');
    app = await insertApp(t.app.ctx, T, clientId, { prepay: 100_000 });
    await insertProduct(db, T, 'P-OPEN-1', {
      salePrice: PRICE,
      goodIds: [goodId],
      appIds: [app.id],
    });
  }, 60_000);
  afterAll(() => t.close());

  const balance = async (appId = app.id) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bladePsclientAppPrepay')
          .select('balance')
          .where('appId', '=', appId)
          .executeTakeFirstOrThrow()
      ).balance,
    );
  const orderCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bladeClientProductOrder')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const order = (outOrderNo: string, extra: Record<string, unknown> = {}) => ({
    outOrderNo,
    productCode: 'P-OPEN-1',
    quantity: 1,
    ...extra,
  });

  it('places an order: prepay charged at the current price, codes answered, read back by outOrderNo', async () => {
    const before = await balance();
    const res = await openCall(
      t,
      app,
      'POST',
      '/orders',
      order('HAPPY-1', { phone: '13800138000' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('OK');
    expect(body.data).toMatchObject({
      outOrderNo: 'HAPPY-1',
      productCode: 'P-OPEN-1',
      quantity: 1,
      salePrice: 49.9,
      amount: 49.9,
      state: 'success',
      failReason: null,
    });
    expect(body.data.orderNo).toMatch(/^CO\d{8}\d{18,19}$/);
    expect(body.data.codes).toHaveLength(1);
    expect(body.data.codes[0].code).toMatch(/^C\d{6}-\d{4}$/);
    expect(await balance()).toBe(before - PRICE);
    // The phone is sealed at rest, only its mask is plain.
    const row = await t.app.ctx.db
      .selectFrom('bladeClientProductOrder')
      .select(['phone', 'phoneMask', 'supOrderId'])
      .where('outOrderNo', '=', 'HAPPY-1')
      .executeTakeFirstOrThrow();
    expect(row.phone).not.toContain('13800138000');
    expect(row.phoneMask).toBe('138****8000');
    expect(row.supOrderId).toBeTruthy();

    const got = await openCall(t, app, 'GET', '/orders/HAPPY-1');
    expect(got.statusCode).toBe(200);
    expect(got.json().data.codes).toEqual(body.data.codes);
    expect(await prepayMismatches(t.app.ctx.db, T)).toEqual([]);
  });

  it('answers the first order for the same outOrderNo again, charging once', async () => {
    const first = await openCall(t, app, 'POST', '/orders', order('REPLAY-1'));
    const before = await balance();
    const again = await openCall(t, app, 'POST', '/orders', order('REPLAY-1'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.orderNo).toBe(first.json().data.orderNo);
    expect(again.json().data.codes).toEqual(first.json().data.codes);
    expect(await balance()).toBe(before);
    const other = await openCall(t, app, 'POST', '/orders', order('REPLAY-1', { quantity: 2 }));
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('OUT_ORDER_NO_CONFLICT');
  });

  it('places one order for one outOrderNo sent 10 times at once', async () => {
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => openCall(t, app, 'POST', '/orders', order('SAME-AT-ONCE'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().data.orderNo)).size).toBe(1);
    const rows = await t.app.ctx.db
      .selectFrom('bladeClientProductOrder')
      .select('id')
      .where('outOrderNo', '=', 'SAME-AT-ONCE')
      .execute();
    expect(rows).toHaveLength(1);
    expect(await balance()).toBe(before - PRICE);
  });

  describe('refusals change nothing', () => {
    const refused = async (
      call: () => ReturnType<typeof openCall>,
      status: number,
      code: string,
    ) => {
      const [orders, money] = [await orderCount(), await balance()];
      const res = await call();
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body.code).toBe(code);
      expect(body.message).toBeTruthy();
      expect(body.messageEn).toMatch(/^[\x20-\x7e±]+$/);
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
      expect(await orderCount()).toBe(orders);
      expect(await balance()).toBe(money);
      return body;
    };

    it('a bad signature', async () => {
      await refused(
        () => openCall(t, app, 'POST', '/orders', order('BAD-SIG'), { secret: 'wrong' }),
        401,
        'SIGNATURE_INVALID',
      );
    });

    it('a signature over another body', async () => {
      const url = '/open/v1/orders';
      const signedFor = JSON.stringify(order('BODY-A'));
      const { signedHeaders } = await import('../test-fixtures.js');
      await refused(
        () =>
          t.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(order('BODY-B', { quantity: 2 })),
            headers: signedHeaders(app, 'POST', url, signedFor),
          }),
        401,
        'SIGNATURE_INVALID',
      );
    });

    it('a missing header and an unknown appKey', async () => {
      await refused(
        () => openCall(t, app, 'POST', '/orders', order('NO-HDR'), { headers: { 'x-nonce': '' } }),
        401,
        'AUTH_MISSING',
      );
      await refused(
        () =>
          openCall(t, { appKey: 'qk-nobody', secret: app.secret }, 'POST', '/orders', order('X')),
        401,
        'APP_UNKNOWN',
      );
    });

    it('a stale timestamp', async () => {
      const stale = String(Math.floor(Date.now() / 1000) - 301);
      await refused(
        () => openCall(t, app, 'POST', '/orders', order('STALE'), { timestamp: stale }),
        401,
        'TIMESTAMP_STALE',
      );
    });

    it('a reused nonce', async () => {
      const nonce = `reuse${nextId()}`;
      const first = await openCall(t, app, 'GET', '/balance', undefined, { nonce });
      expect(first.statusCode).toBe(200);
      await refused(
        () => openCall(t, app, 'POST', '/orders', order('NONCE'), { nonce }),
        401,
        'NONCE_REUSED',
      );
    });

    it('an IP address not on the allowlist', async () => {
      const walled = await insertApp(t.app.ctx, T, app.clientId, {
        prepay: 100_000,
        ipAllowlist: '10.9.8.7\n192.168.1.0/24',
      });
      await insertProduct(t.app.ctx.db, T, 'P-WALL', { goodIds: [goodId], appIds: [walled.id] });
      const body = { outOrderNo: 'WALL-1', productCode: 'P-WALL', quantity: 1 };
      await refused(() => openCall(t, walled, 'POST', '/orders', body), 403, 'IP_DENIED');
      const inside = await openCall(t, walled, 'POST', '/orders', body, { ip: '192.168.1.20' });
      expect(inside.statusCode).toBe(200);
    });

    it('a disabled app', async () => {
      const off = await insertApp(t.app.ctx, T, app.clientId, { prepay: 100_000, enabled: 0 });
      await insertProduct(t.app.ctx.db, T, 'P-OFF', { goodIds: [goodId], appIds: [off.id] });
      await refused(
        () =>
          openCall(t, off, 'POST', '/orders', {
            outOrderNo: 'OFF-1',
            productCode: 'P-OFF',
            quantity: 1,
          }),
        403,
        'APP_DISABLED',
      );
    });

    it('a product the app is not authorised for, and one that does not exist', async () => {
      await insertProduct(t.app.ctx.db, T, 'P-NOT-MINE', { goodIds: [goodId] });
      await refused(
        () => openCall(t, app, 'POST', '/orders', order('AUTH-1', { productCode: 'P-NOT-MINE' })),
        403,
        'PRODUCT_NOT_AUTHORISED',
      );
      await refused(
        () => openCall(t, app, 'POST', '/orders', order('AUTH-2', { productCode: 'P-NONE' })),
        409,
        'PRODUCT_UNAVAILABLE',
      );
    });

    it('a forbidden-sale day', async () => {
      const productId = await insertProduct(t.app.ctx.db, T, 'P-HOLIDAY', {
        goodIds: [goodId],
        appIds: [app.id],
      });
      await t.app.ctx.db
        .insertInto('bladeForbiddenSaleDay')
        .values({
          id: nextId(),
          tenantId: T,
          productId,
          saleDay: businessDay(),
          reason: '测试',
          createUser: null,
          createDept: null,
          createTime: nowText(),
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted: 0,
        })
        .execute();
      await refused(
        () => openCall(t, app, 'POST', '/orders', order('DAY-1', { productCode: 'P-HOLIDAY' })),
        409,
        'FORBIDDEN_SALE_DAY',
      );
    });

    it('too little prepay', async () => {
      const poor = await insertApp(t.app.ctx, T, app.clientId, { prepay: 100 });
      await insertProduct(t.app.ctx.db, T, 'P-POOR', { goodIds: [goodId], appIds: [poor.id] });
      const before = await balance(poor.id);
      const body = await refused(
        () =>
          openCall(t, poor, 'POST', '/orders', {
            outOrderNo: 'POOR-1',
            productCode: 'P-POOR',
            quantity: 1,
          }),
        409,
        'PREPAY_INSUFFICIENT',
      );
      expect(body.detail).toContain('1.00');
      expect(await balance(poor.id)).toBe(before);
    });

    it.each([
      ['not JSON', '{"outOrderNo":'],
      ['an array', '[]'],
      ['a missing field', JSON.stringify({ outOrderNo: 'M-1', quantity: 1 })],
      ['an unknown field', JSON.stringify({ ...order('M-2'), price: 0.01 })],
      ['a quantity of 0', JSON.stringify(order('M-3', { quantity: 0 }))],
      ['a quantity as text', JSON.stringify(order('M-4', { quantity: '1' }))],
      ['a fractional quantity', JSON.stringify(order('M-5', { quantity: 1.5 }))],
      ['a bad outOrderNo', JSON.stringify(order('has space'))],
      ['a bad phone', JSON.stringify(order('M-6', { phone: '12345' }))],
    ])('a malformed body: %s', async (_name, raw) => {
      const body = await refused(
        () => openCall(t, app, 'POST', '/orders', raw),
        400,
        'BAD_REQUEST',
      );
      expect(body.detail).toBeTruthy();
    });
  });

  it('a rate limit per app, with Retry-After', async () => {
    const slow = await insertApp(t.app.ctx, T, app.clientId, { prepay: 0, rateLimit: 2 });
    expect((await openCall(t, slow, 'GET', '/balance')).statusCode).toBe(200);
    expect((await openCall(t, slow, 'GET', '/balance')).statusCode).toBe(200);
    const third = await openCall(t, slow, 'GET', '/balance');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another app's budget is its own.
    expect((await openCall(t, app, 'GET', '/balance')).statusCode).toBe(200);
  });

  it('a failure returns the prepay and opens a place-order-fail the app can read back', async () => {
    const noStock = await insertGood(t.app.ctx.db, T, supId, 'OPEN1-NONE');
    await insertProduct(t.app.ctx.db, T, 'P-EMPTY', { goodIds: [noStock], appIds: [app.id] });
    const before = await balance();
    const res = await openCall(
      t,
      app,
      'POST',
      '/orders',
      order('FAIL-1', { productCode: 'P-EMPTY' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'failed', codes: [] });
    expect(res.json().data.failReason).toBeTruthy();
    expect(await balance()).toBe(before);
    const fail = await t.app.ctx.db
      .selectFrom('bladePlaceOrderFail')
      .select(['state', 'amount'])
      .where('outOrderNo', '=', 'FAIL-1')
      .executeTakeFirstOrThrow();
    expect(fail).toMatchObject({ state: 'open', amount: PRICE });
    const ledger = await t.app.ctx.db
      .selectFrom('bladePrepayRecord')
      .select(['changeType', 'amount'])
      .where('sourceNo', '=', res.json().data.orderNo)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
    expect(ledger.map((r) => [r.changeType, Number(r.amount)])).toEqual([
      ['order', -PRICE],
      ['fail', PRICE],
    ]);
    const read = await openCall(t, app, 'GET', '/orders/FAIL-1');
    expect(read.json().data.state).toBe('failed');
  });

  it('returns an order: codes back to stock, prepay credited, once', async () => {
    const placed = await openCall(t, app, 'POST', '/orders', order('RET-1', { quantity: 2 }));
    expect(placed.json().data.codes).toHaveLength(2);
    // The answer's codes are those the order holds, in the order a read gives them.
    const read = await openCall(t, app, 'GET', '/orders/RET-1');
    expect(read.json().data.codes).toEqual(placed.json().data.codes);
    const before = await balance();
    const part = await openCall(t, app, 'POST', '/orders/RET-1/return', { quantity: 1 });
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toMatchObject({ state: 'partReturned', returnedQuantity: 1 });
    expect(part.json().data.codes).toHaveLength(1);
    const rest = await openCall(t, app, 'POST', '/orders/RET-1/return', { reason: '用户退货' });
    expect(rest.json().data).toMatchObject({
      state: 'returned',
      returnedQuantity: 2,
      returnedAmount: 99.8,
      codes: [],
    });
    expect(await balance()).toBe(before + 2 * PRICE);
    const again = await openCall(t, app, 'POST', '/orders/RET-1/return', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_RETURNABLE');
    expect(await balance()).toBe(before + 2 * PRICE);
    const missing = await openCall(t, app, 'POST', '/orders/NOPE/return', {});
    expect(missing.json().code).toBe('ORDER_NOT_FOUND');
    expect(await prepayMismatches(t.app.ctx.db, T)).toEqual([]);
  });

  it("takes an app's reserved stock and gives it back on a failure or a return", async () => {
    const { db } = t.app.ctx;
    const stocked = await insertApp(t.app.ctx, T, app.clientId, { prepay: 100_000 });
    const productId = await insertProduct(db, T, 'P-STOCKED', {
      goodIds: [goodId],
      appIds: [stocked.id],
    });
    const stock = await db
      .insertInto('bladeClientAppStock')
      .values({
        id: nextId(),
        tenantId: T,
        appId: stocked.id,
        clientId: stocked.clientId,
        productId,
        quantity: 0,
        warnQuantity: null,
        ...{ createUser: null, createDept: null, createTime: nowText(), updateUser: null },
        ...{ updateTime: null, status: 1, isDeleted: 0, version: 1 },
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await changeAppStock(db, {
      tenantId: T,
      id: stock.id,
      quantity: 2,
      reason: '备货',
      userId: null,
    });
    const body = (out: string, quantity: number) => ({
      outOrderNo: out,
      productCode: 'P-STOCKED',
      quantity,
    });
    expect((await openCall(t, stocked, 'POST', '/orders', body('ST-1', 2))).json().data.state).toBe(
      'success',
    );
    const refused = await openCall(t, stocked, 'POST', '/orders', body('ST-2', 1));
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'STOCK_INSUFFICIENT']);
    await openCall(t, stocked, 'POST', '/orders/ST-1/return', { quantity: 1 });
    const left = async () =>
      Number(
        (
          await db
            .selectFrom('bladeClientAppStock')
            .select('quantity')
            .where('id', '=', stock.id)
            .executeTakeFirstOrThrow()
        ).quantity,
      );
    expect(await left()).toBe(1);
    expect(await stockMismatches(db, T)).toEqual([]);
  });

  it('lists the authorised products and the balance', async () => {
    const products = await openCall(t, app, 'GET', '/products');
    expect(products.statusCode).toBe(200);
    const codes = products.json().data.map((p: { productCode: string }) => p.productCode);
    expect(codes).toContain('P-OPEN-1');
    expect(codes).not.toContain('P-NOT-MINE');
    const money = await openCall(t, app, 'GET', '/balance');
    expect(money.json().data.balance).toBe((await balance()) / 100);
  });
});
