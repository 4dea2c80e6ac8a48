import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';

interface Good {
  goodCode: string;
  supName: string;
  marketAmount: number;
  costPrice: number;
  onShelf: number;
  status: number;
  goodType: number;
}

describe('demo supplier goods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('gives each demo tenant ~60 goods across its suppliers, in every state, cost within face value', async () => {
    const token = await t.login('supply', DEMO_PASSWORD);
    const page = data<{ total: number; records: Good[] }>(
      await t.get('/api/blade-quanyi-platform-supplier/sup-good/list', token, { size: '500' }),
    );
    // The client side's copies (demo-client.ts, codes QY001...) are left out: the supplier demo's.
    const goods = page.records.filter((g) => !/^QY\d/.test(g.goodCode));
    expect(goods.length).toBeGreaterThanOrEqual(55);
    expect(goods.length).toBeLessThanOrEqual(65);
    expect(new Set(goods.map((g) => g.supName)).size).toBe(8);
    expect(new Set(goods.map((g) => g.goodType))).toEqual(new Set([1, 2, 3]));
    expect(goods.every((g) => g.costPrice <= g.marketAmount && g.costPrice > 0)).toBe(true);
    expect(goods.some((g) => g.onShelf === 1) && goods.some((g) => g.onShelf === 0)).toBe(true);
    expect(goods.some((g) => g.status === 0)).toBe(true);
    expect(goods.every((g) => g.status === 1 || g.onShelf === 0)).toBe(true);
    const admin = await t.tenantAdminToken();
    const other = data<{ total: number }>(
      await t.get('/api/blade-quanyi-platform-supplier/sup-good/list', admin),
    );
    expect(other.total).toBe(goods.length);
  });
});
