import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { parseOutboundAllowlist } from '../../../lib/outbound.js';
import { maskParams } from '../../blade-log/mask.js';
import { startSupplierServer, type SupplierServer } from '../../../test/supplier-interface.js';
import { supplierDriver } from './index.js';
import { DriverError, type DriverSupplier } from './types.js';

/** Issue 17 item 4: the http driver against a supplier interface on 127.0.0.1. */
const APP_KEY = 'app-key-7781';
const SECRET = 'sup3r-s3cret-value-0042';
const allowLoopback = {
  config: { ...loadConfig({}), outboundAllowlist: parseOutboundAllowlist('127.0.0.1') },
};

let server: SupplierServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const supplier = (endpoint: string, over: Partial<DriverSupplier> = {}): DriverSupplier => ({
  id: '1',
  tenantId: '000000',
  supCode: 'SUP001',
  driver: 'http',
  interfaceEndpoint: endpoint,
  interfaceKey: APP_KEY,
  interfaceSecret: SECRET,
  ...over,
});
const good = { goodCode: 'G001', interfaceGoodCode: 'EXT-9' };

async function failure(call: Promise<unknown>): Promise<DriverError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DriverError);
  const driverError = error as DriverError;
  // Never the credentials, never what the supplier answered.
  for (const secret of [SECRET, APP_KEY, 'LEAKED-BODY'])
    expect(`${driverError.message} ${driverError.stack ?? ''}`).not.toContain(secret);
  return driverError;
}

