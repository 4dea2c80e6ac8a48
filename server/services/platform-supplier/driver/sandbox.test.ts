import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { supplierDriver } from './index.js';
import { sandboxSettings } from './sandbox.js';
import { DriverError, type DriverSupplier } from './types.js';

/** Issue 17 item 4: the embedded supplier interface answers the same every time. */
const config = { ...loadConfig({}), supplierTimeoutMs: 10_000 };
const ctx = { config };

const supplier = (over: Partial<DriverSupplier> = {}): DriverSupplier => ({
  id: '1',
  tenantId: '000000',
  supCode: 'SUP001',
  driver: 'sandbox',
  interfaceEndpoint: null,
  interfaceKey: null,
  interfaceSecret: null,
  ...over,
});
const good = { goodCode: 'G001' };

async function failure(call: Promise<unknown>): Promise<DriverError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DriverError);
  return error as DriverError;
}

describe('sandbox supplier driver (issue 17 item 4)', () => {
  it('answers balance, stock, cards, code states and stores deterministically per supplier', async () => {
    const a = supplierDriver(ctx, supplier());
    const again = supplierDriver(ctx, supplier());
    expect(a.name).toBe('sandbox');

    const balance = await a.queryBalance(supplier());
    expect(Number.isInteger(balance.balanceFen)).toBe(true);
    expect(await again.queryBalance(supplier())).toEqual(balance);

    const stock = await a.queryStock(supplier(), good);
    expect(await again.queryStock(supplier(), good)).toEqual(stock);
    // The supplier-side code is the one the stock is drawn for.
    expect(await a.queryStock(supplier(), { goodCode: 'X', interfaceGoodCode: 'G001' })).toEqual(
      stock,
    );

    // Another supplier has other figures (across a handful of goods at least one differs).
    const other = supplier({ supCode: 'SUP002' });
    const stocks = async (s: DriverSupplier) =>
      Promise.all(['G1', 'G2', 'G3', 'G4'].map((g) => a.queryStock(s, { goodCode: g })));
    expect(await stocks(other)).not.toEqual(await stocks(supplier()));

    const cards = await a.fetchCards(supplier(), good, { quantity: 5, orderNo: 'SO-1' });
    expect(cards).toHaveLength(5);
    for (const card of cards) {
      expect(card.code).toMatch(/^SBX\d{16}$/);
      expect(card.pin).toMatch(/^\d{6}$/);
    }
    expect(new Set(cards.map((c) => c.code)).size).toBe(5);
    // The same order gets the same cards; another order other ones.
    expect(await again.fetchCards(supplier(), good, { quantity: 5, orderNo: 'SO-1' })).toEqual(
      cards,
    );
    const next = await a.fetchCards(supplier(), good, { quantity: 5, orderNo: 'SO-2' });
    expect(next.some((c) => cards.some((d) => d.code === c.code))).toBe(false);

    const codes = [...cards, ...next].map((c) => c.code);
    const states = await a.queryCodeStatus(supplier(), [...codes, 'NOT-OURS']);
    expect(states.map((s) => s.code)).toEqual([...codes, 'NOT-OURS']);
    expect(await again.queryCodeStatus(supplier(), [...codes, 'NOT-OURS'])).toEqual(states);
    expect(states.at(-1)?.state).toBe('invalid');
    for (const s of states) {
      expect(['unused', 'used', 'invalid']).toContain(s.state);
      if (s.state === 'used') expect(s.usedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }

    const stores = await a.loadStores(supplier());
    expect(stores.length).toBeGreaterThanOrEqual(20);
    expect(stores.length).toBeLessThanOrEqual(40);
    expect(await again.loadStores(supplier())).toEqual(stores);
    expect(new Set(stores.map((s) => s.storeCode)).size).toBe(stores.length);
    expect(new Set(stores.map((s) => s.storeName)).size).toBe(stores.length);
    // Region codes of the seed's region tree: province 2 digits, city 4, district 6, nested.
    for (const s of stores) {
      expect(['11', '31', '44']).toContain(s.provinceCode);
      expect(s.cityCode.startsWith(s.provinceCode)).toBe(true);
      expect(s.districtCode?.startsWith(s.cityCode)).toBe(true);
    }
  });

  it('refuses a quantity it cannot serve', async () => {
    const a = supplierDriver(ctx, supplier());
    for (const quantity of [0, -1, 1.5, 1001])
      expect((await failure(a.fetchCards(supplier(), good, { quantity, orderNo: 'X' }))).kind).toBe(
        'refused',
      );
  });

  it('reads latency and failure rate from a sandbox:// endpoint only', () => {
    expect(sandboxSettings('sandbox://?latency=200&failureRate=0.1')).toEqual({
      latencyMs: 200,
      failureRate: 0.1,
    });
    expect(sandboxSettings('https://supplier.example.com/?latency=200&failureRate=1')).toEqual({
      latencyMs: 0,
      failureRate: 0,
    });
    expect(sandboxSettings(null)).toEqual({ latencyMs: 0, failureRate: 0 });
    expect(sandboxSettings('sandbox://?latency=x&failureRate=7')).toEqual({
      latencyMs: 0,
      failureRate: 1,
    });
  });

  it('fails as configured: every call at failureRate=1, by the draw below 1', async () => {
    const failing = supplier({ interfaceEndpoint: 'sandbox://?failureRate=1' });
    const driver = supplierDriver(ctx, failing);
    for (const call of [
      driver.queryBalance(failing),
      driver.queryStock(failing, good),
      driver.fetchCards(failing, good, { quantity: 1, orderNo: 'SO-1' }),
      driver.queryCodeStatus(failing, ['SBX0000000000000000']),
      driver.loadStores(failing),
    ]) {
      const error = await failure(call);
      expect(error.kind).toBe('unavailable');
      expect(error.message).toBe('供应商接口暂不可用，请稍后重试');
    }

    const half = supplier({ interfaceEndpoint: 'sandbox://?failureRate=0.5' });
    const lucky = supplierDriver(ctx, half, { random: () => 0.7 });
    await expect(lucky.queryBalance(half)).resolves.toBeDefined();
    const unlucky = supplierDriver(ctx, half, { random: () => 0.2 });
    expect((await failure(unlucky.queryBalance(half))).kind).toBe('unavailable');
  });

  it('answers after its latency, and times out when the latency is beyond the timeout', async () => {
    const slow = supplier({ interfaceEndpoint: 'sandbox://?latency=30' });
    await expect(
      supplierDriver(ctx, slow, { timeoutMs: 5_000 }).queryBalance(slow),
    ).resolves.toEqual(await supplierDriver(ctx, supplier()).queryBalance(supplier()));

    const tooSlow = supplier({ interfaceEndpoint: 'sandbox://?latency=60000' });
    const error = await failure(
      supplierDriver(ctx, tooSlow, { timeoutMs: 20 }).loadStores(tooSlow),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('供应商接口超时');
    // The configured timeout applies when the caller gives none.
    const configured = { config: { ...config, supplierTimeoutMs: 20 } };
    expect((await failure(supplierDriver(configured, tooSlow).queryBalance(tooSlow))).kind).toBe(
      'timeout',
    );
  });

  it('refuses a driver it does not know', () => {
    for (const driver of ['ftp', 'HTTP ', 'sandbox2'])
      expect(() => supplierDriver(ctx, { driver })).toThrow('供应商接口未配置');
    expect(supplierDriver(ctx, { driver: '' }).name).toBe('sandbox');
  });
});
