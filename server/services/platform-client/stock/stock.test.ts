import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_STOCK,
  STOCK_CALLS,
  type AppStock,
} from '../../../../src/contracts/platform-client/app-stock.js';
import {
  appStockRecordContract,
  type AppStockRecord,
} from '../../../../src/contracts/platform-client/app-stock-record.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import { PlaceOrderRefusal } from '../order/place-order.js';
import { insertApp, insertClient, insertProduct } from '../test-fixtures.js';
import { changeAppStock, giveBackAppStock, stockMismatches, takeAppStock } from './ledger.js';

/**
 * Client app stock (issue 27 item 6): the ledger (take, give back, change; refusals; concurrent
 * takes never below 0 and every row equal to its records), the calls behind their buttons and
 * Idempotency-Keys, the lists and exports, tenant isolation and permissions.
 */

const T = '000000';
const OTHER = '100001';
const RECORDS = `/api/${appStockRecordContract.service}`;
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('client app stock', () => {
  let t: TestApp;
  let operator: string;
  let finance: string;
  let other: string;
  let appId: string;
  let clientId: string;
  let productA: string;
  let productB: string;
  let theirApp: string;
  let theirProduct: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    operator = await t.login('operator', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
    const { db } = t.app.ctx;
    clientId = await insertClient(db, T, 'STK1');
    appId = (await insertApp(t.app.ctx, T, clientId)).id;
    productA = await insertProduct(db, T, 'STK-A');
    productB = await insertProduct(db, T, 'STK-B');
    const theirClient = await insertClient(db, OTHER, 'STK9');
    theirApp = (await insertApp(t.app.ctx, OTHER, theirClient)).id;
    theirProduct = await insertProduct(db, OTHER, 'STK-Z');
  }, 60_000);
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const post = (path: string, body: unknown, token = operator, key?: string) =>
    t.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const list = async (query: Record<string, string> = {}, token = operator) =>
    data<{ total: number; records: AppStock[] }>(
      await t.get(`/api/${APP_STOCK}/list`, token, { size: '100', ...query }),
    );
  const records = async (query: Record<string, string> = {}) =>
    data<{ total: number; records: AppStockRecord[] }>(
      await t.get(`${RECORDS}/list`, operator, { size: '100', ...query }),
    );
  const stockOf = async (app: string, product: string) =>
    (
      await db()
        .selectFrom('bladeClientAppStock')
        .select(['id', 'quantity'])
        .where('appId', '=', app)
        .where('productId', '=', product)
        .executeTakeFirst()
    )?.quantity;
  const ledgerOf = (app: string, product: string) =>
    db()
      .selectFrom('bladeClientAppStockRecord')
      .select(['changeType', 'quantity', 'quantityAfter', 'orderId'])
      .where('appId', '=', app)
      .where('productId', '=', product)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
  /** A stock row for a fresh app of its own, straight through the submit call. */
  async function freshStock(code: string, quantity: number) {
    const app = (await insertApp(t.app.ctx, T, clientId)).id;
    const product = await insertProduct(db(), T, code);
    const res = await post(STOCK_CALLS.submit, { appId: app, productId: product, quantity });
    expect(res.statusCode, res.body).toBe(200);
    return { app, product, id: data<{ id: string }>(res).id };
  }
  const take = (app: string, product: string, quantity: number, orderId = nextId()) =>
    db()
      .transaction()
      .execute((trx) =>
        takeAppStock(trx, {
          tenantId: T,
          appId: app,
          productId: product,
          quantity,
          orderId,
          orderNo: `NO${orderId}`,
          userId: null,
        }),
      );
  const giveBack = (
    app: string,
    product: string,
    quantity: number,
    changeType: 'fail' | 'return',
    sourceId: string,
  ) =>
    db()
      .transaction()
      .execute((trx) =>
        giveBackAppStock(trx, {
          tenantId: T,
          appId: app,
          productId: product,
          quantity,
          changeType,
          sourceId,
          sourceNo: `R${sourceId}`,
          userId: null,
        }),
      );

  it('creates a row with its opening quantity as an "add" record, one per app and product', async () => {
    const res = await post(STOCK_CALLS.submit, {
      appId,
      productId: productA,
      quantity: 10,
      warnQuantity: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(appId, productA)).toBe(10);
    expect(await ledgerOf(appId, productA)).toMatchObject([
      { changeType: 'add', quantity: 10, quantityAfter: 10 },
    ]);
    const dup = await post(STOCK_CALLS.submit, { appId, productId: productA, quantity: 1 });
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'productId:该应用已有此产品的库存']);
    // Racing creates of one pair: one lands, the others are the same 409.
    const racing = await Promise.all(
      [1, 2, 3, 4].map((q) =>
        post(STOCK_CALLS.submit, { appId, productId: productB, quantity: q }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await stockMismatches(db(), T)).toEqual([]);
  });

  it('refuses a bad create at its fields and names from another tenant', async () => {
    const bad = await post(STOCK_CALLS.submit, { appId: '', productId: productA, quantity: -1 });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      appId: '请选择应用',
      quantity: '库存数量须为0到99999999的整数',
    });
    const theirs = await post(STOCK_CALLS.submit, {
      appId: theirApp,
      productId: theirProduct,
      quantity: 1,
    });
    expect([theirs.statusCode, msg(theirs)]).toEqual([400, 'appId:应用不存在']);
  });

  it('takes for orders, refuses too little with nothing written, and leaves unlimited apps alone', async () => {
    const { app, product } = await freshStock('STK-T', 5);
    await take(app, product, 3);
    expect(await stockOf(app, product)).toBe(2);
    const refused = await take(app, product, 3).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlaceOrderRefusal);
    expect((refused as PlaceOrderRefusal).code).toBe('STOCK_INSUFFICIENT');
    expect((refused as PlaceOrderRefusal).message).toBe('应用库存不足：剩余2，需要3');
    expect(await stockOf(app, product)).toBe(2);
    expect((await ledgerOf(app, product)).map((r) => [r.changeType, r.quantity])).toEqual([
      ['add', 5],
      ['order', -3],
    ]);
    // No row for the product: the app is not limited, nothing is written.
    await take(app, productA, 1000);
    expect(await stockOf(app, productA)).toBeUndefined();
    expect(await ledgerOf(app, productA)).toEqual([]);
  });

  it('gives back at most what an order took, by the order or its return order', async () => {
    const { app, product } = await freshStock('STK-G', 10);
    const failed = nextId();
    await take(app, product, 4, failed);
    await giveBack(app, product, 4, 'fail', failed);
    await giveBack(app, product, 4, 'fail', failed); // again: the order holds nothing
    expect(await stockOf(app, product)).toBe(10);
    // A return names its return order: the order is found through it; parts add up to the take.
    const returned = nextId();
    await take(app, product, 5, returned);
    const returnId = nextId();
    await db()
      .insertInto('bladeClientReturnOrder')
      .values({
        id: returnId,
        tenantId: T,
        returnNo: `RT${returnId}`,
        orderId: returned,
        orderNo: `NO${returned}`,
        outOrderNo: 'X',
        clientId,
        appId: app,
        productId: product,
        quantity: 2,
        amount: 0,
        reason: null,
        supReturnId: null,
        state: 'returned',
        failReason: null,
        finishTime: nowText(),
        createUser: null,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    await giveBack(app, product, 2, 'return', returnId);
    await giveBack(app, product, 9, 'return', returned); // the rest, by the order: 3 at most
    expect(await stockOf(app, product)).toBe(10);
    // An order that took nothing (placed before the row existed, or unknown) gets nothing.
    await giveBack(app, product, 7, 'fail', nextId());
    expect(await stockOf(app, product)).toBe(10);
    expect((await ledgerOf(app, product)).map((r) => [r.changeType, r.quantity])).toEqual([
      ['add', 10],
      ['order', -4],
      ['fail', 4],
      ['order', -5],
      ['return', 2],
      ['return', 3],
    ]);
    expect(await stockMismatches(db(), T)).toEqual([]);
  });

  it('never goes below 0 under concurrent takes, and the row equals its records', async () => {
    const { app, product } = await freshStock('STK-C', 20);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => take(app, product, 1)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(20);
    expect(
      refused.every((o) => (o as PromiseRejectedResult).reason instanceof PlaceOrderRefusal),
    ).toBe(true);
    expect(await stockOf(app, product)).toBe(0);
    const rows = await ledgerOf(app, product);
    expect(rows.filter((r) => r.changeType === 'order')).toHaveLength(20);
    expect(Math.min(...rows.map((r) => r.quantityAfter))).toBe(0);
    expect(await stockMismatches(db(), T)).toEqual([]);
  });

  it('adds and deducts through change, never below 0, once per Idempotency-Key', async () => {
    const { app, product, id } = await freshStock('STK-X', 3);
    const add = await post(STOCK_CALLS.change, { id, quantity: 5, reason: '补充' }, operator, 'k1');
    expect(add.statusCode, add.body).toBe(200);
    const replay = await post(
      STOCK_CALLS.change,
      { id, quantity: 5, reason: '补充' },
      operator,
      'k1',
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(data<AppStock>(add).quantity).toBe(8);
    const under = await post(STOCK_CALLS.change, { id, quantity: -9, reason: '回收' });
    expect([under.statusCode, msg(under)]).toEqual([400, 'quantity:库存不足，扣减后将小于0']);
    const down = await post(STOCK_CALLS.change, { id, quantity: '-8', reason: '回收' });
    expect(data<AppStock>(down).quantity).toBe(0);
    const bad = await post(STOCK_CALLS.change, { id, quantity: 0, reason: '' });
    expect((bad.json() as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      quantity: '变动数量须为不为0的整数，绝对值不超过99999999',
      reason: '请输入变动原因',
    });
    expect(
      (await ledgerOf(app, product)).map((r) => [r.changeType, r.quantity, r.quantityAfter]),
    ).toEqual([
      ['add', 3, 3],
      ['add', 5, 8],
      ['deduct', -8, 0],
    ]);
    await expect(
      changeAppStock(db(), { tenantId: OTHER, id, quantity: 1, reason: null, userId: null }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists rows with names and the warning, filters them, and sets the warning', async () => {
    const { app, id } = await freshStock('STK-W', 4);
    const warn = await post(STOCK_CALLS.warn, { id, warnQuantity: 5 });
    expect(data<AppStock>(warn).warnQuantity).toBe(5);
    const page = await list({ appId: app });
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      id,
      appName: expect.stringMatching(/^应用/) as unknown,
      clientName: '接入方STK1',
      productName: '产品STK-W',
      quantity: 4,
      warnQuantity: 5,
      belowWarning: 1,
    });
    expect((await list({ belowWarning: '1' })).records.map((r) => r.id)).toContain(id);
    expect((await list({ belowWarning: '0' })).records.map((r) => r.id)).not.toContain(id);
    expect((await post(STOCK_CALLS.warn, { id, warnQuantity: null })).statusCode).toBe(200);
    expect((await list({ appId: app })).records[0]).toMatchObject({ belowWarning: 0 });
    const bad = await post(STOCK_CALLS.warn, { id, warnQuantity: -1 });
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'warnQuantity:预警数量须为0到99999999的整数']);
  });

  it('lists the records with their filters', async () => {
    const { app, product } = await freshStock('STK-R', 6);
    await take(app, product, 2);
    const all = await records({ appId: app });
    expect(all.records.map((r) => [r.changeType, r.quantity, r.quantityAfter])).toEqual([
      ['order', -2, 4],
      ['add', 6, 6],
    ]);
    expect(all.records[0]).toMatchObject({
      productName: '产品STK-R',
      sourceNo: expect.any(String),
    });
    expect((await records({ appId: app, changeType: 'add' })).total).toBe(1);
    expect((await records({ productId: product })).total).toBe(2);
    const day = nowText().slice(0, 10);
    const ranged = await records({
      appId: app,
      createTime_dategt: `${day} 00:00:00`,
      createTime_datelt: `${day} 23:59:59`,
    });
    expect(ranged.total).toBe(2);
    expect(
      (
        await records({
          appId: app,
          createTime_dategt: '2000-01-01 00:00:00',
          createTime_datelt: '2000-01-02 00:00:00',
        })
      ).total,
    ).toBe(0);
  });

  /** Every row of an export's sheet as cell texts. */
  const exported = (path: string, query: Record<string, string>, token = operator) =>
    exportSheet(t, { path: `/api/${path}`, token, query });

  it('exports the rows and the records as filtered', async () => {
    const { app, product } = await freshStock('STK-E', 7);
    await take(app, product, 1);
    const stock = await exported(`${APP_STOCK}/export-client-app-stock`, { appId: app });
    expect(stock[0]).toEqual([
      '应用',
      '接入方',
      '产品',
      '库存数量',
      '预警数量',
      '预警状态',
      '更新时间',
    ]);
    expect(stock.slice(1).map((r) => r.slice(1, 6))).toEqual([
      ['接入方STK1', '产品STK-E', 6, undefined, '正常'],
    ]);
    const recs = await exported(`${appStockRecordContract.service}/export`, { appId: app });
    expect(recs.slice(1).map((r) => [r[3], r[4], r[5]])).toEqual([
      ['下单占用', -1, 6],
      ['增加', 7, 7],
    ]);
  });

  it('binds every call to the tenant and to the screen’s buttons', async () => {
    const { app, id } = await freshStock('STK-P', 2);
    // Another tenant sees none of it and cannot change it.
    expect((await list({ appId: app }, other)).total).toBe(0);
    for (const path of [STOCK_CALLS.change, STOCK_CALLS.warn]) {
      const res = await post(path, { id, quantity: 1, reason: 'x', warnQuantity: 1 }, other);
      expect(res.statusCode).toBe(404);
    }
    // A user without the screens is refused every call.
    for (const res of [
      await t.get(`/api/${APP_STOCK}/list`, finance),
      await t.get(`${RECORDS}/list`, finance),
      await post(STOCK_CALLS.submit, { appId, productId: productA, quantity: 1 }, finance),
      await post(STOCK_CALLS.change, { id, quantity: 1, reason: 'x' }, finance),
      await post(STOCK_CALLS.warn, { id, warnQuantity: 1 }, finance),
      await t.post(`/api/${APP_STOCK}/export-client-app-stock`, finance),
    ])
      expect(res.statusCode).toBe(403);
    expect(await stockOf(app, (await list({ appId: app })).records[0]!.productId)).toBe(2);
  });
});