describe('http supplier driver (issue 17 item 4)', () => {
  it('signs each request so the supplier can verify it, and reads the answers', async () => {
    server = await startSupplierServer({
      appKey: APP_KEY,
      secret: SECRET,
      answer: ({ operation, body }) => {
        const request = JSON.parse(body) as Record<string, unknown>;
        switch (operation) {
          case 'query-balance':
            return { body: { balance: '1234.56' } };
          case 'query-stock':
            return { body: { stock: 17 } };
          case 'fetch-cards':
            return {
              body: {
                cards: Array.from({ length: Number(request.quantity) }, (_, i) => ({
                  code: `C${i}`,
                  pin: '1234',
                  validEnd: '2027-12-31 23:59:59',
                })),
              },
            };
          case 'query-code-status':
            return {
              body: {
                codes: [
                  { code: 'C0', state: 'used', usedTime: '2026-10-01 08:00:00' },
                  { code: 'C1', state: 'unused' },
                ],
              },
            };
          case 'load-stores':
            return {
              body: {
                stores: [
                  { storeCode: 'S1', storeName: '南山店', provinceCode: '44', cityCode: '4403' },
                ],
              },
            };
          default:
            return { status: 404, body: {} };
        }
      },
    });
    const sup = supplier(server.endpoint);
    const driver = supplierDriver(allowLoopback, sup);
    expect(driver.name).toBe('http');

    expect(await driver.queryBalance(sup)).toEqual({ balanceFen: 123456 });
    expect(await driver.queryStock(sup, good)).toEqual({ stock: 17 });
    const cards = await driver.fetchCards(sup, good, { quantity: 2, orderNo: 'SO-7' });
    expect(cards.map((c) => c.code)).toEqual(['C0', 'C1']);
    expect(await driver.queryCodeStatus(sup, ['C0', 'C1'])).toEqual([
      { code: 'C0', state: 'used', usedTime: '2026-10-01 08:00:00' },
      { code: 'C1', state: 'unused' },
    ]);
    expect(await driver.loadStores(sup)).toEqual([
      { storeCode: 'S1', storeName: '南山店', provinceCode: '44', cityCode: '4403' },
    ]);

    expect(server.requests.map((r) => r.operation)).toEqual([
      'query-balance',
      'query-stock',
      'fetch-cards',
      'query-code-status',
      'load-stores',
    ]);
    for (const r of server.requests) {
      expect(r.signed).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
      expect(r.body).not.toContain(SECRET);
    }
    // Nonces differ per request; the good travels by its supplier-side code.
    expect(new Set(server.requests.map((r) => r.headers['x-nonce'])).size).toBe(5);
    expect(JSON.parse(server.requests[2]!.body)).toEqual({
      goodCode: 'EXT-9',
      quantity: 2,
      orderNo: 'SO-7',
    });
  });

  it('maps refusals, failures and malformed answers to clear messages without credentials', async () => {
    let next: () => { status?: number; body: unknown } = () => ({ body: {} });
    server = await startSupplierServer({ appKey: APP_KEY, secret: SECRET, answer: () => next() });
    const sup = supplier(server.endpoint);
    const driver = supplierDriver(allowLoopback, sup);
    const cases: [() => { status?: number; body: unknown }, DriverError['kind'], string][] = [
      [
        () => ({ status: 401, body: { msg: 'LEAKED-BODY bad sign' } }),
        'refused',
        '供应商接口拒绝请求',
      ],
      [() => ({ status: 400, body: 'LEAKED-BODY' }), 'refused', '供应商接口拒绝请求'],
      [
        () => ({ status: 503, body: 'LEAKED-BODY' }),
        'unavailable',
        '供应商接口暂不可用，请稍后重试',
      ],
      [() => ({ body: '<html>LEAKED-BODY' }), 'bad-answer', '供应商接口返回格式错误'],
      [() => ({ body: { balance: 'LEAKED-BODY' } }), 'bad-answer', '供应商接口返回格式错误'],
      [() => ({ body: { balance: 1.005 } }), 'bad-answer', '供应商接口返回格式错误'],
      [() => ({ status: 302, body: {} }), 'bad-answer', '供应商接口返回格式错误'],
    ];
    for (const [answer, kind, message] of cases) {
      next = answer;
      const error = await failure(driver.queryBalance(sup));
      expect([error.kind, error.message]).toEqual([kind, message]);
    }
    // Cards: exactly the quantity asked for, each once.
    next = () => ({ body: { cards: [{ code: 'A' }] } });
    expect((await failure(driver.fetchCards(sup, good, { quantity: 2, orderNo: 'X' }))).kind).toBe(
      'bad-answer',
    );
    next = () => ({ body: { cards: [{ code: 'A' }, { code: 'A' }] } });
    expect((await failure(driver.fetchCards(sup, good, { quantity: 2, orderNo: 'X' }))).kind).toBe(
      'bad-answer',
    );
  });

  it('times out a supplier that does not answer', async () => {
    server = await startSupplierServer({ appKey: APP_KEY, secret: SECRET, answer: () => 'hang' });
    const sup = supplier(server.endpoint);
    const error = await failure(
      supplierDriver(allowLoopback, sup, { timeoutMs: 100 }).queryStock(sup, good),
    );
    expect([error.kind, error.message]).toEqual(['timeout', '供应商接口超时']);
    expect(server.requests).toHaveLength(1);
  });

  it('is unavailable when nothing listens', async () => {
    server = await startSupplierServer({ appKey: APP_KEY, secret: SECRET, answer: () => 'hang' });
    const sup = supplier(server.endpoint);
    await server.close();
    server = undefined;
    const error = await failure(supplierDriver(allowLoopback, sup).loadStores(sup));
    expect([error.kind, error.message]).toEqual(['unavailable', '供应商接口暂不可用，请稍后重试']);
  });

  it('connects only to allowed hosts, over HTTPS unless loopback, with its credentials set', async () => {
    const plain = { config: loadConfig({}) };
    // Loopback without OUTBOUND_ALLOWLIST naming it.
    let sup = supplier('http://127.0.0.1:9/api');
    let error = await failure(supplierDriver(plain, sup).queryBalance(sup));
    expect(error.kind).toBe('not-configured');
    expect(error.message).toContain('OUTBOUND_ALLOWLIST');
    // A public name that resolves to a private address now.
    sup = supplier('https://supplier.example.com/api');
    const lookup = async () => [{ address: '10.0.0.8' }];
    error = await failure(supplierDriver(plain, sup, { lookup }).queryBalance(sup));
    expect(error.kind).toBe('not-configured');
    // Plain http to anything but loopback.
    sup = supplier('http://supplier.example.com/api');
    error = await failure(supplierDriver(plain, sup).queryBalance(sup));
    expect([error.kind, error.message]).toEqual(['not-configured', '供应商接口地址须使用 HTTPS']);
    // No endpoint, key or (readable) secret.
    for (const over of [
      { interfaceEndpoint: null },
      { interfaceKey: '' },
      { interfaceSecret: null },
    ]) {
      sup = supplier('https://supplier.example.com/api', over);
      error = await failure(supplierDriver(plain, sup).queryBalance(sup));
      expect([error.kind, error.message]).toEqual(['not-configured', '供应商接口未配置']);
    }
  });

  it('keeps the interface secret out of the API log', () => {
    const masked = JSON.stringify(
      maskParams({
        interfaceSecret: SECRET,
        interface_secret: SECRET,
        sup: { interfaceSecret: SECRET },
      }),
    );
    expect(masked).not.toContain(SECRET);
  });
});
