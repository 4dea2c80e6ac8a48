import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORBIDDEN_SALE_DAY,
  type ForbiddenDays,
} from '../../../../src/contracts/platform-client/product-good-map.js';
import { PSCLIENT_PRODUCT } from '../../../../src/contracts/platform-client/psclient-product.js';
import { nextId } from '../../../lib/ids.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { businessDay, forbiddenSaleDay } from './forbidden-days.js';
import { audit } from './test-fixtures.js';

/** Forbidden-sale days (issue 27 item 3): Asia/Shanghai business days, per product or for all. */
const API = `/api/${FORBIDDEN_SALE_DAY}`;
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

/** The business day `days` after today. */
const dayAfter = (days: number) => businessDay(new Date(Date.now() + days * 86_400_000));

describe('businessDay', () => {
  it('is the Asia/Shanghai calendar day, not the UTC one', () => {
    // 16:30 UTC is 00:30 the next day in Shanghai (UTC+8).
    expect(businessDay(new Date('2026-03-31T16:30:00Z'))).toBe('2026-04-01');
    expect(businessDay(new Date('2026-03-31T15:59:59Z'))).toBe('2026-03-31');
    expect(businessDay(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(businessDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('forbidden-sale days', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let finance: string;
  let productId: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    finance = await t.login('finance', DEMO_PASSWORD);
    const create = async (productCode: string) =>
      data<{ id: string }>(
        await t.post(`/api/${PSCLIENT_PRODUCT}/submit`, admin, {
          productCode,
          productName: productCode,
          marketAmount: 10,
          salePrice: 9,
          setRule: 'priority',
        }),
      ).id;
    productId = await create('FD-1');
    other = await create('FD-2');
  }, 60_000);
  afterAll(() => t.close());

  const save = (token: string, body: Record<string, unknown>) => t.post(`${API}/save`, token, body);
  const get = async (query: Record<string, string> = { productId }) =>
    data<ForbiddenDays>(await t.get(`${API}/get`, admin, query));

  it('stops a product on its own days and every product on the all-product days', async () => {
    const [d1, d2, d3] = [dayAfter(1), dayAfter(2), dayAfter(3)];
    expect(
      (await save(admin, { productId, days: [{ saleDay: d2, reason: '盘点' }, { saleDay: d1 }] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await save(admin, { productId: null, days: [{ saleDay: d3, reason: '系统维护' }] }))
        .statusCode,
    ).toBe(200);
    const answer = await get();
    expect(answer.today).toBe(businessDay());
    expect(answer.productDays.map((d) => [d.saleDay, d.reason])).toEqual([
      [d1, null],
      [d2, '盘点'],
    ]);
    expect(answer.allProductDays.map((d) => d.saleDay)).toEqual([d3]);
    expect((await get({})).productDays).toEqual([]);

    const db = t.database.db;
    const on = (id: string, day: string) =>
      forbiddenSaleDay(db, { tenantId: '000000', productId: id, day });
    expect(await on(productId, d2)).toEqual({ saleDay: d2, reason: '盘点' });
    expect(await on(other, d2)).toBeUndefined();
    expect(await on(other, d3)).toEqual({ saleDay: d3, reason: '系统维护' });
    expect(await on(productId, d3)).toEqual({ saleDay: d3, reason: '系统维护' });
    expect(await forbiddenSaleDay(db, { tenantId: '100001', productId, day: d3 })).toBeUndefined();
    expect(await on(productId, dayAfter(4))).toBeUndefined();
  });

  it('replaces the future days only; a past day stays and cannot be set', async () => {
    const past = dayAfter(-3);
    await t.database.db
      .insertInto('bladeForbiddenSaleDay')
      .values({
        id: nextId(),
        tenantId: '000000',
        productId,
        saleDay: past,
        reason: '旧',
        ...audit(),
      })
      .execute();
    expect((await save(admin, { productId, days: [{ saleDay: dayAfter(5) }] })).statusCode).toBe(
      200,
    );
    expect((await get()).productDays.map((d) => d.saleDay)).toEqual([dayAfter(5)]);
    expect(
      await forbiddenSaleDay(t.database.db, { tenantId: '000000', productId, day: past }),
    ).toEqual({
      saleDay: past,
      reason: '旧',
    });
    const refused = await save(admin, { productId, days: [{ saleDay: past }] });
    expect([refused.statusCode, msg(refused)]).toEqual([400, 'days.0.saleDay:禁售日不能早于今天']);
    const twice = await save(admin, {
      productId,
      days: [{ saleDay: dayAfter(6) }, { saleDay: dayAfter(6) }],
    });
    expect(msg(twice)).toBe('days.1.saleDay:禁售日不能重复');
    const bad = await save(admin, { productId, days: [{ saleDay: '2026-02-30' }] });
    expect(msg(bad)).toBe('days.0.saleDay:请输入正确的日期（yyyy-MM-dd）');
    // Emptied.
    expect((await save(admin, { productId, days: [] })).statusCode).toBe(200);
    expect((await get()).productDays).toEqual([]);
  });

  it('keeps tenants apart and needs the edit button to save', async () => {
    expect((await t.get(`${API}/get`, tenantAdmin, { productId })).statusCode).toBe(404);
    expect((await save(tenantAdmin, { productId, days: [] })).statusCode).toBe(404);
    expect((await save(finance, { productId, days: [] })).statusCode).toBe(403);
    // The all-product days of another tenant are its own.
    expect(data<ForbiddenDays>(await t.get(`${API}/get`, tenantAdmin)).allProductDays).toEqual([]);
  });
});
