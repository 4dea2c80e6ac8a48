import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';

const API = '/api/blade-quanyi-platform-supplier';

describe('demo stores and store groups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives tenant 000000 about 300 stores in real districts of the regions seed and 10 groups', async () => {
    const supply = await t.login('supply', DEMO_PASSWORD);
    const page = data<{ total: number; records: { regionName: string; supName: string }[] }>(
      await t.get(`${API}/sup-store/list`, supply, { size: '500' }),
    );
    expect(page.total).toBe(300);
    // Every store names its province, city and district, and some supplier.
    for (const r of page.records) {
      expect(r.regionName.split(' / ')).toHaveLength(3);
      expect(r.supName).not.toBe('');
    }
    const inCity = data<{ total: number }>(
      await t.get(`${API}/sup-store/list`, supply, { cityCode: '4403' }),
    );
    expect(inCity.total).toBeGreaterThan(0);
    const disabled = data<{ total: number }>(
      await t.get(`${API}/sup-store/list`, supply, { status: '0' }),
    );
    expect(disabled.total).toBe(30);
    const groups = data<{ total: number; records: { storeCount: number }[] }>(
      await t.get(`${API}/group/listGroupPage`, supply, { size: '50' }),
    );
    expect(groups.total).toBe(10);
    expect(groups.records.every((g) => g.storeCount >= 10)).toBe(true);
    const other = data<{ total: number }>(
      await t.get(`${API}/sup-store/list`, await t.tenantAdminToken()),
    );
    expect(other.total).toBe(40);
  });
});
