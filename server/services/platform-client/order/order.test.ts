import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SERVICE } from '../../../../src/contracts/business-services.js';
import { nextId } from '../../../lib/ids.js';
import { formatDateTime } from '../../../lib/time.js';
import { createTestApp, data, type TestApp } from '../../../test/support.js';
import { changeBalance, ledgerMismatches } from '../../platform-supplier/balance/ledger.js';
import { orderMismatches } from '../../platform-supplier/order/invariants.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { changePrepay, prepayMismatches } from '../prepay/ledger.js';
import {
  insertApp,
  insertClient,
  insertProduct,
  openCall,
  type TestClientApp,
} from '../test-fixtures.js';
import { ClientOrderRecovery } from './recovery.js';

/**
 * Issue 27 items 5-6: the console's order lists and the operator's handling of orders and
 * failed place-orders, each through its lifecycle and the prepay ledger.
 */
describe('client orders in the console', () => {
  let t: TestApp;
  let admin: string;
  const T = '000000';
  let app: TestClientApp;
  let supId: string;
  let goodId: string;
  let emptyGood: string;
  const PRICE = 3000;
  const API = `/api/${CLIENT_SERVICE}`;

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    admin = await t.adminToken();
    const { db } = t.app.ctx;
    supId = await insertSupplier(db, T, 'CON1');
    goodId = await insertGood(db, T, supId, 'CON1-G');
    await insertBalance(db, T, supId, 10_000_000);
    const clientId = await insertClient(db, T, 'CON1');
    app = await insertApp(t.app.ctx, T, clientId, { prepay: 100_000 });
    await insertProduct(db, T, 'P-CON1', { salePrice: PRICE, goodIds: [goodId], appIds: [app.id] });
    // A product whose good has no stock until a test adds some: its orders fail.
    emptyGood = await insertGood(db, T, supId, 'CON1-EMPTY');
    await insertProduct(db, T, 'P-CON2', {
      salePrice: PRICE,
      goodIds: [emptyGood],
      appIds: [app.id],
    });
  }, 60_000);
  afterAll(() => t.close());

  const place = (outOrderNo: string, quantity = 1, productCode = 'P-CON1') =>
    openCall(t, app, 'POST', '/orders', { outOrderNo, productCode, quantity });
  const placeFailing = (outOrderNo: string) => place(outOrderNo, 1, 'P-CON2');
  const balance = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bladePsclientAppPrepay')
          .select('balance')
          .where('appId', '=', app.id)
          .executeTakeFirstOrThrow()
      ).balance,
    );
  const orderOf = (outOrderNo: string) =>
    t.app.ctx.db
      .selectFrom('bladeClientProductOrder')
      .selectAll()
      .where('outOrderNo', '=', outOrderNo)
      .executeTakeFirstOrThrow();
  const failOf = (outOrderNo: string) =>
    t.app.ctx.db
      .selectFrom('bladePlaceOrderFail')
      .selectAll()
      .where('outOrderNo', '=', outOrderNo)
      .executeTakeFirstOrThrow();
  const checks = async () => {
    expect(await prepayMismatches(t.app.ctx.db, T)).toEqual([]);
    expect(await ledgerMismatches(t.app.ctx.db, T)).toEqual([]);
    expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
  };

  it('lists orders with their names, states in the machine, filters and yuan', async () => {
    await insertCodes(t.app.ctx, T, supId, goodId, 3);
    expect((await place('LIST-1')).json().data.state).toBe('success');
    const res = await t.get(`${API}/client-product-order/list`, admin, { outOrderNo: 'LIST-1' });
    expect(res.statusCode).toBe(200);
    const page = data<{ total: number; records: Record<string, unknown>[] }>(res);
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      outOrderNo: 'LIST-1',
      clientName: '接入方CON1',
      productName: '产品P-CON1',
      goodName: '商品CON1-G',
      amount: 30,
      state: 'success',
      source: 'api',
    });
    expect(page.records[0]).not.toHaveProperty('phone');
    const failed = await t.get(`${API}/client-product-order/list`, admin, { state: 'failed' });
    expect(
      data<{ records: { state: string }[] }>(failed).records.every((r) => r.state === 'failed'),
    ).toBe(true);
    // The user's view reads the same orders; another tenant sees none of them.
    const user = await t.get(`${API}/client-user-product-order/list`, admin, {
      outOrderNo: 'LIST-1',
    });
    expect(data<{ total: number }>(user).total).toBe(1);
  });

  it('returns an order from the console (idempotent by key) and lists the return', async () => {
    await insertCodes(t.app.ctx, T, supId, goodId, 2);
    await place('CRET-1', 2);
    const order = await orderOf('CRET-1');
    const before = await balance();
    const send = () =>
      t.inject({
        method: 'POST',
        url: `${API}/client-product-order/return`,
        headers: { 'blade-auth': `bearer ${admin}`, 'idempotency-key': 'ret-key-1' },
        payload: { id: order.id, quantity: 1, reason: '客户申请' },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balance()).toBe(before + PRICE);
    expect((await orderOf('CRET-1')).state).toBe('partReturned');
    const returns = await t.get(`${API}/client-product-order/listReturn`, admin, {
      orderNo: order.orderNo,
    });
    expect(data<{ records: Record<string, unknown>[] }>(returns).records).toMatchObject([
      {
        quantity: 1,
        amount: 30,
        reason: '客户申请',
        state: 'returned',
        appName: `应用${app.appKey}`,
      },
    ]);
    const refused = await t.post(`${API}/client-product-order/return`, admin, {
      id: order.id,
      quantity: 5,
      reason: 'x',
    });
    expect(refused.statusCode).toBe(400);
    await checks();
  });

  it('reissues a failed place-order once stock is back: one charge, settled records', async () => {
    const failed = await placeFailing('RE-1');
    expect(failed.json().data.state).toBe('failed');
    const before = await balance();
    const record = await failOf('RE-1');
    expect(record.state).toBe('open');
    // No stock yet: the reissue fails again, the charge is returned, the record stays open.
    const still = await t.post(`${API}/place-order-fail/reissueFailOrder/${record.id}`, admin);
    expect(still.statusCode).toBe(200);
    expect((await orderOf('RE-1')).state).toBe('failed');
    expect((await failOf('RE-1')).state).toBe('open');
    expect(await balance()).toBe(before);

    await insertCodes(t.app.ctx, T, supId, emptyGood, 1);
    const done = await t.post(`${API}/place-order-fail/reissueFailOrder/${record.id}`, admin);
    expect(done.statusCode).toBe(200);
    expect(data<{ state: string }>(done).state).toBe('reissued');
    const order = await orderOf('RE-1');
    expect(order.state).toBe('success');
    expect(await balance()).toBe(before - PRICE);
    const read = await openCall(t, app, 'GET', '/orders/RE-1');
    expect(read.json().data.codes).toHaveLength(1);
    const twice = await t.post(`${API}/place-order-fail/reissueFailOrder/${record.id}`, admin);
    expect(twice.statusCode).toBe(409);
    await checks();
  });

  it('reissues an order whose supplier order failed in place, settling its error order', async () => {
    const { db } = t.app.ctx;
    const poorSup = await insertSupplier(db, T, 'CON-POOR');
    const poorGood = await insertGood(db, T, poorSup, 'CON-POOR-G');
    await insertCodes(t.app.ctx, T, poorSup, poorGood, 2);
    await insertBalance(db, T, poorSup, 0);
    await insertProduct(db, T, 'P-CON3', {
      salePrice: PRICE,
      goodIds: [poorGood],
      appIds: [app.id],
    });
    const failed = await place('SUPFAIL-1', 1, 'P-CON3');
    expect(failed.json().data.state).toBe('failed');
    expect(failed.json().data.failReason).toContain('余额不足');
    const order = await orderOf('SUPFAIL-1');
    const errorOrder = () =>
      db
        .selectFrom('bladeSupErrorOrder')
        .select('state')
        .where('orderId', '=', order.supOrderId!)
        .executeTakeFirstOrThrow();
    expect((await errorOrder()).state).toBe('open');
    await changeBalance(db, {
      tenantId: T,
      owner: { kind: 'supplier', supId: poorSup },
      amount: 1_000_000,
      changeType: 'add',
    });
    const record = await failOf('SUPFAIL-1');
    const done = await t.post(`${API}/place-order-fail/reissueFailOrder/${record.id}`, admin);
    expect(data<{ state: string }>(done).state).toBe('reissued');
    const after = await orderOf('SUPFAIL-1');
    expect(after).toMatchObject({ state: 'success', supOrderId: order.supOrderId });
    expect((await errorOrder()).state).toBe('reissued');
    await checks();
  });

  it('closes and resends failed place-orders through the machine (409 naming the state after)', async () => {
    await placeFailing('CLOSE-1');
    await placeFailing('RESEND-1');
    const close = await failOf('CLOSE-1');
    const closing = await t.inject({
      method: 'PUT',
      url: `${API}/place-order-fail/closeFailOrder/${close.id}`,
      headers: { 'blade-auth': `bearer ${admin}` },
    });
    expect(closing.statusCode).toBe(200);
    expect((await orderOf('CLOSE-1')).state).toBe('closed');
    expect((await failOf('CLOSE-1')).state).toBe('closed');
    const resend = await failOf('RESEND-1');
    expect(
      (await t.post(`${API}/place-order-fail/resendFailOrder/${resend.id}`, admin)).statusCode,
    ).toBe(200);
    expect((await failOf('RESEND-1')).state).toBe('resent');
    const listed = await t.get(`${API}/place-order-fail/list`, admin, { outOrderNo: 'RESEND-1' });
    expect(data<{ records: Record<string, unknown>[] }>(listed).records).toMatchObject([
      { outOrderNo: 'RESEND-1', state: 'resent', amount: 30, handleUserName: '管理员' },
    ]);
    const late = await t.post(`${API}/place-order-fail/reissueFailOrder/${close.id}`, admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toContain('已关闭');
    // A successful order cannot be cancelled.
    const success = await orderOf('LIST-1');
    const cancel = await t.post(`${API}/client-user-product-order/cancel-order`, admin, {
      id: success.id,
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('recovers an order a dead process left fulfilling: failed, prepay returned, once', async () => {
    const { db } = t.app.ctx;
    const id = nextId();
    const long = formatDateTime(new Date(Date.now() - 600_000));
    await db
      .insertInto('bladeClientProductOrder')
      .values({
        id,
        tenantId: T,
        orderNo: `CO20260101${id}`,
        outOrderNo: 'DEAD-1',
        clientId: app.clientId,
        appId: app.id,
        productId: (await orderOf('LIST-1')).productId,
        goodId: null,
        supOrderId: null,
        quantity: 1,
        salePrice: PRICE,
        amount: PRICE,
        returnedQuantity: 0,
        returnedAmount: 0,
        phone: null,
        phoneMask: null,
        state: 'fulfilling',
        source: 'api',
        lastError: null,
        finishTime: null,
        enabled: 1,
        remark: null,
        createUser: null,
        createDept: null,
        createTime: long,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
        version: 1,
      })
      .execute();
    await changePrepay(db, {
      tenantId: T,
      appId: app.id,
      amount: -PRICE,
      changeType: 'order',
      sourceId: id,
    });
    const before = await balance();
    const recovery = new ClientOrderRecovery(t.app.ctx);
    expect(await recovery.drain()).toBe(1);
    expect(await recovery.drain()).toBe(0);
    expect((await orderOf('DEAD-1')).state).toBe('failed');
    expect((await failOf('DEAD-1')).state).toBe('open');
    expect(await balance()).toBe(before + PRICE);
    await checks();
  });

  it('refuses without a token and shows only the caller tenant', async () => {
    expect((await t.get(`${API}/client-product-order/list`)).statusCode).toBe(401);
    const { db } = t.app.ctx;
    const mine = await orderOf('LIST-1');
    await db
      .insertInto('bladeClientProductOrder')
      .values({
        ...mine,
        id: nextId(),
        tenantId: '100001',
        orderNo: 'CO-OTHER',
        outOrderNo: 'OTHER-1',
      })
      .execute();
    const list = await t.get(`${API}/client-product-order/list`, admin, { outOrderNo: 'OTHER-1' });
    expect(data<{ total: number }>(list).total).toBe(0);
  });
});
